import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { answerOperations, callsOf } from '../../test/fake-api';
import { AD_ID, testAd } from '../../test/ads';
import { renderAt, signIn } from '../../test/helpers';

// MapLibre needs WebGL, which jsdom lacks: the map is tested on its own (AdMap.test.tsx).
vi.mock('./AdMap', () => ({
  AdMap: ({ label, radiusMeters }: { label: string; radiusMeters: number }) => (
    <div role="group" aria-label={label} data-radius={radiusMeters} />
  ),
}));

const PRICE_RANGE_FR = '500 à 1\u202f000\u00a0$';
const CURRENT_PATH = `/annonces/cuisine-commerciale-${AD_ID}`;
const section = (name: string) => screen.getByRole('region', { name });
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
const price = (mode: string) => fact(mode)?.querySelector('.ad-price')?.textContent;

const EMPTY_REVIEWS = { items: [], nextToken: null };

async function openAd(ad: unknown, path = CURRENT_PATH, adBookedPeriods: unknown = [], adReviews: unknown = EMPTY_REVIEWS) {
  // One answer (a list of answers would be one per call).
  answerOperations({ ad, adBookedPeriods: [adBookedPeriods], adReviews });
  const view = renderAt(path);
  await screen.findByRole('heading', { level: 1, name: /Commercial kitchen|Cuisine commerciale|Ad not found|Annonce introuvable/ });
  return view;
}

describe('ad detail', () => {
  it('goes from an old slug to the current address, keeping the ad', async () => {
    const view = await openAd(testAd(), `/annonces/ancien-titre-${AD_ID}`);
    await waitFor(() => expect(view.location()).toBe(CURRENT_PATH));
    expect(screen.getByRole('heading', { level: 1, name: 'Commercial kitchen' })).toBeVisible();
    expect(callsOf('ad')).toEqual([{ id: AD_ID }]);
    // The redirect replaces the old address: back does not return to it.
    expect(view.router.state.historyAction).toBe('REPLACE');
  });

  it('says the ad is not found when the API has none, and asks nothing for an address without an id', async () => {
    await openAd(null);
    expect(screen.getByRole('link', { name: 'Back to the ads' })).toHaveAttribute('href', '/annonces');
    await waitFor(() => expect(document.title).toBe('Ad not found | Food Equipment Sharing'));

    answerOperations({ ad: testAd() });
    renderAt('/annonces/cuisine-sans-id');
    expect(await screen.findAllByRole('heading', { level: 1, name: 'Ad not found' })).toHaveLength(2);
    expect(callsOf('ad')).toHaveLength(1);
  });

  it('shows the equipment’s averages once rated, with how many ratings they come from', async () => {
    await openAd(testAd({ equipmentRatings: { count: 3, compliance: 4.7, cleanliness: 4, security: 5, overall: 4.6 } }));
    const ratings = await screen.findByRole('region', { name: 'Equipment ratings' });
    expect(within(ratings).getByText(/4\.6 out of 5, from 3 ratings/)).toBeVisible();
    expect(within(ratings).getByText('Matches the ad').nextElementSibling).toHaveTextContent('4.7 out of 5');
    expect(within(ratings).getByText('Safety').nextElementSibling).toHaveTextContent('5 out of 5');
  });

  it('shows the overall average by the title, and the equipment’s published comments, newest first, by pages', async () => {
    const review = (id: string, authorName: string, month: string, comment: string) => ({
      id: `${id}.TENANT`,
      side: 'TENANT',
      authorName,
      ad: { id: AD_ID, path: `cuisine-commerciale-${AD_ID}`, title: { fr: 'Cuisine commerciale', en: 'Commercial kitchen' } },
      month,
      stars: { respectOfContract: 5, communication: 5, reliability: 5 },
      equipment: { compliance: 5, cleanliness: 4, security: 3 },
      comment,
      commentHidden: false,
      publishedAt: `${month}-15T12:00:00.000Z`,
      answer: null,
      canAnswer: false,
      canReport: false,
    });
    await openAd(
      testAd({ equipmentRatings: { count: 3, compliance: 4.7, cleanliness: 4, security: 5, overall: 4.6 } }),
      CURRENT_PATH,
      [],
      ({ nextToken }: { nextToken: string | null }) =>
        nextToken
          ? { items: [review('c-1', 'Ferme Lumière', '2026-08', 'Propre et complet.')], nextToken: null }
          : {
              items: [
                review('c-3', 'Traiteur du Plateau', '2026-10', 'Four impeccable.'),
                review('c-2', 'École hôtelière', '2026-09', 'Bien.'),
              ],
              nextToken: 'next',
            },
    );
    // Near the title, before the gallery and the description.
    const heading = screen.getByRole('heading', { level: 1, name: 'Commercial kitchen' });
    expect(heading.parentElement).toHaveTextContent(/4\.6 out of 5, from 3 ratings/);
    const ratings = await screen.findByRole('region', { name: 'Equipment ratings' });
    const list = await within(ratings).findByRole('list', { name: 'Equipment ratings' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('blockquote')?.textContent),
    ).toEqual(['Four impeccable.', 'Bien.']);
    expect(within(list).getByText('By Traiteur du Plateau · October 2026')).toBeVisible();
    expect(within(list).getAllByText('4 out of 5')).toHaveLength(2);
    await userEvent.click(within(ratings).getByRole('button', { name: 'Show more ratings' }));
    expect(await within(ratings).findByText('Propre et complet.')).toBeVisible();
    expect(within(ratings).queryByRole('button', { name: 'Show more ratings' })).not.toBeInTheDocument();
    expect(callsOf('adReviews')).toEqual([
      { adId: AD_ID, nextToken: null },
      { adId: AD_ID, nextToken: 'next' },
    ]);
  });

  it('has no ratings section before the first rating', async () => {
    await openAd(testAd());
    expect(screen.queryByRole('region', { name: 'Equipment ratings' })).not.toBeInTheDocument();
  });

  it('shows every field in the reader’s language, with translated labels', async () => {
    await openAd(testAd());
    await waitFor(() => expect(document.title).toBe('Commercial kitchen | Food Equipment Sharing'));
    expect(screen.getByText('Professional kitchen', { selector: 'p' })).toBeVisible();
    expect(within(section('Description')).getByText('equipped')).toHaveProperty('tagName', 'STRONG');
    expect(fact('Kitchen equipment')).toHaveTextContent('OvenOther (Fumoir)');
    expect(fact('Surface area')).toHaveTextContent('120 m²');
    expect(price('Rent')).toBe('$1,234.50 / day plus taxes');
    expect(fact('Rent')).toHaveTextContent('Plus taxes');
    // A donation described in French only is shown in French, marked as such.
    expect(within(fact('Donation') as HTMLElement).getByText('Text in French only')).toBeVisible();
    expect(within(fact('Donation') as HTMLElement).getByText('Surplus de bocaux')).toHaveAttribute('lang', 'fr');
    expect(fact('Periods')).toHaveTextContent('Day');
    expect(fact('Days')).toHaveTextContent('Monday, Tuesday');
    expect(within(section('Availability')).getByText('Friday, December 25, 2026: All day')).toBeVisible();
    expect(within(section('Certifications')).getByText('HACCP')).toBeVisible();
    expect(within(section('Allergens')).getByText('Peanuts')).toBeVisible();
    expect(within(section('Location')).getByText('123 rue Ontario Est, Montréal, H2X 1Y4')).toBeVisible();
    expect(within(section('Location')).queryByText(/Approximate location/)).not.toBeInTheDocument();
    const contact = section('Contact');
    expect(within(contact).getByRole('link', { name: 'Cuisine du Quartier' })).toHaveAttribute('href', '/profil/owner-1');
    expect(within(contact).getByRole('link', { name: 'cuisine@exemple.ca' })).toHaveAttribute('href', 'mailto:cuisine@exemple.ca');
    expect(within(contact).getByRole('link', { name: '514 555-0199' })).toHaveAttribute('href', 'tel:+15145550199');
  });

  it('marks a title shown in the other language', async () => {
    await openAd(testAd({ title: { fr: 'Cuisine commerciale', en: null } }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Cuisine commerciale' });
    expect(heading).toHaveAttribute('lang', 'fr');
    expect(heading.nextElementSibling).toHaveTextContent('Text in French only');
  });

  it('shows the approximate area, and no address, when the owner hides it', async () => {
    const hidden = {
      exact: false,
      address: null,
      town: 'Montréal',
      postalCode: null,
      latitude: 45.52,
      longitude: -73.57,
      radiusMeters: 1500,
      showAddress: null,
    };
    await openAd(testAd({ location: hidden }));
    const location = section('Location');
    expect(within(location).getByText('Montréal', { selector: 'p' })).toBeVisible();
    expect(within(location).getByText('Approximate location: the exact address is given by the owner.')).toBeVisible();
    expect(within(location).getByRole('group', { name: 'Map showing the area of Montréal where the ad is' })).toHaveAttribute(
      'data-radius',
      '1500',
    );
    expect(screen.queryByText(/rue Ontario/)).not.toBeInTheDocument();
  });

  it('writes prices in the money format of each language', async () => {
    const { i18n } = await import('../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    await openAd(
      testAd({
        sale: { kind: 'RANGE', amountCents: null, range: 'FROM_500_TO_1000', description: { fr: null, en: null } },
        taxMode: 'INCLUDED',
      }),
    );
    // The exact characters: thousands apart by a narrow no-break space, the sign held by a no-break space.
    expect(price('Location')).toBe('1\u202f234,50\u00a0$ / jour, taxes incluses');
    expect(price('Vente')).toBe(`${PRICE_RANGE_FR}, taxes incluses`);
    expect(screen.getByText('vendredi 25 décembre 2026 : Toute la journée')).toBeVisible();
  });

  it('sends a visitor to login before contacting, then on to the conversation about the ad', async () => {
    await openAd(testAd());
    expect(screen.getByRole('link', { name: 'Contact the owner' })).toHaveAttribute(
      'href',
      `/connexion?returnPath=${encodeURIComponent(`/conversations/creer/${AD_ID}`)}`,
    );
    expect(screen.queryByRole('link', { name: 'Edit the ad' })).not.toBeInTheDocument();
    // The server gives visitors no e-mail or phone; the page says where to see them.
    expect(
      within(section('Contact')).getByRole('link', { name: "Log in to see the owner's e-mail and phone, if they share them." }),
    ).toHaveAttribute('href', `/connexion?returnPath=${encodeURIComponent(CURRENT_PATH)}`);
    // Reports are for signed-in people (issue 22).
    expect(screen.queryByRole('button', { name: 'Report this ad' })).not.toBeInTheDocument();
  });

  it('links a signed-in user to a conversation about the ad, and lets them report it', async () => {
    signIn('USER', 'reader-1');
    await openAd(testAd());
    expect(screen.getByRole('link', { name: 'Contact the owner' })).toHaveAttribute('href', `/conversations/creer/${AD_ID}`);
    expect(screen.getByRole('button', { name: 'Report this ad' })).toBeVisible();
  });

  it('lets the owner edit, without contacting themselves nor reporting their own ad', async () => {
    signIn('USER', 'owner-1');
    await openAd(testAd({ editable: true, published: false }));
    expect(screen.getByRole('link', { name: 'Edit the ad' })).toHaveAttribute('href', `/annonces/modifier/${AD_ID}`);
    expect(screen.queryByRole('link', { name: 'Contact the owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this ad' })).not.toBeInTheDocument();
    expect(screen.getByText(/This ad is not published/)).toBeVisible();
  });

  it('offers the images in a gallery with a keyboard-usable full-screen view', async () => {
    const { user } = await openAd(testAd());
    const gallery = section('Images');
    const main = within(gallery).getByRole('img', { name: 'The kitchen' });
    expect(main).toHaveAttribute(
      'srcset',
      'https://images.test/kitchen-480.webp 480w, https://images.test/kitchen-1024.webp 1024w, https://images.test/kitchen-1920.webp 1920w',
    );
    expect(main).toHaveAttribute('sizes');
    expect(main).not.toHaveAttribute('lang');
    await user.click(within(gallery).getByRole('button', { name: 'Show image 2 of 2: The oven' }));
    expect(within(gallery).getByRole('img', { name: 'The oven' })).toHaveAttribute('loading', 'lazy');

    const open = within(gallery).getByRole('button', { name: 'View full screen' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Image 2 of 2' });
    expect(within(dialog).getByRole('img', { name: 'The oven' })).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Image 1 of 2' })).toBeVisible();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Image 2 of 2' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: /Image/ })).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('marks the language of an image description written in the other language only', async () => {
    const images = [{ id: 'image-1', alt: { fr: 'La cuisine', en: null }, variants: testAd().images[0]!.variants }];
    await openAd(testAd({ images }));
    expect(within(section('Images')).getByRole('img', { name: 'La cuisine' })).toHaveAttribute('lang', 'fr');
  });

  it('shows the dates already booked beside the availability: whole days with the last one included, or a day’s hours', async () => {
    await openAd(testAd(), CURRENT_PATH, [
      { precision: 'DAY', start: '2027-01-11', end: '2027-01-13' },
      { precision: 'DAY', start: '2027-01-20', end: '2027-01-21' },
      { precision: 'HOUR', start: '2027-02-03T09:00', end: '2027-02-03T17:00' },
    ]);
    const booked = within(section('Availability')).getByRole('group', { name: 'Dates already booked' });
    const items = await within(booked).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // In the words of the contracts, with the count (issue 39 §1).
      'from January 11 to 12, 2027 (2 days)',
      'January 20, 2027 (1 day)',
      'February 3, 2027, from 9:00 a.m. to 5:00 p.m. (8 hours)',
    ]);
    expect(callsOf('adBookedPeriods')).toEqual([{ adId: AD_ID }]);
  });

  it('says when no date is booked', async () => {
    await openAd(testAd());
    expect(await screen.findByText('No date is booked yet.')).toBeVisible();
  });

  it('saves the ad with its heart at once, and puts the heart back with the reason when the server refuses', async () => {
    signIn('USER');
    answerOperations({
      ad: testAd(),
      adBookedPeriods: [[]],
      myFavouriteAdIds: [[]],
      addFavourite: [AD_ID, new ApiError('FAVOURITES_FULL', 'Full')],
      removeFavourite: AD_ID,
    });
    const { user } = renderAt(CURRENT_PATH);
    const heart = await screen.findByRole('button', { name: 'Add to favourites: Commercial kitchen' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    await user.click(heart);
    expect(screen.getByRole('button', { name: 'Remove from favourites: Commercial kitchen' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(callsOf('addFavourite')).toEqual([{ adId: AD_ID }]));
    await user.click(screen.getByRole('button', { name: 'Remove from favourites: Commercial kitchen' }));
    await waitFor(() => expect(callsOf('removeFavourite')).toEqual([{ adId: AD_ID }]));
    await user.click(screen.getByRole('button', { name: 'Add to favourites: Commercial kitchen' }));

    expect(
      await screen.findByText('You already have 500 favourites: remove one from your favourites before adding another.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add to favourites: Commercial kitchen' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows no heart to visitors', async () => {
    await openAd(testAd());
    expect(screen.queryByRole('button', { name: /favourites/ })).toBeNull();
  });

  it('shows no heart on an unpublished ad, which nobody else may find', async () => {
    signIn('USER');
    answerOperations({ ad: testAd({ published: false, editable: true }), adBookedPeriods: [[]], myFavouriteAdIds: [[]] });
    renderAt(CURRENT_PATH);
    expect(await screen.findByRole('link', { name: 'Edit the ad' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /favourites/ })).toBeNull();
  });
});
