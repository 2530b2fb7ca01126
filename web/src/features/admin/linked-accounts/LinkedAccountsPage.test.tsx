import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT_NAME } from '@partage/graphql';
import { i18n } from '../../../lib/i18n/i18n';
import { storedMe } from '../../../lib/profile-form/test-profiles';
import { answerOperations } from '../../../test/fake-api';
import { renderAt, signIn } from '../../../test/helpers';

beforeAll(() => i18n.loadNamespaces(['admin']));

const account = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  publicName: `Traiteur ${id}`,
  email: `${id}@exemple.ca`,
  organizationName: 'Traiteur Lumière',
  ...overrides,
});

describe('admin: linked accounts', () => {
  it('lists each pair, its accounts and the signals they share with since when, page by page, from the users screen', async () => {
    signIn('ADMIN', 'admin-1');
    const api = answerOperations({
      me: storedMe('admin-1', { type: 'ADMIN' }, { acceptedTos: null }),
      users: { items: [], nextToken: null },
      linkedAccountPairs: [
        {
          items: [
            {
              firstSeenAt: '2026-07-02T14:30:00.000Z',
              accounts: [account('u-1'), account('u-2', { organizationName: null })],
              signals: [
                { signal: 'CARD', since: '2026-07-02T14:30:00.000Z' },
                { signal: 'SOURCE_ADDRESS', since: '2026-07-05T09:00:00.000Z' },
              ],
            },
          ],
          nextToken: 'next',
        },
        {
          items: [
            {
              firstSeenAt: '2026-06-01T12:00:00.000Z',
              accounts: [account('u-3'), account('u-4', { publicName: DELETED_ACCOUNT_NAME, email: null, organizationName: null })],
              signals: [{ signal: 'BANK_ACCOUNT', since: '2026-06-01T12:00:00.000Z' }],
            },
          ],
          nextToken: null,
        },
      ],
    });
    const { user } = renderAt('/gestion-utilisateurs');
    await user.click(await screen.findByRole('link', { name: 'Linked accounts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Linked accounts' })).toBeVisible();
    const table = within(await screen.findByRole('table', { name: 'Linked accounts' }));
    const [, first] = table.getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Jul 2, 2026, 2:30 p.m.',
      'Traiteur u-1 · Traiteur Lumière · u-1@exemple.caTraiteur u-2 · u-2@exemple.ca',
      'Same payment card since Jul 2, 2026, 2:30 p.m.Same network address since Jul 5, 2026, 9:00 a.m.',
    ]);
    expect(within(first!).getByRole('link', { name: 'Traiteur u-1' })).toHaveAttribute(
      'href',
      '/gestion-utilisateurs/modifier-utilisateur/u-1',
    );

    await user.click(screen.getByRole('button', { name: 'Older pairs' }));
    expect(await table.findByText('Same bank account', { exact: false })).toBeVisible();
    expect(table.getByText('Deleted account')).toBeVisible();
    expect(api.calls('linkedAccountPairs')).toEqual([
      { limit: null, nextToken: null },
      { limit: null, nextToken: 'next' },
    ]);
  });

  it('says when no pair was found', async () => {
    signIn('ADMIN', 'admin-1');
    answerOperations({
      me: storedMe('admin-1', { type: 'ADMIN' }, { acceptedTos: null }),
      linkedAccountPairs: { items: [], nextToken: null },
    });
    renderAt('/gestion-utilisateurs/comptes-lies');
    expect(await screen.findByText('No linked accounts yet.')).toBeVisible();
  });
});
