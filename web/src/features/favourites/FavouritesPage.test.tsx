import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { testSummary } from '../../test/ads';
import { answerOperations, callsOf } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';

const PUBLISHED_ID = '00000000-0000-4000-8000-000000000001';
const GONE_ID = '00000000-0000-4000-8000-000000000002';
const published = {
  adId: PUBLISHED_ID,
  savedAt: '2026-03-02T15:00:00.000Z',
  title: { fr: 'Cuisine commerciale', en: 'Commercial kitchen' },
  ad: testSummary({ id: PUBLISHED_ID, path: `cuisine-commerciale-${PUBLISHED_ID}` }),
};
const gone = { adId: GONE_ID, savedAt: '2026-03-01T15:00:00.000Z', title: { fr: 'Camion réfrigéré', en: null }, ad: null };
const page = (items: unknown[], nextToken: string | null = null) => ({ items, nextToken });

describe('favourites page', () => {
  it('lists saved ads, an unpublished one without a link, and removes it', async () => {
    signIn('USER');
    answerOperations({
      myFavourites: [page([published, gone]), page([published])],
      myFavouriteAdIds: [[PUBLISHED_ID, GONE_ID]],
      removeFavourite: GONE_ID,
    });
    const { user } = renderAt('/favoris');

    expect(await screen.findByRole('heading', { level: 1, name: 'My favourites' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('My favourites | Food Equipment Sharing'));
    const card = screen.getByRole('link', { name: 'Commercial kitchen' }).closest('article')!;
    expect(screen.getByRole('link', { name: 'Commercial kitchen' })).toHaveAttribute(
      'href',
      `/annonces/cuisine-commerciale-${PUBLISHED_ID}`,
    );
    expect(await within(card).findByRole('button', { name: 'Remove from favourites: Commercial kitchen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const unpublished = screen.getByRole('heading', { level: 2, name: 'Camion réfrigéré' }).closest('article')!;
    expect(unpublished).toHaveTextContent('This ad is no longer published.');
    expect(within(unpublished).queryByRole('link')).toBeNull();

    await user.click(within(unpublished).getByRole('button', { name: 'Remove from favourites: Camion réfrigéré' }));

    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Camion réfrigéré' })).toBeNull());
    expect(callsOf('removeFavourite')).toEqual([{ adId: GONE_ID }]);
    expect(screen.getByText('1 ad shown.')).toBeVisible();
  });

  it('says there is none yet, with a way to the ads, in French', async () => {
    const { i18n } = await import('../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    signIn('ADMIN');
    answerOperations({ myFavourites: page([]), myFavouriteAdIds: [[]] });
    renderAt('/favoris');
    expect(await screen.findByText(/Vous n’avez encore aucun favori/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Parcourir les annonces' })).toHaveAttribute('href', '/annonces');
  });

  it('sends visitors to the login', async () => {
    const view = renderAt('/favoris');
    await waitFor(() => expect(view.location()).toMatch(/^\/connexion/));
    expect(callsOf('myFavourites')).toEqual([]);
  });

  it('puts a removed heart back and says why when the server refuses', async () => {
    signIn('USER');
    answerOperations({
      myFavourites: page([published]),
      myFavouriteAdIds: [[PUBLISHED_ID]],
      removeFavourite: new ApiError('INTERNAL', 'Down'),
    });
    const { user } = renderAt('/favoris');
    const heart = await screen.findByRole('button', { name: 'Remove from favourites: Commercial kitchen' });

    await user.click(heart);

    expect(await screen.findByText('An unexpected error has occurred.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove from favourites: Commercial kitchen' })).toHaveAttribute('aria-pressed', 'true');
  });
});
