import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Me } from '@partage/graphql';
import { ApiError } from '../../../lib/api/errors';
import { getSession } from '../../../lib/auth/session';
import { answerOperations, callsOf } from '../../../test/fake-api';
import { renderAt, signIn } from '../../../test/helpers';
import { useSessionUser } from '../session-user/session-user';
import { aMe } from '../session-user/test-fixtures';

/** Answers `me` with each of `answers` in turn (the last one stays), and the terms acceptance with `acceptTos`. */
function answer(
  answers: Me[],
  acceptTos: () => unknown = () => ({ acceptTos: { id: 'user-1', hasAcceptedLatest: true, latestVersionAvailable: '2026-06' } }),
) {
  answerOperations({ me: answers, acceptTos: () => (acceptTos() as { acceptTos: unknown }).acceptTos });
}

const pending = (latestVersionAvailable = '2026-06', changes: Parameters<typeof aMe>[0] = {}) =>
  aMe({ ...changes, profile: { acceptedTos: { id: 'user-1', hasAcceptedLatest: false, latestVersionAvailable } } });
const accepted = aMe({ profile: { acceptedTos: { id: 'user-1', hasAcceptedLatest: true, latestVersionAvailable: '2026-06' } } });

async function openAsUser(path = '/accueil') {
  signIn('USER');
  const view = renderAt(path);
  const dialog = await screen.findByRole('dialog', { name: 'Terms of use' });
  return { ...view, dialog };
}

describe('terms dialog', () => {
  beforeEach(() => {
    renderHook(() => useSessionUser()).unmount();
  });

  it('blocks the user with the latest version and both documents until they accept', async () => {
    answer([pending(), accepted]);
    const { user, dialog } = await openAsUser();
    expect(dialog).toHaveTextContent('version 2026-06 is now in effect');
    // No version in the table (the fake API's null): the bundled initial documents are the current ones.
    const terms = await within(dialog).findByRole('link', { name: 'Terms of use (PDF, new tab)' });
    expect(terms).toHaveAttribute('href', '/legal/conditions-utilisation-en.pdf');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: 'Privacy policy (PDF, new tab)' })).toHaveAttribute(
      'href',
      '/legal/politique-confidentialite-en.pdf',
    );

    // Escape does nothing: its default action (closing the dialog) is cancelled.
    expect(fireEvent.keyDown(dialog, { key: 'Escape' })).toBe(false);
    expect(dialog).toHaveAttribute('open');

    await user.click(within(dialog).getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms of use' })).not.toBeInTheDocument());
    expect(callsOf('acceptTos')).toEqual([{ input: { tosVersion: '2026-06' } }]);
    expect(callsOf('me')).toHaveLength(2);
  });

  it('links to the PDFs of the version to accept only, asking again when the current version known is older', async () => {
    const documents = (version: string) => ({
      termsFr: `https://cdn.test/${version}/tfr.pdf`,
      termsEn: `https://cdn.test/${version}/ten.pdf`,
      privacyFr: `https://cdn.test/${version}/pfr.pdf`,
      privacyEn: `https://cdn.test/${version}/pen.pdf`,
    });
    answerOperations({
      me: [pending('2026-07')],
      termsVersion: [
        { version: '2026-06', documents: documents('2026-06') },
        { version: '2026-07', documents: documents('2026-07') },
      ],
    });
    const { dialog } = await openAsUser();
    // The older version's links never show beside the new version's name: the first ones are the new version's.
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    const terms = await within(dialog).findByRole('link', { name: 'Terms of use (PDF, new tab)' });
    expect(terms).toHaveAttribute('href', 'https://cdn.test/2026-07/ten.pdf');
    expect(within(dialog).getByRole('link', { name: 'Privacy policy (PDF, new tab)' })).toHaveAttribute(
      'href',
      'https://cdn.test/2026-07/pen.pdf',
    );
    expect(callsOf('termsVersion')).toHaveLength(2);
  });

  it('opens again if the browser closes it anyway', async () => {
    answer([pending()]);
    const { dialog } = await openAsUser();
    (dialog as HTMLDialogElement).close();
    expect(await screen.findByRole('dialog', { name: 'Terms of use' })).toHaveAttribute('open');
  });

  it('logs out the user who does not accept', async () => {
    answer([pending()]);
    const { user, dialog, location } = await openAsUser('/parametres');
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location()).toBe('/accueil'));
    expect(getSession()).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the newer version published while the dialog was open', async () => {
    answer([pending('2026-06'), pending('2026-07')], () => {
      throw new ApiError('VALIDATION_FAILED', 'Invalid', [{ path: 'input.tosVersion', rule: 'oneOf' }]);
    });
    const { user, dialog } = await openAsUser();
    await user.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A newer version has just been published. Read it, then accept it.');
    expect(dialog).toHaveTextContent('version 2026-07 is now in effect');
    expect(dialog).toHaveAttribute('open');
  });

  it('says inside the dialog when accepting fails, and stays', async () => {
    answer([pending()], () => {
      throw new ApiError('INTERNAL', 'boom');
    });
    const { user, dialog } = await openAsUser();
    await user.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An unexpected error has occurred.');
    expect(dialog).toHaveAttribute('open');
  });

  it('comes before the welcome dialog, which opens once the terms are accepted', async () => {
    answer([pending('2026-06', { firstLoginModalClosed: false }), aMe({ firstLoginModalClosed: false })]);
    const { user, dialog } = await openAsUser();
    expect(screen.queryByRole('dialog', { name: /Welcome/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome, Marie!' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Terms of use' })).not.toBeInTheDocument();
  });

  it('is never shown to administrators, who have no terms to accept', async () => {
    answer([aMe({ type: 'ADMIN', profile: { acceptedTos: null } })]);
    signIn('ADMIN');
    renderAt('/parametres');
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });
    await waitFor(() => expect(callsOf('me')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    const { i18n } = await import('../../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    answer([pending()]);
    signIn('USER');
    renderAt('/accueil');
    const dialog = await screen.findByRole('dialog', { name: "Conditions d'utilisation" });
    expect(dialog).toHaveTextContent('la version 2026-06 est maintenant en vigueur');
    expect(within(dialog).getByRole('link', { name: "Conditions d'utilisation (PDF, nouvel onglet)" })).toHaveAttribute(
      'href',
      '/legal/conditions-utilisation-fr.pdf',
    );
    expect(within(dialog).getByRole('button', { name: "J'accepte" })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  });
});
