import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserPage, UserSummary } from '@partage/graphql';
import { ApiError } from '../../../lib/api/errors';
import { fill, renderAt, signIn } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';

const person = (n: number, overrides: Partial<UserSummary> = {}): UserSummary => ({
  id: `u-${n}`,
  email: `personne${n}@exemple.ca`,
  firstName: 'Personne',
  lastName: `Numéro ${n}`,
  publicName: `Personne N.`,
  type: 'USER',
  emailConfirmed: true,
  lockedOut: false,
  createdAt: '2026-03-15T14:00:00.000Z',
  organizationName: `Organisme ${n}`,
  ...overrides,
});
const page = (from: number, count: number, nextToken: string | null = null): UserPage => ({
  items: Array.from({ length: count }, (_, i) => person(from + i)),
  nextToken,
});

/** Answers `users` like the API: by search and token. */
function usersApi(pages: Record<string, UserPage>) {
  return answerOperations({
    users: (variables: { search: string | null; nextToken: string | null }) =>
      pages[`${variables.search ?? ''}|${variables.nextToken ?? ''}`] ?? page(0, 0),
  });
}

async function openList(path = '/gestion-utilisateurs') {
  signIn('ADMIN', 'admin-1');
  const view = renderAt(path);
  await screen.findByRole('heading', { level: 1, name: 'User management' });
  return { ...view, search: screen.getByRole('searchbox', { name: 'Search for a user' }) };
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1);
const status = () => screen.getAllByRole('status').find((element) => element.classList.contains('user-results__summary'))!;

describe('user list', () => {
  it('shows each user’s name, e-mail, organisation, type, confirmation, lockout and creation date', async () => {
    usersApi({
      '|': {
        items: [person(1, { type: 'ADMIN', organizationName: null, emailConfirmed: false }), person(2, { lockedOut: true })],
        nextToken: null,
      },
    });
    await openList();
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 2 users.'));
    const [first, second] = rows();
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Personne Numéro 1');
    expect(within(first!).getByRole('link', { name: 'Personne Numéro 1' })).toHaveAttribute(
      'href',
      '/gestion-utilisateurs/modifier-utilisateur/u-1',
    );
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['personne1@exemple.ca', '—', 'Administrator', 'No', 'No', 'Mar 15, 2026']);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['personne2@exemple.ca', 'Organisme 2', 'User', 'Yes', 'Locked out', 'Mar 15, 2026']);
    expect(screen.getByRole('columnheader', { name: 'Locked out' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'List pages' })).toBeNull();
  });

  it('links to the creation of an administrator and of a user', async () => {
    usersApi({});
    await openList();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Create an administrator' })).toHaveAttribute(
      'href',
      '/gestion-utilisateurs/creer-administrateur',
    );
    expect(main.getByRole('link', { name: 'Create a user' })).toHaveAttribute('href', '/gestion-utilisateurs/creer-utilisateur');
  });

  it('pages forward and back with the server’s tokens, 20 at a time', async () => {
    const api = usersApi({ '|': page(1, 20, 'tok-2'), '|tok-2': page(21, 20, 'tok-3'), '|tok-3': page(41, 5) });
    const { user } = await openList();
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 20 users.'));
    const previous = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await user.click(next);
    await waitFor(() => expect(status()).toHaveTextContent('Page 2: 20 users.'));
    expect(rows()[0]).toHaveTextContent('personne21@exemple.ca');
    await user.click(next);
    await waitFor(() => expect(status()).toHaveTextContent('Page 3: 5 users.'));
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(status()).toHaveTextContent('Page 3: 5 users.');

    await user.click(previous);
    await waitFor(() => expect(status()).toHaveTextContent('Page 2: 20 users.'));
    await user.click(previous);
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 20 users.'));
    expect(rows()[0]).toHaveTextContent('personne1@exemple.ca');
    expect(api.calls('users')).toContainEqual({ search: null, limit: 20, nextToken: 'tok-3' });
    expect(api.calls('users')[0]).toEqual({ search: null, limit: 20, nextToken: null });
  });

  it('searches as one types, keeping the search in the address', async () => {
    const api = usersApi({ '|': page(1, 3), 'trem|': { items: [person(7, { lastName: 'Tremblay' })], nextToken: null } });
    const { user, search, location } = await openList();
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 3 users.'));
    await fill(user, search, 'trem');
    await waitFor(() => expect(location()).toBe('/gestion-utilisateurs?recherche=trem'));
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 1 user.'));
    expect(rows()[0]).toHaveTextContent('Personne Tremblay');
    // One call per pause, not per key.
    expect(api.calls('users').map((variables) => (variables as { search: string | null }).search)).toEqual([null, 'trem']);
  });

  it('searches at once on Enter, and back and forward go through the searches', async () => {
    usersApi({ '|': page(1, 3), 'marie|': page(1, 1), 'roy|': page(2, 2) });
    const { user, search, router, location } = await openList();
    await fill(user, search, 'marie');
    await user.keyboard('{Enter}');
    expect(location()).toBe('/gestion-utilisateurs?recherche=marie');
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 1 user.'));
    await user.clear(search);
    await fill(user, search, 'roy');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 2 users.'));

    await act(() => router.navigate(-1));
    expect(search).toHaveValue('marie');
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 1 user.'));
    await act(() => router.navigate(-1));
    expect(search).toHaveValue('');
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 3 users.'));
    await act(() => router.navigate(1));
    expect(search).toHaveValue('marie');
  });

  it('starts a new search at its first page', async () => {
    usersApi({ '|': page(1, 20, 'tok-2'), '|tok-2': page(21, 20), 'per|': page(1, 20, 'tok-x') });
    const { user, search } = await openList();
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 20 users.'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(status()).toHaveTextContent('Page 2: 20 users.'));
    await fill(user, search, 'per');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 20 users.'));
  });

  it('opens on the search of the address', async () => {
    const api = usersApi({ 'roy|': page(2, 2) });
    const { search } = await openList('/gestion-utilisateurs?recherche=roy');
    expect(search).toHaveValue('roy');
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 2 users.'));
    expect(api.calls('users')).toEqual([{ search: 'roy', limit: 20, nextToken: null }]);
  });

  it('says when nothing matches', async () => {
    usersApi({});
    await openList('/gestion-utilisateurs?recherche=zzz');
    await waitFor(() => expect(status()).toHaveTextContent('No user matches “zzz”.'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reports a failure and tries again on demand', async () => {
    answerOperations({ users: [new ApiError('INTERNAL', 'boom'), page(1, 2)] });
    const { user } = await openList();
    await waitFor(() => expect(status()).toHaveTextContent('The list could not be loaded.'));
    expect(screen.getByText('An unexpected error has occurred.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(status()).toHaveTextContent('Page 1: 2 users.'));
  });

  it('is for administrators: a user goes to the root', async () => {
    signIn('USER');
    answerOperations({});
    const { location } = renderAt('/gestion-utilisateurs');
    await waitFor(() => expect(location()).not.toBe('/gestion-utilisateurs'));
    expect(location()).toMatch(/^\/(annonces)?$/);
  });

  it('speaks French', async () => {
    const { i18n } = await import('../../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    usersApi({ '|': page(1, 1) });
    signIn('ADMIN', 'admin-1');
    renderAt('/gestion-utilisateurs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestion des utilisateurs' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' })).toBeVisible();
    await waitFor(() => expect(status()).toHaveTextContent('Page 1 : 1 utilisateur.'));
    expect(within(screen.getByRole('table', { name: 'Utilisateurs' })).getByText('15 mars 2026')).toBeVisible();
  });
});
