import { act, screen, within, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@partage/graphql';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { i18n } from '../../lib/i18n/i18n';
import { testSummaries } from '../../test/ads';
import { answerOperations, callsOf } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';

/** An IntersectionObserver whose targets come into view when the test says so. */
function stubViewport() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[]; options?: IntersectionObserverInit }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, targets: [], options });
      }
      observe(target: Element) {
        observers.find((o) => o.targets.length === 0)!.targets.push(target);
      }
      disconnect() {
        observers.splice(0);
      }
    },
  );
  return {
    observers,
    scrollIntoView: () =>
      act(() =>
        observers.forEach(({ callback, targets }) =>
          callback(
            targets.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry),
            {} as IntersectionObserver,
          ),
        ),
      ),
  };
}

const latest = () => screen.getByRole('region', { name: 'Latest ads' });

// The first test also loads the page's chunks: on a busy shared machine that can pass the default 5 s.
describe('landing page', () => {
  it('describes the marketplace, what can be shared and the four ways to share', async () => {
    // Closed before: the invitation (its own tests) would add its own login link once its words load.
    localStorage.setItem(STORAGE_KEYS.firstVisitModalClosed, new Date().toISOString());
    renderAt('/accueil');
    expect(await screen.findByRole('heading', { level: 1, name: 'Share equipment and spaces across the food sector' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Home | Food Equipment Sharing'));

    const categories = screen.getByRole('region', { name: 'What can be shared' });
    expect(
      within(categories)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Professional kitchen',
      'Delivery truck',
      'Storage space',
      'Professional cooking equipment',
      'Preparation equipment',
      'Refrigeration equipment',
      'Heavy equipment',
      'Surplus',
      'Other',
    ]);
    // The drawings only decorate: no image is announced.
    expect(within(categories).queryAllByRole('img')).toEqual([]);
    // Each tile is a link: the search, filtered by its category.
    expect(within(categories).getByRole('link', { name: 'Delivery truck' })).toHaveAttribute('href', '/annonces?categories=DELIVERY_TRUCK');
    expect(within(categories).getAllByRole('link')).toHaveLength(9);
    const modes = screen.getByRole('region', { name: 'Four ways to share' });
    expect(
      within(modes)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Rent', 'Sale', 'Trade', 'Donation']);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Find equipment' })).toHaveAttribute('href', '/annonces');
    expect(main.getByRole('link', { name: 'Post an ad' })).toHaveAttribute('href', '/annonces/creer');
    expect(main.getByRole('link', { name: 'How to share your equipment' })).toHaveAttribute('href', '/equipement-a-partager');
    expect(main.getByRole('link', { name: 'How to find equipment' })).toHaveAttribute('href', '/recherche-d-equipement');
    expect(main.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/connexion');
    expect(main.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/inscription');
  });

  it('sends a visitor who wants to publish to the login page first', async () => {
    const { user, location } = renderAt('/accueil');
    await user.click(await within(screen.getByRole('main')).findByRole('link', { name: 'Post an ad' }));
    await waitFor(() => expect(location()).toBe('/connexion?returnPath=%2Fannonces%2Fcreer'));
  });

  it('invites signed-in users to nothing they have already done', async () => {
    signIn('USER');
    renderAt('/accueil');
    await screen.findByRole('heading', { level: 1 });
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Post an ad' })).toHaveAttribute('href', '/annonces/creer');
  });

  it('offers administrators no ad creation (they prepare ads from the manage page)', async () => {
    signIn('ADMIN');
    renderAt('/accueil');
    await screen.findByRole('heading', { level: 1 });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Find equipment' })).toBeVisible();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Post an ad' })).not.toBeInTheDocument();
  });

  it('reads in French', async () => {
    await i18n.changeLanguage('fr');
    renderAt('/accueil');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Partagez l'équipement et les espaces du secteur alimentaire" }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Les dernières annonces' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Accueil | Partage d'équipement alimentaire"));
  });
});

describe('latest ads on the landing page', () => {
  it('asks for them only when their section nears the viewport, then shows the six newest as cards', async () => {
    const viewport = stubViewport();
    answerOperations({ searchAds: { items: testSummaries(8), nextToken: 'more' } });
    renderAt('/accueil');
    await screen.findByRole('heading', { level: 2, name: 'Latest ads' });
    expect(callsOf('searchAds')).toEqual([]);
    // Their space is held meanwhile, by placeholders hidden from assistive technology.
    expect(latest().querySelectorAll('[aria-hidden="true"] .ad-card')).toHaveLength(6);
    expect(within(latest()).queryAllByRole('article')).toEqual([]);
    expect(viewport.observers[0]!.options?.rootMargin).toBe('400px 0px');

    viewport.scrollIntoView();
    await waitFor(() => expect(within(latest()).getAllByRole('article')).toHaveLength(6));
    expect(callsOf('searchAds')).toEqual([{ input: { sort: 'DATE_DESC' }, limit: 6 }]);
    expect(
      within(latest())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Ad 0', 'Ad 1', 'Ad 2', 'Ad 3', 'Ad 4', 'Ad 5']);
    expect(within(latest()).getByRole('link', { name: 'Ad 0' })).toHaveAttribute('href', expect.stringMatching(/^\/annonces\/annonce-0-/));
    expect(within(latest()).getByRole('link', { name: 'See all the ads' })).toHaveAttribute('href', '/annonces');
  });

  it('says so when no ad is published, and offers to post one', async () => {
    answerOperations({ searchAds: { items: [], nextToken: null } });
    const viewport = stubViewport();
    renderAt('/accueil');
    await screen.findByRole('heading', { level: 2, name: 'Latest ads' });
    viewport.scrollIntoView();
    expect(await within(latest()).findByText(/No ad is published yet/)).toBeVisible();
    expect(within(latest()).getByRole('link', { name: 'Post an ad' })).toHaveAttribute('href', '/annonces/creer');
  });

  it('says so when they cannot be loaded, and loads them again on request', async () => {
    answerOperations({ searchAds: [new ApiError('INTERNAL', 'boom'), { items: testSummaries(2), nextToken: null }] });
    const viewport = stubViewport();
    const { user } = renderAt('/accueil');
    await screen.findByRole('heading', { level: 2, name: 'Latest ads' });
    viewport.scrollIntoView();
    expect(await within(latest()).findByRole('alert')).toHaveTextContent('The ads could not be loaded.');
    await user.click(within(latest()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(latest()).getAllByRole('article')).toHaveLength(2));
    expect(within(latest()).queryByRole('alert')).not.toBeInTheDocument();
  });
});
