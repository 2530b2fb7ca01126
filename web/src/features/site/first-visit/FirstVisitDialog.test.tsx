import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerOperations } from '../../../test/fake-api';
import { renderAt, signIn } from '../../../test/helpers';
import { STORAGE_KEYS } from '@partage/graphql';

const invitation = () => screen.findByRole('dialog', { name: 'Never miss an offer' });

describe('first-visit invitation', () => {
  // The invitation shows over the ad list, which searches the ads.
  beforeEach(() => answerOperations({ searchAds: { items: [], nextToken: null } }));

  it('invites a first-time visitor to log in or create an account, coming back here after', async () => {
    renderAt('/annonces?categorie=cuisine');
    const dialog = await invitation();
    const back = encodeURIComponent('/annonces?categorie=cuisine');
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/connexion?returnPath=${back}`);
    expect(within(dialog).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', `/inscription?returnPath=${back}`);
  });

  it('stays away from the alert pages and their e-mailed links', async () => {
    answerOperations({ deleteAlertByLink: 'alert-1' });
    renderAt('/alertes/supprimer/alert-1?token=tok');
    await screen.findByText('Your alert is deleted. You will no longer receive its e-mails.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('invites the visitor to subscribe to alerts, which needs no account', async () => {
    const { user, location } = renderAt('/annonces');
    await user.click(within(await invitation()).getByRole('link', { name: 'Subscribe to alerts' }));
    await waitFor(() => expect(location()).toBe('/alertes/creer'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown again in this browser once the visitor chose later', async () => {
    const { user, unmount } = renderAt('/annonces');
    await user.click(within(await invitation()).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Shown as the page loaded, it had no control to give focus back to: keyboard users go on from the page.
    expect(screen.getByRole('main')).toHaveFocus();
    expect(localStorage.getItem(STORAGE_KEYS.firstVisitModalClosed)).not.toBeNull();
    unmount();

    renderAt('/page-qui-n-existe-pas');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('counts closing it with Escape, or following one of its links, as a choice made', async () => {
    const first = renderAt('/annonces');
    const dialog = (await invitation()) as HTMLDialogElement;
    act(() => dialog.close());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.firstVisitModalClosed)).not.toBeNull();
    first.unmount();

    localStorage.clear();
    const { user, location } = renderAt('/annonces');
    await user.click(within(await invitation()).getByRole('link', { name: 'Create account' }));
    await waitFor(() => expect(location()).toBe('/inscription?returnPath=%2Fannonces'));
    expect(localStorage.getItem(STORAGE_KEYS.firstVisitModalClosed)).not.toBeNull();
  });

  it.each(['/connexion', '/inscription', '/mot-de-passe-oublie', '/accueil'])('stays away from %s', async (path) => {
    renderAt(path);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is never shown to a signed-in user', async () => {
    signIn('USER');
    renderAt('/page-qui-n-existe-pas');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    const { i18n } = await import('../../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    renderAt('/annonces');
    const dialog = await screen.findByRole('dialog', { name: 'Ne manquez aucune offre' });
    expect(within(dialog).getByRole('link', { name: 'Créer un compte' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Plus tard' })).toBeVisible();
  });
});
