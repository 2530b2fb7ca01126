import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SEARCH_PAGE_DEFAULT_LIMIT } from '@partage/graphql';
import { ApiError } from '../../lib/api/errors';
import { answerOperations, callsOf } from '../../test/fake-api';
import { testSummaries, testSummary } from '../../test/ads';
import { fill, renderAt, signIn } from '../../test/helpers';
import { EMPTY_CRITERIA } from '../../lib/search/search-params';
import { filterCount } from './SearchPanel';

// The map library never arrives here (its chunk still loading): the results must not wait for it.
// SearchMap.test.tsx covers the map itself.
const mapLoad = vi.hoisted(() => ({ fail: false }));
vi.mock('../../lib/map/load-maplibre', () => ({
  loadMapLibre: () => (mapLoad.fail ? Promise.reject(new Error('WebGL is not supported')) : new Promise(() => undefined)),
}));

const RIMOUSKI = {
  label: 'Rimouski, QC',
  address: 'Rimouski',
  town: 'Rimouski',
  postalCode: null,
  latitude: 48.4489,
  longitude: -68.5236,
};

const cards = () => screen.queryAllByRole('article');

/** A phone's screen: the media queries about narrow screens match (the panel is a sheet, the map waits). */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  onTestFinished(() => void vi.unstubAllGlobals());
}
const inputs = () => callsOf('searchAds').map((call) => JSON.parse(JSON.stringify(call!.input)) as Record<string, unknown>);
const group = (name: string) => screen.getByRole('group', { name });

beforeEach(() => {
  mapLoad.fail = false;
});

// Typing pauses and lazy pages: on a busy shared machine a journey can pass the default 5 s.
describe('ad search page', () => {
  it('shows the newest ads as cards while the map still loads, and the next ones on request', async () => {
    answerOperations({
      searchAds: ({ nextToken }: { nextToken: string | null }) =>
        nextToken === 'page-2'
          ? { items: testSummaries(1, SEARCH_PAGE_DEFAULT_LIMIT), nextToken: null }
          : { items: testSummaries(SEARCH_PAGE_DEFAULT_LIMIT), nextToken: 'page-2' },
    });
    const { user } = renderAt('/annonces');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ads' })).toBeVisible();
    await waitFor(() => expect(cards()).toHaveLength(SEARCH_PAGE_DEFAULT_LIMIT));
    expect(screen.getByText('24 ads shown.')).toHaveAttribute('role', 'status');
    expect(document.querySelector('.search-map')).toHaveAttribute('data-map-state', 'loading');

    await user.click(screen.getByRole('button', { name: 'Show more ads' }));
    await waitFor(() => expect(cards()).toHaveLength(SEARCH_PAGE_DEFAULT_LIMIT + 1));
    expect(callsOf('searchAds')).toEqual([
      { input: {}, limit: SEARCH_PAGE_DEFAULT_LIMIT, nextToken: null },
      { input: {}, limit: SEARCH_PAGE_DEFAULT_LIMIT, nextToken: 'page-2' },
    ]);
    // Keyboard users go on reading at the first new card.
    expect(screen.getByRole('link', { name: 'Ad 24' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show more ads' })).not.toBeInTheDocument();
  });

  it('tells how many ads match above the results, and sorts them by price on request', async () => {
    answerOperations({
      searchAds: ({ input }: { input: { sort?: string } }) =>
        input.sort === 'PRICE_ASC'
          ? { items: testSummaries(2), count: { value: 2, exact: true }, nextToken: null }
          : { items: testSummaries(SEARCH_PAGE_DEFAULT_LIMIT), count: { value: 500, exact: false }, nextToken: 'page-2' },
    });
    const { user, location } = renderAt('/annonces');
    expect(await screen.findByText('More than 500 ads match the search')).toBeVisible();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Price, lowest first');
    await waitFor(() => expect(inputs().at(-1)).toMatchObject({ sort: 'PRICE_ASC' }));
    expect(await screen.findByText('2 ads match the search')).toBeVisible();
    expect(location()).toBe('/annonces?tri=PRICE_ASC');
  });

  it('gives each card its title, category, offer, town and distance from the place', async () => {
    const second = testSummary({ id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', distanceKm: 4 });
    answerOperations({ searchAds: { items: [testSummary({ distanceKm: 3.25 }), second], nextToken: null } });
    renderAt(`/annonces?lat=45.5&lng=-73.6&lieu=Montr%C3%A9al`);
    const [first, next] = await screen.findAllByRole('article');
    const card = within(first!);
    expect(card.getByRole('heading', { level: 3, name: 'Commercial kitchen' })).toBeVisible();
    expect(card.getByRole('link', { name: 'Commercial kitchen' })).toHaveAttribute(
      'href',
      '/annonces/cuisine-commerciale-3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b',
    );
    // The first card's picture is the page's largest paint on a phone: fetched at once, before the others.
    expect(card.getByRole('img', { name: 'The kitchen' })).toHaveAttribute('loading', 'eager');
    expect(card.getByRole('img', { name: 'The kitchen' })).toHaveAttribute('fetchpriority', 'high');
    expect(within(next!).getByRole('img', { name: 'The kitchen' })).toHaveAttribute('loading', 'lazy');
    expect(within(next!).getByRole('img', { name: 'The kitchen' })).not.toHaveAttribute('fetchpriority');
    expect(card.getByText('Professional kitchen')).toBeVisible();
    expect(card.getByRole('list', { name: 'Offered for' }).textContent).toBe('Rent: $1,234.50 / dayDonation');
    expect(card.getByText('Montréal, 3.3 km away')).toBeVisible();
  });

  it('tags a title written in French only, on its card and in the list, for a reader of English', async () => {
    const frenchOnly = testSummary({ title: { fr: 'Cuisine de quartier', en: null } });
    answerOperations({
      searchAds: [
        { items: [frenchOnly], nextToken: null },
        { items: [frenchOnly], nextToken: null },
      ],
    });
    const { user } = renderAt('/annonces');
    const card = within((await screen.findAllByRole('article'))[0]!);
    expect(card.getByRole('link', { name: 'Cuisine de quartier' })).toHaveAttribute('lang', 'fr');
    expect(card.getByText('Text in French only')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'List' }));
    const row = within(await screen.findByRole('article'));
    expect(await row.findByText('Text in French only')).toBeVisible();
  });

  it('searches the filters checked, each change a step back in the history', async () => {
    answerOperations({ searchAds: { items: testSummaries(1), nextToken: null } });
    const { user, location, router } = renderAt('/annonces');
    await waitFor(() => expect(cards()).toHaveLength(1));

    await user.click(within(group('Categories')).getByRole('checkbox', { name: 'Delivery truck' }));
    await waitFor(() => expect(location()).toBe('/annonces?categories=DELIVERY_TRUCK'));
    await user.click(within(group('Offered for')).getByRole('checkbox', { name: 'Donation' }));
    await user.click(within(group('Price')).getByRole('checkbox', { name: /^\$100 to \$500/ }));
    await user.click(within(group('Availability')).getByRole('checkbox', { name: 'Evening' }));
    await user.click(within(group('Days of the week')).getByRole('checkbox', { name: 'Sunday' }));
    await user.click(within(group('Certifications')).getByRole('checkbox', { name: 'HACCP' }));
    await waitFor(() =>
      expect(inputs().at(-1)).toEqual({
        categories: ['DELIVERY_TRUCK'],
        modes: ['DONATION'],
        priceRanges: ['FROM_100_TO_500'],
        certifications: ['HACCP'],
        availability: { day: false, evening: true, weekdays: ['SUNDAY'] },
      }),
    );
    expect(location()).toBe(
      '/annonces?categories=DELIVERY_TRUCK&modes=DONATION&prix=FROM_100_TO_500&certifications=HACCP&soir=1&jours=SUNDAY',
    );

    // Back walks back through the searches, the panel with them.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(within(group('Certifications')).getByRole('checkbox', { name: 'HACCP' })).not.toBeChecked());
    expect(location()).toBe('/annonces?categories=DELIVERY_TRUCK&modes=DONATION&prix=FROM_100_TO_500&soir=1&jours=SUNDAY');
  });

  it('searches a keyword after a pause in typing or at once on Enter, not at every key', async () => {
    answerOperations({ searchAds: { items: [], nextToken: null } });
    const { user, location } = renderAt('/annonces');
    const keyword = await screen.findByRole('searchbox', { name: 'Keywords' });
    await fill(user, keyword, 'four');
    expect(location()).toBe('/annonces');
    // The pause (600 ms) may take longer than waitFor's default second on a busy machine.
    await waitFor(() => expect(location()).toBe('/annonces?q=four'));
    // The shell moves the focus to the page's content after the address changed (AppShell): the search
    // for 'four' is asked after that, and typing on clicks back into the field.
    await waitFor(() => expect(inputs().at(-1)).toEqual({ keyword: 'four' }));
    await user.type(keyword, ' pizza{Enter}');
    await waitFor(() => expect(location()).toBe('/annonces?q=four+pizza'));
    expect(keyword).toHaveValue('four pizza');
    // Far fewer searches than keys pressed (exactly [none, 'four', 'four pizza'] unless the machine stalls mid-word).
    const keywords = inputs().map((input) => input.keyword);
    expect(keywords[0]).toBeUndefined();
    expect(keywords).toContain('four');
    expect(keywords.at(-1)).toBe('four pizza');
    expect(keywords.length).toBeLessThan(5);
  });

  it('searches around a picked address, within the radius typed, and sorts by distance only then', async () => {
    const ORDERS_WITHOUT_PLACE = ['DATE_ASC', 'DATE_DESC', 'PRICE_ASC', 'PRICE_DESC', 'RATING_DESC'];
    answerOperations({ searchAds: { items: [], nextToken: null }, searchPlaces: [[RIMOUSKI]] });
    const { user, location } = renderAt('/annonces');
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect([...(sort as HTMLSelectElement).options].map((option) => option.value)).toEqual(ORDERS_WITHOUT_PLACE);
    expect(sort).toHaveValue('DATE_DESC');

    await fill(user, screen.getByRole('combobox', { name: 'Address, town or postal code' }), 'Rimou');
    await user.click(await screen.findByRole('option', { name: 'Rimouski, QC' }));
    await waitFor(() => expect(location()).toBe('/annonces?lieu=Rimouski%2C+QC&lat=48.4489&lng=-68.5236'));
    expect(inputs().at(-1)).toEqual({ near: { latitude: 48.4489, longitude: -68.5236, radiusKm: 25 } });
    expect([...(sort as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      'DISTANCE_ASC',
      'DISTANCE_DESC',
      ...ORDERS_WITHOUT_PLACE,
    ]);
    expect(sort).toHaveValue('DISTANCE_ASC');

    await user.selectOptions(sort, 'DISTANCE_DESC');
    await waitFor(() => expect(inputs().at(-1)).toMatchObject({ sort: 'DISTANCE_DESC' }));

    const radius = screen.getByRole('textbox', { name: 'Radius (km)' });
    expect(radius).toHaveAttribute('placeholder', '25');
    await user.type(radius, '400{Enter}');
    expect(radius).toHaveAttribute('aria-invalid', 'true');
    expect(radius).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number from 1 to 300.'));
    expect(location()).not.toContain('rayon');
    await user.clear(radius);
    await user.type(radius, '80{Enter}');
    await waitFor(() => expect(inputs().at(-1)).toMatchObject({ near: { radiusKm: 80 }, sort: 'DISTANCE_DESC' }));
    expect(location()).toContain('rayon=80');

    // Clearing the address leaves the place, and the distance sort with it.
    await user.clear(screen.getByRole('combobox', { name: 'Address, town or postal code' }));
    await waitFor(() => expect(location()).toBe('/annonces?rayon=80'));
    expect(sort).toHaveValue('DATE_DESC');
    expect([...(sort as HTMLSelectElement).options].map((option) => option.value)).toEqual(ORDERS_WITHOUT_PLACE);

    // The equipment's rating, with or without a place, kept in the address like the other orders.
    await user.selectOptions(sort, screen.getByRole('option', { name: 'Equipment rating, best rated first' }));
    await waitFor(() => expect(location()).toBe('/annonces?rayon=80&tri=RATING_DESC'));
    expect(inputs().at(-1)).toMatchObject({ sort: 'RATING_DESC' });
  });

  it('searches around the reader with "Near me", sorted by distance', async () => {
    answerOperations({ searchAds: { items: [], nextToken: null } });
    const getCurrentPosition = vi.fn((found: PositionCallback) =>
      found({ coords: { latitude: 46.81, longitude: -71.21 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition } }));
    try {
      const { user, location } = renderAt('/annonces');
      await user.click(await screen.findByRole('button', { name: 'Near me' }));
      await waitFor(() => expect(inputs().at(-1)).toEqual({ near: { latitude: 46.81, longitude: -71.21, radiusKm: 25 } }));
      expect(location()).toContain('lat=46.81&lng=-71.21');
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('DISTANCE_ASC');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers an alert made of the search: its criteria, place and radius', async () => {
    answerOperations({ searchAds: { items: [], nextToken: null } });
    renderAt('/annonces?categories=STORAGE_SPACE&jour=1&q=four&lieu=Rimouski%2C+QC&lat=48.4489&lng=-68.5236&tri=DISTANCE_DESC&vue=liste');
    const link = await screen.findByRole('link', { name: 'Create an alert from this search' });
    // The search's default radius is written: an alert's own placeholder is smaller.
    expect(link).toHaveAttribute(
      'href',
      '/alertes/creer?categories=STORAGE_SPACE&jour=1&q=four&lieu=Rimouski%2C+QC&lat=48.4489&lng=-68.5236&rayon=25',
    );
  });

  it('offers no alert to administrators, who have none', async () => {
    signIn('ADMIN');
    answerOperations({ searchAds: { items: [], nextToken: null } });
    renderAt('/annonces?q=four');
    await screen.findByRole('heading', { level: 1, name: 'Ads' });
    expect(screen.queryByRole('link', { name: 'Create an alert from this search' })).not.toBeInTheDocument();
  });

  it('opens a shared search as it was: filters, place and sort', async () => {
    answerOperations({ searchAds: { items: [], nextToken: null } });
    renderAt('/annonces?categories=SURPLUS&lieu=Rimouski&lat=48.4489&lng=-68.5236&tri=DISTANCE_DESC&q=bocaux&vue=liste');
    await waitFor(() =>
      expect(inputs()).toEqual([
        {
          categories: ['SURPLUS'],
          keyword: 'bocaux',
          near: { latitude: 48.4489, longitude: -68.5236, radiusKm: 25 },
          sort: 'DISTANCE_DESC',
        },
      ]),
    );
    expect(within(group('Categories')).getByRole('checkbox', { name: 'Surplus' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Address, town or postal code' })).toHaveValue('Rimouski');
    expect(screen.getByRole('searchbox', { name: 'Keywords' })).toHaveValue('bocaux');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('DISTANCE_DESC');
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when no ad matches, and offers to reset the filters', async () => {
    answerOperations({ searchAds: { items: [], nextToken: null } });
    const { user, location } = renderAt('/annonces?categories=SURPLUS&q=introuvable&jour=1');
    expect(await screen.findByText('No ad matches your search.')).toHaveAttribute('role', 'status');
    const resets = screen.getAllByRole('button', { name: 'Reset filters' });
    expect(resets).toHaveLength(2);
    await user.click(resets[1]!);
    await waitFor(() => expect(location()).toBe('/annonces'));
    expect(inputs().at(-1)).toEqual({});
    expect(screen.getByRole('searchbox', { name: 'Keywords' })).toHaveValue('');
    expect(within(group('Categories')).getByRole('checkbox', { name: 'Surplus' })).not.toBeChecked();
    // Nothing left to reset.
    expect(screen.getByRole('button', { name: 'Reset filters' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('switches between cards beside the map and a plain list, keeping the search', async () => {
    answerOperations({ searchAds: { items: testSummaries(2), nextToken: null } });
    const { user, location } = renderAt('/annonces?modes=RENT');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const cardsView = screen.getByRole('button', { name: 'Cards and map' });
    const listView = screen.getByRole('button', { name: 'List' });
    expect(cardsView).toHaveAttribute('aria-pressed', 'true');
    expect(listView).toHaveAttribute('aria-pressed', 'false');
    expect(document.querySelector('.search-map')).not.toBeNull();

    listView.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/annonces?modes=RENT&vue=liste'));
    expect(listView).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('.search-map')).toBeNull();
    expect(document.querySelector('.ad-card')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Ad 1' })).toBeVisible();
    expect(screen.getAllByText('Montréal')).toHaveLength(2);
    expect(screen.getAllByText('Published November 2, 2026')).toHaveLength(2);
    // The view is not a new search.
    expect(callsOf('searchAds')).toHaveLength(1);
  });

  it("dates a publication in Quebec time, as the page painted by the server does, whatever the browser's zone", async () => {
    // 22:30 on November 2 in Montréal is November 3 in UTC, the server's zone on AWS.
    answerOperations({ searchAds: { items: [{ ...testSummaries(1)[0]!, publishedAt: '2026-11-03T03:30:00.000Z' }], nextToken: null } });
    renderAt('/annonces?vue=liste');
    expect(await screen.findByText('Published November 2, 2026')).toBeVisible();
  });

  it('on a phone, switches between the results and the map alone, which loads only then', async () => {
    onPhone();
    answerOperations({ searchAds: { items: testSummaries(2), nextToken: null } });
    const { user, location } = renderAt('/annonces?modes=RENT');
    await waitFor(() => expect(cards()).toHaveLength(2));
    // One switch, no map-sized placeholder before the results.
    expect(screen.getAllByRole('group', { name: 'View' })).toHaveLength(1);
    const list = screen.getByRole('button', { name: 'List' });
    const map = screen.getByRole('button', { name: 'Map' });
    expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('.search-map')).toBeNull();

    await user.click(map);
    await waitFor(() => expect(location()).toBe('/annonces?modes=RENT&vue=carte'));
    expect(map).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('.search-map')).toHaveAttribute('data-map-state', 'loading');
    // The map alone: no cards under it, no sort for a map.
    expect(cards()).toHaveLength(0);
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();

    await user.click(list);
    await waitFor(() => expect(location()).toBe('/annonces?modes=RENT'));
    expect(cards()).toHaveLength(2);
    expect(document.querySelector('.search-map')).toBeNull();
    // The view is not a new search.
    expect(callsOf('searchAds')).toHaveLength(1);
  });

  it('shows a map asked for on a phone beside the cards on a wide screen', async () => {
    answerOperations({ searchAds: { items: testSummaries(2), nextToken: null } });
    renderAt('/annonces?vue=carte');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(document.querySelector('.search-map')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Cards and map' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps what and where in a search bar above the results, and the criteria as chips that each remove one', async () => {
    onPhone();
    answerOperations({ searchAds: { items: testSummaries(2), nextToken: null } });
    const { user, location } = renderAt('/annonces?categories=PROFESSIONAL_KITCHEN&modes=RENT&q=four');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const bar = screen.getByRole('search', { name: 'Search the ads' });
    expect(within(bar).getByRole('searchbox', { name: 'Keywords' })).toHaveValue('four');
    expect(within(bar).getByRole('combobox', { name: 'Address, town or postal code' })).toBeVisible();

    const chips = screen.getByRole('list', { name: 'Search criteria' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['“four”×', 'Professional kitchen×', 'Rent×']);
    await user.click(within(chips).getByRole('button', { name: 'Remove the criterion: Professional kitchen' }));
    await waitFor(() => expect(location()).toBe('/annonces?modes=RENT&q=four'));
    // The focus goes to the next chip, not to the page.
    await waitFor(() => expect(within(chips).getByRole('button', { name: 'Remove the criterion: Rent' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(location()).toBe('/annonces'));
    expect(screen.queryByRole('list', { name: 'Search criteria' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(bar).getByRole('searchbox', { name: 'Keywords' })).toHaveFocus());
    expect(within(bar).getByRole('searchbox', { name: 'Keywords' })).toHaveValue('');
  });

  it('keeps the list whole when the map cannot be shown (no WebGL)', async () => {
    mapLoad.fail = true;
    answerOperations({ searchAds: { items: testSummaries(2), nextToken: null } });
    renderAt('/annonces');
    expect(await screen.findByText('The map cannot be shown on this device. The ads are all in the list.')).toBeVisible();
    expect(document.querySelector('.search-map')).toHaveAttribute('data-map-state', 'failed');
    expect(cards()).toHaveLength(2);
  });

  it('explains a failure and asks again on request', async () => {
    answerOperations({ searchAds: [new ApiError('INTERNAL', 'boom'), { items: testSummaries(1), nextToken: null }] });
    const { user } = renderAt('/annonces');
    expect(await screen.findByText('The ads could not be loaded.')).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Ad 0' })).toBeVisible();
  });

  it('on a phone, opens the filters in a sheet from a button that counts them, and closes it on applying them', async () => {
    onPhone();
    answerOperations({ searchAds: { items: testSummaries(2), nextToken: null } });
    const { user, location } = renderAt('/annonces?modes=RENT');
    await waitFor(() => expect(cards()).toHaveLength(2));
    // The results come first: the filters are not on the page until asked for.
    expect(screen.queryByRole('form', { name: 'Filter the ads' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const sheet = screen.getByRole('dialog', { name: 'Filter the ads' });
    await user.click(within(sheet).getByRole('checkbox', { name: 'Sale' }));
    await waitFor(() => expect(location()).toBe('/annonces?modes=RENT%2CSALE'));
    await user.click(within(sheet).getByRole('button', { name: 'Apply the filters' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeVisible();

    // Its close button leaves the search as it is.
    await user.click(screen.getByRole('button', { name: 'Filters (2)' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Filter the ads' })).getByRole('button', { name: 'Close the filters' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe('/annonces?modes=RENT%2CSALE');
  });

  it('counts the filters of the sheet for its button, each once: what and where are in the bar', () => {
    const place = { label: 'Rimouski, QC', latitude: 48.4, longitude: -68.5 };
    expect(filterCount(EMPTY_CRITERIA)).toBe(0);
    expect(filterCount({ ...EMPTY_CRITERIA, sort: 'DATE_ASC' })).toBe(0);
    expect(filterCount({ ...EMPTY_CRITERIA, modes: ['RENT', 'SALE'], day: true, keyword: ' four ' })).toBe(3);
    expect(filterCount({ ...EMPTY_CRITERIA, place })).toBe(0);
    expect(filterCount({ ...EMPTY_CRITERIA, place, radiusKm: 50 })).toBe(1);
  });

  it('is where a signed-in visitor lands from the root', async () => {
    answerOperations({ searchAds: { items: [], nextToken: null } });
    signIn('USER');
    const view = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ads' })).toBeVisible();
    expect(view.location()).toBe('/annonces');
  });
});
