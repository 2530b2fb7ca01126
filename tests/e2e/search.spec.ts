// The ad search of /annonces in the browser, against the ~300 demo ads the local host seeds
// (functions/domain/ads/demo-ads.ts: the caterer's kitchens in Québec and Lévis, the cannery's ads
// around Rimouski…): filters and an address, the sort, the views, a shared address, the back
// button, the count and the price order, the map (drawn offline, its markers in step with the cards, its position kept), the panel
// with the keyboard alone, and axe in both languages.
import type { Locator, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@partage/graphql';
import { test, expect, MAP_DRAWN, WIDE_SCREEN } from './support';

/** The gazetteer's Québec (functions/domain/places): the demo kitchens of Québec and Lévis are within 10 km. */
const QUEBEC = 'lieu=Qu%C3%A9bec&lat=46.8123&lng=-71.2145';

/** The first-visit invitation stays closed: these journeys are about the search, not the invitation. */
async function skipInvitation(page: Page): Promise<void> {
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), STORAGE_KEYS.firstVisitModalClosed);
}

/** The results' status line once a search has answered: a count, or the empty message. */
const searched = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^(\d+ annonces? affichées?\.|\d+ ads? shown\.|Aucune annonce ne correspond.*|No ad matches.*)$/ });

/** Kilometres of each card's "Town, à 1,2 km" line, in the order shown. */
async function distances(page: Page): Promise<number[]> {
  const lines = await page.locator('.ad-card__town').allTextContents();
  return lines.map((line) =>
    Number(
      /([\d\s\u00a0\u202f.,]+)\s*km/
        .exec(line)![1]!
        .replace(/[\s\u00a0\u202f]/g, '')
        .replace(',', '.'),
    ),
  );
}

const ascending = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1]! <= value);
const descending = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1]! >= value);

/** Presses Tab (Shift+Tab `backwards`) until `target` has focus, failing after `max` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

// The map beside the results, drawn at once.
test.use(WIDE_SCREEN);
test.beforeEach(async ({ page }) => skipInvitation(page));

test('a visitor finds kitchens around Québec, sorts them by distance, shares the search and walks back through it', async ({
  page,
  browser,
}) => {
  await page.goto('/annonces?lang=fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Annonces' })).toBeVisible();
  await expect(searched(page)).toBeVisible();

  // The box follows the address (a new search), a moment after the click: check() would read it at once.
  const kitchens = page.getByRole('group', { name: 'Catégories' }).getByRole('checkbox', { name: 'Cuisine professionnelle' });
  await kitchens.click();
  await expect(kitchens).toBeChecked();
  await expect(page).toHaveURL(/\/annonces\?categories=PROFESSIONAL_KITCHEN$/);
  await page.getByRole('combobox', { name: 'Adresse, ville ou code postal' }).fill('Québec');
  await page
    .getByRole('option', { name: /^Québec/ })
    .first()
    .click();
  await expect(page).toHaveURL(/categories=PROFESSIONAL_KITCHEN&lieu=[^&]+&lat=46\.\d+&lng=-71\.\d+$/);

  // Kitchens only, all in Québec or Lévis (25 km around), nearest first.
  // The new results carry their distance from the place (the previous ones had none).
  await expect(page.locator('.ad-card__town').first()).toContainText('km');
  expect(new Set(await page.locator('.ad-card__category').allTextContents())).toEqual(new Set(['Cuisine professionnelle']));
  for (const town of await page.locator('.ad-card__town').allTextContents()) expect(town).toMatch(/^(Québec|Lévis), à .+ km$/);
  const sort = page.getByRole('combobox', { name: 'Trier par' });
  await expect(sort).toHaveValue('DISTANCE_ASC');
  expect(ascending(await distances(page))).toBe(true);

  await sort.selectOption({ label: "Distance, la plus éloignée d'abord" });
  await expect(page).toHaveURL(/tri=DISTANCE_DESC/);
  await expect.poll(async () => descending(await distances(page)) && (await distances(page)).length > 1).toBe(true);
  const firstTitle = await page.locator('.ad-card__title').first().textContent();

  // The address is the search: another visitor opening it sees the same one.
  const shared = page.url();
  const other = await browser.newPage();
  await skipInvitation(other);
  await other.goto(shared);
  await expect(other.getByRole('checkbox', { name: 'Cuisine professionnelle' })).toBeChecked();
  await expect(other.getByRole('combobox', { name: 'Adresse, ville ou code postal' })).toHaveValue(/^Québec/);
  await expect(other.getByRole('combobox', { name: 'Trier par' })).toHaveValue('DISTANCE_DESC');
  await expect(other.locator('.ad-card__title').first()).toHaveText(firstTitle!);
  await other.close();

  // Back walks back through the searches: the sort, the place, the category.
  await page.goBack();
  await expect(page).not.toHaveURL(/tri=/);
  await expect(sort).toHaveValue('DISTANCE_ASC');
  await page.goBack();
  await expect(page).toHaveURL(/\/annonces\?categories=PROFESSIONAL_KITCHEN$/);
  await expect(page.getByRole('combobox', { name: 'Adresse, ville ou code postal' })).toHaveValue('');
  await expect(sort).toHaveValue('DATE_DESC');
  await expect(page.locator('option[value="DISTANCE_ASC"]')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/annonces$/);
  await expect(page.getByRole('checkbox', { name: 'Cuisine professionnelle' })).not.toBeChecked();
});

test('the results show as cards beside the map or as a list, and the filters reset', async ({ page }) => {
  await page.goto('/annonces?lang=en&categories=SURPLUS');
  await expect(searched(page)).toBeVisible();
  const cardsView = page.getByRole('button', { name: 'Cards and map' });
  const listView = page.getByRole('button', { name: 'List' });
  await expect(cardsView).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.search-map')).toBeVisible();
  await expect(page.locator('.ad-card').first()).toBeVisible();

  await listView.click();
  await expect(listView).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/annonces\?categories=SURPLUS&vue=liste$/);
  await expect(page.locator('.search-map')).toHaveCount(0);
  await expect(page.locator('.ad-card')).toHaveCount(0);
  const rows = page.locator('.search-row');
  await expect(rows.first()).toBeVisible();
  for (const facts of await page.locator('.search-row__facts').allTextContents()) expect(facts).toContain('Surplus');

  await cardsView.click();
  await expect(page.locator('.search-map')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).first().click();
  await expect(page).toHaveURL(/\/annonces$/);
  await expect(page.getByRole('checkbox', { name: 'Surplus' })).not.toBeChecked();
  await expect(searched(page)).toBeVisible();

  // How many ads match, above the results; by price on request, the cheapest first.
  await expect(page.getByText(/^\d+ ads match the search$/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price, lowest first' });
  await expect(page).toHaveURL(/\/annonces\?tri=PRICE_ASC$/);
  await expect(searched(page)).toBeVisible();
});

test('the map draws the results offline, in step with the cards', async ({ page }) => {
  // Nothing but the local host answers: the basemap and MapLibre's worker come with the app.
  const outside: string[] = [];
  await page.route(
    (url) => url.hostname !== 'localhost',
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  await page.goto(`/annonces?lang=fr&${QUEBEC}&rayon=2`);
  const map = page.locator('.search-map');
  await expect(map).toHaveAttribute('data-map-state', 'loaded', MAP_DRAWN);
  const markers = page.locator('.search-map__marker');
  await expect(markers.first()).toBeVisible();

  // A card pointed at lights its ad's marker up; a marker pointed at lights its card up. The card is one
  // with a marker: journeys running beside this one add ads here, some shown as an approximate area.
  const pointed = await markers.first().getAttribute('aria-label');
  await page
    .locator('.ad-card')
    .filter({ has: page.getByRole('link', { name: pointed!, exact: true }) })
    .hover();
  await expect(page.locator('.search-map__marker--highlighted')).toHaveCount(1);
  const marker = markers.last();
  const name = await marker.getAttribute('aria-label');
  await marker.hover();
  await expect(page.locator('.ad-card--highlighted')).toHaveCount(1);
  await expect(page.locator('.ad-card--highlighted .ad-card__title')).toHaveText(name!);
  // Its click opens the ad's card over the map, its link focused; Escape closes it, back to the marker.
  await marker.click();
  const card = page.getByRole('group', { name: 'Annonce choisie sur la carte' });
  await expect(card.getByRole('link', { name: name!, exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
  await expect(marker).toBeFocused();

  // Moving the map offers to search there: the place becomes the map's centre.
  await expect(page.getByRole('button', { name: 'Rechercher dans cette zone' })).toHaveCount(0);
  // Dragged from a corner, away from the markers around the centre.
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + box.height - 60);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + box.height - 140, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Rechercher dans cette zone' }).click();
  await expect(page).toHaveURL(/\/annonces\?lat=46\.\d+&lng=-71\.\d+(&rayon=\d+)?$/);
  await expect(page.getByRole('combobox', { name: 'Adresse, ville ou code postal' })).toHaveValue('Centre de la carte');
  await expect(searched(page)).toBeVisible();
  expect(outside).toEqual([]);
});

test('a cluster followed leaves no marker of the zoom left behind', async ({ page }) => {
  await page.goto('/annonces?lang=fr');
  await expect(page.locator('.search-map')).toHaveAttribute('data-map-state', 'loaded', MAP_DRAWN);
  const cluster = page.locator('.search-map__cluster').first();
  await expect(cluster).toBeVisible();
  const followed = await cluster.elementHandle();
  const zoomBefore = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.mapZoom);
  await cluster.click();
  // Zoomed in (the position saved at the end of the move), then the new zoom's markers drawn: the
  // cluster followed is gone (it stayed on the map, its count wrong, before).
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.mapZoom)).not.toBe(zoomBefore);
  await expect.poll(() => followed!.evaluate((element) => element.isConnected), MAP_DRAWN).toBe(false);
  await expect(page.locator('.search-map__marker, .search-map__cluster').first()).toBeVisible();
});

test('the map opens where it was left, after a reload', async ({ page }) => {
  await page.goto('/annonces?lang=fr');
  const map = page.locator('.search-map');
  await expect(map).toHaveAttribute('data-map-state', 'loaded', MAP_DRAWN);
  await expect(page.locator('.search-map__marker, .search-map__cluster').first()).toBeVisible();
  const stored = () =>
    page.evaluate(
      (keys) => keys.map((key) => localStorage.getItem(key)),
      [STORAGE_KEYS.mapLatitude, STORAGE_KEYS.mapLongitude, STORAGE_KEYS.mapZoom],
    );

  // Two steps in with the map's own button, then a reload: one step out lands one step above the start.
  const zoomIn = page.getByRole('button', { name: 'Zoom avant' });
  await zoomIn.click();
  await expect.poll(async () => (await stored())[2]).toBe('6.00');
  await zoomIn.click();
  await expect.poll(async () => (await stored())[2]).toBe('7.00');
  const [latitude, longitude] = await stored();

  await page.reload();
  await expect(map).toHaveAttribute('data-map-state', 'loaded', MAP_DRAWN);
  await page.getByRole('button', { name: 'Zoom arrière' }).click();
  await expect.poll(async () => (await stored())[2]).toBe('6.00');
  expect((await stored()).slice(0, 2)).toEqual([latitude, longitude]);
});

test('the search panel works with the keyboard alone', async ({ page }) => {
  await page.goto('/annonces?lang=fr');
  await expect(searched(page)).toBeVisible();
  await page.keyboard.press('Tab');

  await tabTo(page, page.getByRole('searchbox', { name: 'Mots-clés' }));
  await page.keyboard.type('cuisine');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/annonces\?q=cuisine$/);

  await tabTo(page, page.getByRole('combobox', { name: 'Adresse, ville ou code postal' }));
  await page.keyboard.type('Rimouski');
  await expect(page.getByRole('option', { name: /Rimouski/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/lat=48\.\d+&lng=-68\.\d+/);

  await tabTo(page, page.getByRole('textbox', { name: 'Rayon (km)' }));
  await page.keyboard.type('40');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/rayon=40/);

  await tabTo(page, page.getByRole('checkbox', { name: "Espace d'entreposage" }));
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/categories=STORAGE_SPACE/);
  await expect(searched(page)).toBeVisible();

  const listView = page.getByRole('button', { name: 'Liste' });
  await tabTo(page, listView);
  await page.keyboard.press('Enter');
  await expect(listView).toHaveAttribute('aria-pressed', 'true');

  // The panel's reset comes before the results, view switch included: it clears the filters, not what and
  // where; the chips' "clear all", before the panel, clears everything.
  await tabTo(page, page.getByRole('button', { name: 'Réinitialiser les filtres' }).first(), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/annonces\?q=cuisine&lieu=[^&]+&lat=[\d.]+&lng=-[\d.]+&vue=liste$/);
  await expect(page.getByRole('searchbox', { name: 'Mots-clés' })).toHaveValue('cuisine');
  await tabTo(page, page.getByRole('button', { name: 'Tout effacer' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/annonces\?vue=liste$/);
  await expect(page.getByRole('searchbox', { name: 'Mots-clés' })).toHaveValue('');
  await expect(page.getByRole('searchbox', { name: 'Mots-clés' })).toBeFocused();
});

for (const lang of ['fr', 'en'] as const) {
  test(`the search page has no serious axe violation (${lang})`, async ({ page }) => {
    await page.goto(`/annonces?lang=${lang}&${QUEBEC}`);
    await expect(searched(page)).toBeVisible();
    await expect(page.locator('.search-map')).toHaveAttribute('data-map-state', 'loaded', MAP_DRAWN);
    await page.getByRole('button', { name: lang === 'fr' ? 'Liste' : 'List' }).click();
    await expect(page.locator('.search-row').first()).toBeVisible();

    // On a phone the search bar stays, the filters open in a sheet from their button, and nothing is wider
    // than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('search').getByRole('searchbox')).toBeVisible();
    await page.getByRole('button', { name: lang === 'fr' ? /^Filtres/ : /^Filters/ }).click();
    await expect(page.getByRole('dialog').getByRole('checkbox').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}
