// Phones first (issue 23), on a 375 px touch phone. A visitor opens a shared ad and reads it (no
// invitation over it), finds the site's entries behind the header's menu, meets the invitation on the
// landing page only, as a card whose buttons stay on the screen (at 320 px too), follows a category tile
// to the search and searches with the filters in a sheet, the results first. On the search, what and where
// stay at the top with the criteria as chips, one switch shows the map alone, whose pins open a card over it. A user writes to an owner from an ad:
// the conversation starts with that first message, its composer is pinned at the bottom, no keyboard
// hint; back shows the list. They save the ad with its heart and find it, then remove it, at /favoris.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  closeWelcomeLater,
  fillLogin,
  graphqlCall,
  signUpConfirmedThroughApi,
  uniqueEmail,
  apiToken,
  MAP_DRAWN,
} from './support';

const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const PASSWORD = 'Telephone-Passe-2026';

/** Whether an element lies wholly within the phone's screen as it is scrolled now. */
async function onScreen(page: Page, selector: ReturnType<Page['locator']>): Promise<boolean> {
  const box = (await selector.boundingBox())!;
  const screen = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= screen.width && box.y + box.height <= screen.height;
}

test('fr: a visitor reads a shared ad, opens the menu, and searches by category with the filters in a sheet, results first', async ({
  page,
}) => {
  const { searchAds } = await graphqlCall<{ searchAds: { items: { path: string }[] } }>(
    page.request,
    'query Latest { searchAds(input: { sort: DATE_DESC }, limit: 1) { items { path } } }',
    {},
  );

  // A shared ad's link: the ad, with nothing over it.
  await page.goto(`/annonces/${searchAds.items[0]!.path}?lang=fr`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Ne manquez aucune offre' })).toHaveCount(0);

  // The header is one row; its entries open under the menu button, the ads among them.
  const header = page.locator('header.site-header');
  expect((await header.boundingBox())!.height).toBeLessThan(100);
  const menu = page.getByRole('button', { name: 'Menu' });
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(navigation.getByRole('link', { name: 'Annonces' })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(navigation.getByRole('link', { name: 'Se connecter' })).toBeVisible();
  await navigation.getByRole('link', { name: 'Annonces' }).click();
  await expect(page).toHaveURL(/\/annonces$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // No invitation here either: the first result is on the screen, not 3,000 px down.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeInViewport();

  // The landing page invites, in the page, its buttons on the screen, even on the narrowest phones
  // (320 px), and closes.
  await page.getByRole('link', { name: "Partage d'équipement alimentaire" }).click();
  const invitation = page.getByRole('region', { name: 'Ne manquez aucune offre' });
  for (const width of [PHONE.width, 320]) {
    await page.setViewportSize({ ...PHONE, width });
    await invitation.scrollIntoViewIfNeeded();
    for (const name of ['S’abonner aux alertes', 'Créer un compte', 'Se connecter']) {
      const button = invitation.getByRole('link', { name });
      await button.scrollIntoViewIfNeeded();
      expect(await onScreen(page, button), `${name} at ${width} px`).toBe(true);
    }
    const close = invitation.getByRole('button', { name: "Fermer l'invitation" });
    await close.scrollIntoViewIfNeeded();
    expect(await onScreen(page, close), `close at ${width} px`).toBe(true);
  }
  await page.setViewportSize(PHONE);
  await invitation.getByRole('button', { name: "Fermer l'invitation" }).click();
  await expect(invitation).toHaveCount(0);

  // A category tile opens the search filtered by it.
  await page.getByRole('link', { name: 'Cuisine professionnelle' }).click();
  await expect(page).toHaveURL(/\/annonces\?categories=PROFESSIONAL_KITCHEN$/);
  const filters = page.getByRole('button', { name: 'Filtres (1)' });
  await expect(filters).toBeVisible();

  // The filters open in a sheet; applying them closes it, the results first.
  await filters.click();
  const sheet = page.getByRole('dialog', { name: 'Filtrer les annonces' });
  await expect(sheet.getByRole('checkbox', { name: 'Cuisine professionnelle' })).toBeChecked();
  // A box applies at once (the address follows, then the box).
  await sheet.getByRole('checkbox', { name: 'Location' }).click();
  await expect(page).toHaveURL(/modes=RENT/);
  await expect(sheet.getByRole('checkbox', { name: 'Location' })).toBeChecked();
  await sheet.getByRole('button', { name: 'Appliquer les filtres' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/modes=RENT/);
  await expect(page.getByRole('button', { name: 'Filtres (2)' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

const SEARCH_WORDS = {
  fr: {
    keywords: 'Mots-clés',
    bar: 'Rechercher des annonces',
    chips: 'Critères de la recherche',
    remove: 'Retirer le critère : ',
    list: 'Liste',
    map: 'Carte',
    card: 'Annonce choisie sur la carte',
    close: "Fermer la fiche de l'annonce",
    kitchen: 'Cuisine professionnelle',
  },
  en: {
    keywords: 'Keywords',
    bar: 'Search the ads',
    chips: 'Search criteria',
    remove: 'Remove the criterion: ',
    list: 'List',
    map: 'Map',
    card: 'Ad picked on the map',
    close: "Close the ad's card",
    kitchen: 'Professional kitchen',
  },
} as const;

for (const lang of ['fr', 'en'] as const) {
  test(`${lang}: the search bar stays at the top with the criteria as chips; the map alone fills the screen and a pin opens its ad's card`, async ({
    page,
  }) => {
    const words = SEARCH_WORDS[lang];
    // Around Québec, close enough for the map to show the ads' own pins.
    await page.goto(`/annonces?lang=${lang}&categories=PROFESSIONAL_KITCHEN&lieu=Qu%C3%A9bec&lat=46.8123&lng=-71.2145&rayon=2`);
    const bar = page.getByRole('search', { name: words.bar });
    const keywords = bar.getByRole('searchbox', { name: words.keywords });
    await expect(keywords).toBeInViewport();
    await keywords.fill('cuisine');
    await keywords.press('Enter');
    await expect(page).toHaveURL(/q=cuisine/);

    // What was searched is in sight, each criterion removable in one tap; the first result is on the screen.
    const chips = page.getByRole('list', { name: words.chips });
    await expect(chips.getByRole('button')).toHaveCount(3);
    await expect(chips.getByRole('button').last()).toBeInViewport();
    await expect(page.getByRole('article').first()).toBeInViewport();
    await chips.getByRole('button', { name: `${words.remove}${words.kitchen}` }).click();
    await expect(page).not.toHaveURL(/categories=/);
    await expect(page).toHaveURL(/q=cuisine/);
    await expect(chips.getByRole('button')).toHaveCount(2);

    // One switch: the map alone takes the screen under the search bar.
    await expect(page.getByRole('group', { name: lang === 'fr' ? 'Affichage' : 'View' })).toHaveCount(1);
    await page.getByRole('button', { name: words.map, exact: true }).click();
    const map = page.locator('.search-map');
    await expect(map).toHaveAttribute('data-map-state', 'loaded', MAP_DRAWN);
    await expect(page.getByRole('article')).toHaveCount(0);
    const screen = page.viewportSize()!;
    const mapBox = (await map.boundingBox())!;
    expect(mapBox.y).toBeGreaterThan((await bar.boundingBox())!.y);
    expect(mapBox.y + mapBox.height).toBeLessThanOrEqual(screen.height);
    expect(mapBox.height).toBeGreaterThan(screen.height * 0.45);

    // A pin opens its ad's card over the map, which stays where it is; the card's link opens the ad.
    // The last drawn: pins of one town may lie on one another, the last on top.
    const pin = page.locator('.search-map__marker').last();
    await expect(page.locator('.search-map__marker, .search-map__cluster').first()).toBeVisible(MAP_DRAWN);
    // Ads close together are one cluster on a phone's narrow map: tapped, it zooms in to their pins.
    if ((await pin.count()) === 0) await page.locator('.search-map__cluster').first().tap();
    await expect(pin).toBeVisible(MAP_DRAWN);
    const name = (await pin.getAttribute('aria-label'))!;
    const itsPin = page.locator(`.search-map__marker[data-ad-id="${await pin.getAttribute('data-ad-id')}"]`);
    const scrolled = await page.evaluate(() => window.scrollY);
    await itsPin.tap();
    const card = page.getByRole('group', { name: words.card });
    await expect(card.getByRole('link', { name, exact: true })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.y).toBeGreaterThanOrEqual(mapBox.y);
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(mapBox.y + mapBox.height + 1);
    await card.getByRole('button', { name: words.close }).tap();
    await expect(card).toHaveCount(0);
    // The focus is back on the pin, which opens the card from the keyboard too, its link focused.
    await expect(itsPin).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('link', { name, exact: true })).toBeFocused();
    await card.getByRole('link', { name, exact: true }).tap();
    await expect(page).toHaveURL(/\/annonces\/[^?]+/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Back on the map; the list comes back with the switch.
    await page.goBack();
    await page.getByRole('button', { name: words.list, exact: true }).click();
    await expect(page.getByRole('article').first()).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
}

test('en: a user writes to an owner from an ad: the first message starts the conversation, the composer stays in reach; the heart saves the ad to /favoris', async ({
  browser,
  baseURL,
  page,
}) => {
  const ownerToken = await apiToken(page.request, 'traiteur@exemple.ca');
  const { managedAds } = await graphqlCall<{ managedAds: { items: { path: string }[] } }>(
    page.request,
    'query { managedAds(published: true, limit: 1) { items { path } } }',
    {},
    ownerToken,
  );
  const email = uniqueEmail('phone');
  await signUpConfirmedThroughApi(page.request, email, PASSWORD, `Cuisine collective ${Date.now().toString(36)}`, { language: 'ENGLISH' });
  const context = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  const phone = await context.newPage();

  // A visitor's contact button goes to login, which comes back to the first message's page.
  await phone.goto(`/annonces/${managedAds.items[0]!.path}?lang=en`);
  await phone.getByRole('link', { name: 'Contact the owner' }).click();
  await expect(phone).toHaveURL(/\/connexion\?returnPath=/);
  await fillLogin(phone, 'en', email, PASSWORD);
  await expect(phone).toHaveURL(/\/conversations\/creer\/[\w-]+$/);
  await closeWelcomeLater(phone, 'en');

  // Nothing exists before the first message: the conversations list is empty.
  const myConversations = async () => {
    const token = await apiToken(phone.request, email, PASSWORD);
    const { myConversations: list } = await graphqlCall<{ myConversations: { items: unknown[] } }>(
      phone.request,
      'query { myConversations { items { id } } }',
      {},
      token,
    );
    return list.items.length;
  };
  expect(await myConversations()).toBe(0);

  // On a touch screen Enter breaks the line and no hint speaks of keys; the button sends.
  const box = phone.getByLabel('Your message');
  await expect(phone.getByText(/Enter to send/)).toHaveCount(0);
  await box.fill('Hello, is the kitchen free on weekends?');
  await phone.getByRole('button', { name: 'Send' }).click();
  await expect(phone).toHaveURL(/\/conversations\/[\w-]+$/);
  await expect(phone.getByRole('log').getByText('Hello, is the kitchen free on weekends?')).toBeVisible();
  expect(await myConversations()).toBe(1);

  // The conversation fills the screen, its composer pinned at the bottom, in reach.
  const send = phone.getByRole('button', { name: 'Send' });
  expect(await onScreen(phone, phone.getByLabel('Your message'))).toBe(true);
  expect(await onScreen(phone, send)).toBe(true);
  await expect(phone.getByText(/Enter to send/)).toHaveCount(0);

  // Back shows the list, which then fills the screen.
  await phone.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(phone).toHaveURL(/\/conversations$/);
  await expect(phone.getByRole('log')).toHaveCount(0);
  await expect(phone.getByRole('link', { name: /Hello, is the kitchen free/ })).toBeVisible();

  // The ad's heart saves it in one tap, a thumb-sized target; /favoris lists it, and its heart removes it.
  await phone.goto(`/annonces/${managedAds.items[0]!.path}`);
  await phone.getByRole('button', { name: /^Add to favourites: / }).click();
  const saved = phone.getByRole('button', { name: /^Remove from favourites: / });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  const heart = (await saved.boundingBox())!;
  expect(Math.min(heart.width, heart.height)).toBeGreaterThanOrEqual(44);
  await phone.goto('/favoris');
  await expect(phone.getByRole('heading', { level: 1, name: 'My favourites' })).toBeVisible();
  const card = phone.getByRole('article').filter({ has: phone.locator(`a[href="/annonces/${managedAds.items[0]!.path}"]`) });
  await card.getByRole('button', { name: /^Remove from favourites: / }).click();
  await expect(phone.getByText('You have no favourites yet.', { exact: false })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Browse the ads' })).toHaveAttribute('href', '/annonces');

  // The e-mail reminders can be turned off in the settings.
  await phone.goto('/parametres');
  const reminders = phone.getByRole('checkbox', { name: /E-mail me/ });
  await expect(reminders).toBeChecked();
  // The box follows the saved preference: it changes once the server has it (a retrying check).
  await reminders.click();
  await expect(reminders).not.toBeChecked();
  await phone.reload();
  await expect(phone.getByRole('checkbox', { name: /E-mail me/ })).not.toBeChecked();
  await context.close();
});
