import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADS_PAGE_DEFAULT_LIMIT } from '@partage/graphql';
import { ApiError } from '../../lib/api/errors';
import { answerOperations, callsOf } from '../../test/fake-api';
import { testAd, testAds } from '../../test/ads';
import { renderAt, signIn } from '../../test/helpers';

const cards = () => screen.getAllByRole('article');

describe('ad list', () => {
  it('shows the newest ads as cards, and the next ones on request', async () => {
    const first = testAds(2);
    const second = testAds(1, 2);
    answerOperations({
      latestAds: ({ nextToken }: { nextToken: string | null }) =>
        nextToken === 'page-2' ? { items: second, nextToken: null } : { items: first, nextToken: 'page-2' },
    });
    const { user } = renderAt('/annonces');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ads' })).toBeVisible();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByText('2 ads shown.')).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: 'Show more ads' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(callsOf('latestAds')).toEqual([
      { limit: ADS_PAGE_DEFAULT_LIMIT, nextToken: null },
      { limit: ADS_PAGE_DEFAULT_LIMIT, nextToken: 'page-2' },
    ]);
    // Keyboard users go on reading at the first new card.
    expect(screen.getByRole('link', { name: 'Ad 2' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show more ads' })).not.toBeInTheDocument();
  });

  it('gives each card its image, title, category, modes with prices and town', async () => {
    answerOperations({
      latestAds: {
        items: [testAd({ sale: { kind: 'TO_BE_DETERMINED', amountCents: null, range: null, description: { fr: null, en: null } } })],
        nextToken: null,
      },
    });
    renderAt('/annonces');
    const card = within((await screen.findAllByRole('article'))[0]!);
    expect(card.getByRole('heading', { level: 2, name: 'Commercial kitchen' })).toBeVisible();
    expect(card.getByRole('link', { name: 'Commercial kitchen' })).toHaveAttribute(
      'href',
      '/annonces/cuisine-commerciale-3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b',
    );
    const image = card.getByRole('img', { name: 'The kitchen' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image.getAttribute('srcset')).toMatch(/kitchen-480\.webp 480w, .*kitchen-1920\.webp 1920w$/);
    expect(card.getByText('Professional kitchen')).toBeVisible();
    expect(card.getByRole('list', { name: 'Offered for' }).textContent).toBe('Rent: 1,234.50\u00a0$\u00a0CASale: To be determinedDonation');
    expect(card.getByText('Montréal')).toBeVisible();
  });

  it('marks a title and an image description written in French only as French', async () => {
    const kitchen = testAd().images[0]!;
    const ad = testAd({
      title: { fr: 'Cuisine commerciale', en: null },
      images: [{ ...kitchen, alt: { fr: 'La cuisine', en: null } }],
    });
    answerOperations({ latestAds: { items: [ad], nextToken: null } });
    renderAt('/annonces');
    const card = within((await screen.findAllByRole('article'))[0]!);
    expect(card.getByRole('link', { name: 'Cuisine commerciale' })).toHaveAttribute('lang', 'fr');
    expect(card.getByRole('img', { name: 'La cuisine' })).toHaveAttribute('lang', 'fr');
  });

  it('explains a failure and asks again on request', async () => {
    answerOperations({ latestAds: [new ApiError('INTERNAL', 'boom'), { items: testAds(1), nextToken: null }] });
    const { user } = renderAt('/annonces');
    expect(await screen.findByText('The ads could not be loaded.')).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ad 0' })).toBeVisible();
  });

  it('says when no ad is published yet', async () => {
    answerOperations({ latestAds: { items: [], nextToken: null } });
    renderAt('/annonces');
    expect(await screen.findByText('No ad is published yet. Come back soon!')).toBeVisible();
  });

  it('is where a signed-in visitor lands from the root', async () => {
    answerOperations({ latestAds: { items: [], nextToken: null } });
    signIn('USER');
    const view = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ads' })).toBeVisible();
    expect(view.location()).toBe('/annonces');
  });
});
