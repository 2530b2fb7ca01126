import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@partage/graphql';
import { testSummaries } from '../../../test/ads';
import { answerOperations } from '../../../test/fake-api';
import { renderAt, signIn } from '../../../test/helpers';

const invitation = () => screen.findByRole('region', { name: 'Never miss an offer' });

describe('first-visit invitation', () => {
  // The landing page's latest ads, and the ad list and ad pages a shared link opens.
  beforeEach(() => answerOperations({ searchAds: { items: [], nextToken: null } }));

  it('invites a first-time visitor on the landing page, in the page and not over it, coming back there after', async () => {
    renderAt('/accueil');
    const region = await invitation();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const back = encodeURIComponent('/accueil');
    expect(within(region).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/connexion?returnPath=${back}`);
    expect(within(region).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', `/inscription?returnPath=${back}`);
    expect(within(region).getByRole('button', { name: 'Close the invitation' })).toBeVisible();
  });

  it.each(['/annonces', '/annonces?categorie=cuisine', '/annonces/four-a-convection-ad-1', '/page-qui-n-existe-pas'])(
    'never shows on %s, a page a shared link opens',
    async (path) => {
      answerOperations({ ad: null, searchAds: { items: testSummaries(1), nextToken: null } });
      renderAt(path);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Never miss an offer' })).not.toBeInTheDocument();
    },
  );

  it('is not shown again in this browser once closed', async () => {
    const { user, unmount } = renderAt('/accueil');
    await user.click(within(await invitation()).getByRole('button', { name: 'Close the invitation' }));
    expect(screen.queryByRole('region', { name: 'Never miss an offer' })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.firstVisitModalClosed)).not.toBeNull();
    unmount();

    renderAt('/accueil');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Never miss an offer' })).not.toBeInTheDocument();
  });

  it('counts following one of its links as a choice made: subscribing to alerts needs no account', async () => {
    const { user, location } = renderAt('/accueil');
    await user.click(within(await invitation()).getByRole('link', { name: 'Subscribe to alerts' }));
    await waitFor(() => expect(location()).toBe('/alertes/creer'));
    expect(localStorage.getItem(STORAGE_KEYS.firstVisitModalClosed)).not.toBeNull();
  });

  it('is never shown to a signed-in user', async () => {
    signIn('USER');
    renderAt('/accueil');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Never miss an offer' })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    const { i18n } = await import('../../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    renderAt('/accueil');
    const region = await screen.findByRole('region', { name: 'Ne manquez aucune offre' });
    expect(within(region).getByRole('link', { name: 'Créer un compte' })).toBeVisible();
    expect(within(region).getByRole('button', { name: "Fermer l'invitation" })).toBeVisible();
  });
});
