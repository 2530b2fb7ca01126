// The accessibility sweep (WCAG 2.1 AA): every route of web/src/app/routes.tsx (spec §2), in French
// and in English, as the role that may open it, with real ids (a demo ad, the user's own profile, ad,
// alert and conversation, the administrator's unlisted ad, links read from the dev mailbox), plus the
// dialogs people meet and the search page in both views. axe must find no violation of any impact.
// One browser context per role, signed in once; each describe prepares its own data, so the tests of a
// describe only need its beforeAll.
import type { APIRequestContext, Browser, BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { STORAGE_KEYS } from '@partage/graphql';
import { adInput } from '../../functions/testing/ad-input';
import { expectNoA11yViolations, expectNoA11yViolationsInDialog } from './axe';
import { hostOf, serverURL } from './servers';
import {
  ACCOUNTS,
  LABELS,
  apiToken,
  appReady,
  expect,
  fillLogin,
  graphqlCall,
  linkIn,
  loginAdminWithEmailedCode,
  signUpConfirmedThroughApi,
  signUpThroughApi,
  test,
  uniqueEmail,
  waitForEmail,
  welcomeDialog,
  MAP_DRAWN,
  WIDE_SCREEN,
  type Lang,
} from './support';

const LANGS = ['fr', 'en'] as const;
const PASSWORD = 'Acces-Universel-2026';
/** Tells this run's ads from any other run's on the same host. */
const RUN = Date.now().toString(36);
const USER_AD = `Cuisine de quartier accessible ${RUN}`;
const UNLISTED_AD = `Four préparé accessible ${RUN}`;

// Each test checks a page or two in both languages: on a 2-core machine shared with other runs, more than the default minute.
test.describe.configure({ timeout: 150_000 });

/** The gazetteer's Québec: searches around it have results with distances. */
const QUEBEC = 'lieu=Qu%C3%A9bec&lat=46.8123&lng=-71.2145';

const WORDS = {
  fr: {
    invitation: 'Ne manquez aucune offre',
    terms: "Conditions d'utilisation",
    verifyNumber: 'Confirmer mon numéro',
    phoneDialog: 'Confirmer mon numéro de téléphone',
    sendCode: 'Envoyer le code',
    codeSent: /Un code a été envoyé/,
    fullScreen: 'Afficher en plein écran',
    unpublished: 'Non publiées',
    unlisted: 'Annonces préparées à transférer',
    closeInvitation: "Fermer l'invitation",
    filters: 'Filtres',
    filterSheet: 'Filtrer les annonces',
    showMap: 'Carte',
    reportAd: 'Signaler cette annonce',
    report: 'Signaler',
    conversationMenu: "Plus d'actions sur la conversation",
    block: /^Bloquer /,
  },
  en: {
    invitation: 'Never miss an offer',
    terms: 'Terms of use',
    verifyNumber: 'Verify my number',
    phoneDialog: 'Verify my phone number',
    sendCode: 'Send the code',
    codeSent: /A code was sent/,
    fullScreen: 'View full screen',
    unpublished: 'Unpublished',
    unlisted: 'Prepared ads to transfer',
    closeInvitation: 'Close the invitation',
    filters: 'Filters',
    filterSheet: 'Filter the ads',
    showMap: 'Map',
    reportAd: 'Report this ad',
    report: 'Report',
    conversationMenu: 'More actions for the conversation',
    block: /^Block /,
  },
} as const;

/** `path` in `lang` (the lang query parameter wins over the stored language; e-mailed links carry one). */
function inLang(path: string, lang: Lang): string {
  const url = new URL(path, 'http://site');
  url.searchParams.set('lang', lang);
  return `${url.pathname}${url.search}`;
}

const mainHeading = (page: Page) => page.locator('main h1');

/** Opens `path` in `lang` and waits for the page's heading, in the page's language. */
async function visit(page: Page, path: string, lang: Lang): Promise<void> {
  await page.goto(inLang(path, lang));
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(mainHeading(page)).toBeVisible();
  // A page painted ahead shows its heading before the app loads (after its first paint): what the sweep
  // does next (a click, the checks of the app's page) is for the app's page.
  await appReady(page);
}

/** The results' status line once a search has answered: a count, or the empty message. */
const searched = (page: Page) =>
  page.getByRole('status').filter({ hasText: /annonces? affichées?|ads? shown|Aucune annonce|No ad matches/ });

/**
 * A route as a role sees it: its path as spec §2 writes it, the path visited (made of ids the
 * describe's beforeAll prepares), and what the page loads after its heading.
 */
interface Route {
  name: string;
  path?: () => string;
  ready?: (page: Page, lang: Lang) => Promise<void>;
}

/**
 * The route in both languages, axe on each: opened in French, then switched to English with the header's
 * button, as a reader does; loading the app a second time cost the sweep as much as axe.
 */
async function sweep(page: Page, route: Route): Promise<void> {
  await visit(page, route.path?.() ?? route.name, 'fr');
  await route.ready?.(page, 'fr');
  await expectNoA11yViolations(page, `${route.name} (fr)`);
  await switchToEnglish(page);
  await route.ready?.(page, 'en');
  await expectNoA11yViolations(page, `${route.name} (en)`);
}

/** The page open in French, in English by the header's button (a wide screen's header shows it). */
async function switchToEnglish(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(mainHeading(page)).toBeVisible();
}

const sweepEach = (page: () => Page, routes: Route[]) => {
  for (const route of routes) test(route.name, async () => sweep(page(), route));
};

const visible = (locator: (page: Page, lang: Lang) => Locator) => async (page: Page, lang: Lang) =>
  expect(locator(page, lang).first()).toBeVisible();

/** The first-visit invitation stays closed in a role's context: its own test opens it. */
async function newContextWithoutInvitation(browser: Browser, testInfo: TestInfo): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ baseURL: serverURL(hostOf(testInfo)) });
  const page = await context.newPage();
  await page.goto('/accueil');
  await page.evaluate((key) => localStorage.setItem(key, new Date().toISOString()), STORAGE_KEYS.firstVisitModalClosed);
  return [context, page];
}

/** A published demo ad: its id and its path under /annonces/. */
async function demoAd(request: APIRequestContext): Promise<{ id: string; path: string }> {
  const { searchAds } = await graphqlCall<{ searchAds: { items: { id: string; path: string }[] } }>(
    request,
    'query Latest { searchAds(input: { sort: DATE_DESC }, limit: 1) { items { id path } } }',
    {},
  );
  expect(searchAds.items[0], 'a published demo ad').toBeDefined();
  return searchAds.items[0]!;
}

async function createAd(request: APIRequestContext, token: string, title: string): Promise<string> {
  const { createAd: created } = await graphqlCall<{ createAd: { id: string } }>(
    request,
    'mutation CreateAd($input: AdInput!, $requestKey: ID!) { createAd(input: $input, requestKey: $requestKey) { id } }',
    { input: adInput({ title: { fr: title, en: null } }), requestKey: crypto.randomUUID() },
    token,
  );
  return created.id;
}

const ALERT_INPUT = {
  criteria: { categories: ['PROFESSIONAL_KITCHEN'] },
  place: { label: 'Québec', latitude: 46.8123, longitude: -71.2145 },
  radiusKm: 10,
  language: 'FRENCH',
};

async function createAlert(request: APIRequestContext, email: string, token?: string): Promise<string> {
  const { createAlert: created } = await graphqlCall<{ createAlert: { id: string } }>(
    request,
    'mutation CreateAlert($input: CreateAlertInput!) { createAlert(input: $input) { id } }',
    { input: { ...ALERT_INPUT, email } },
    token,
  );
  return created.id;
}

/** The site path of the first link of `text` under `prefix` (alert links carry their id in the path). */
function linkUnder(text: string, prefix: string): string {
  const url = (text.match(/https?:\/\/\S+/g) ?? []).map((link) => new URL(link)).find((link) => link.pathname.startsWith(prefix));
  expect(url, `a link to ${prefix}…`).toBeDefined();
  return `${url!.pathname}${url!.search}`;
}

test.describe('a visitor', () => {
  // The search page with its map beside the results.
  test.use(WIDE_SCREEN);
  let context: BrowserContext;
  let page: Page;
  const links = { ad: '', confirmAlert: '', deleteAlert: '', resetPassword: '', confirmEmail: '', adminRegistration: '' };

  test.beforeAll(async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    [context, page] = await newContextWithoutInvitation(browser, testInfo);
    const request = context.request;
    links.ad = `/annonces/${(await demoAd(request)).path}`;

    const since = Date.now() - 1000;
    // A visitor's alert waits for its confirmation: its e-mail has both links.
    const alertEmail = uniqueEmail('a11y-alerte');
    await createAlert(request, alertEmail);
    const alertMail = await waitForEmail(request, alertEmail, since);
    links.confirmAlert = linkUnder(alertMail.text, '/alertes/confirmer/');
    links.deleteAlert = linkUnder(alertMail.text, '/alertes/supprimer/');

    // A sign-up left unconfirmed: its confirmation link.
    const newcomer = uniqueEmail('a11y-inscription');
    await signUpThroughApi({
      input: {
        email: newcomer,
        password: PASSWORD,
        firstName: 'Essai',
        lastName: 'Accessibilité',
        organizationName: 'Cuisine accessible',
        organizationType: 'NON_PROFIT_ORGANIZATIONS',
        industry: 'CATERING',
        acceptedTermsAndPrivacy: true,
        notRentalCompany: true,
      },
    });
    links.confirmEmail = linkIn(await waitForEmail(request, newcomer, since), '/confirmez-courriel');

    // A password reset asked by a confirmed user.
    const forgetful = uniqueEmail('a11y-oubli');
    await signUpConfirmedThroughApi(request, forgetful, PASSWORD, 'Traiteur accessible');
    const resetSince = Date.now() - 1000;
    await graphqlCall(request, 'mutation Forgot($input: EmailInput!) { sendPasswordReset(input: $input) }', {
      input: { email: forgetful },
    });
    links.resetPassword = linkIn(await waitForEmail(request, forgetful, resetSince), '/reinitialiser-mot-de-passe');

    // An administrator's invitation.
    const invited = uniqueEmail('a11y-admin');
    const adminToken = await apiToken(request, ACCOUNTS.admin);
    const inviteSince = Date.now() - 1000;
    await graphqlCall(
      request,
      'mutation Invite($input: CreateAdminAccountInput!) { createAdminAccount(input: $input) { id } }',
      { input: { email: invited, firstName: 'Invitée', lastName: 'Accessibilité' } },
      adminToken,
    );
    links.adminRegistration = linkIn(await waitForEmail(request, invited, inviteSince), '/inscription/admin');
  });

  test.afterAll(async () => context?.close());

  const routes: Route[] = [
    { name: '/accueil' },
    // Marketing pages being built on other branches: the not-found page here until they are merged.
    { name: '/equipement-a-partager' },
    { name: '/recherche-d-equipement' },
    { name: '/a-propos' },
    { name: '/faq' },
    { name: '/nous-joindre' },
    { name: '/page-inexistante' },
    { name: '/alertes/creer', ready: visible((page) => page.locator('main form')) },
    { name: '/connexion', ready: visible((page) => page.locator('main form')) },
    { name: '/mot-de-passe-oublie', ready: visible((page) => page.locator('main form')) },
    {
      name: '/reenvoyer-courriel',
      path: () => '/reenvoyer-courriel?email=quelqu.un%40exemple.ca',
      ready: visible((page) => page.locator('main form')),
    },
    { name: '/inscription', ready: visible((page, lang) => page.getByLabel(LABELS[lang].password, { exact: true })) },
    // The "stop these reminders" link of a rating reminder: the page asks before it stops them.
    {
      name: '/evaluations/arreter-les-rappels',
      path: () => '/evaluations/arreter-les-rappels?utilisateur=demo-ecole&token=jeton',
      ready: visible((page) => page.locator('main button')),
    },
  ];
  sweepEach(() => page, routes);

  test('the ad list, as cards beside the map and as a list', async () => {
    // Each view opened in French, then switched to English in the page (sweep).
    await visit(page, `/annonces?${QUEBEC}`, 'fr');
    for (const lang of LANGS) {
      if (lang === 'en') await switchToEnglish(page);
      await expect(searched(page)).toBeVisible();
      await expect(page.locator('.search-map')).toHaveAttribute('data-map-state', 'loaded', MAP_DRAWN);
      await expect(page.locator('.search-map__marker, .search-map__cluster').first()).toBeVisible();
      await expectNoA11yViolations(page, `/annonces, cards and map (${lang})`);
    }
    await visit(page, `/annonces?${QUEBEC}&vue=liste`, 'fr');
    for (const lang of LANGS) {
      if (lang === 'en') await switchToEnglish(page);
      await expect(page.locator('.search-row').first()).toBeVisible();
      await expectNoA11yViolations(page, `/annonces, list (${lang})`);
    }
    // On a phone the map waits for the view switch, and the filters open in a sheet from their button.
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      for (const lang of LANGS) {
        await visit(page, `/annonces?${QUEBEC}`, lang);
        await expect(page.getByRole('button', { name: WORDS[lang].showMap, exact: true })).toBeVisible();
        await expectNoA11yViolations(page, `/annonces on a phone (${lang})`);
        await page.getByRole('button', { name: new RegExp(`^${WORDS[lang].filters}`) }).click();
        await expect(page.getByRole('dialog', { name: WORDS[lang].filterSheet })).toBeVisible();
        await expectNoA11yViolationsInDialog(page, `/annonces on a phone, the filters (${lang})`);
        await page.keyboard.press('Escape');
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  test('an ad, and its pictures full screen', async () => {
    await visit(page, links.ad, 'fr');
    for (const lang of LANGS) {
      if (lang === 'en') await switchToEnglish(page);
      // The map loads once near the viewport.
      await page.locator('.ad-map__canvas').scrollIntoViewIfNeeded();
      await expect(page.locator('.ad-map__canvas canvas')).toBeVisible(MAP_DRAWN);
      await expectNoA11yViolations(page, `${links.ad} (${lang})`);
      const fullScreen = page.getByRole('button', { name: WORDS[lang].fullScreen });
      if ((await fullScreen.count()) > 0) {
        await fullScreen.click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoA11yViolationsInDialog(page, `${links.ad}, pictures full screen (${lang})`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }
    }
  });

  test('the links of the e-mails: an alert confirmed then deleted, an address confirmed, a new password, an invitation', async () => {
    // An alert's links ask first: the question in both languages, then the outcome of its button.
    for (const path of [links.confirmAlert, links.deleteAlert]) {
      for (const lang of LANGS) {
        await visit(page, path, lang);
        await expect(page.locator('main button')).toBeVisible();
        await expectNoA11yViolations(page, `${path.split('?')[0]} (${lang})`);
      }
      await page.locator('main button').click();
      await expect(page.locator('main [role=status]')).toHaveCount(0);
      await expect(page.locator('main button')).toHaveCount(0);
      await expectNoA11yViolations(page, `${path.split('?')[0]}, done`);
    }
    // The address's link is used by the first visit (French), found used by the second (English).
    for (const lang of LANGS) {
      await visit(page, links.confirmEmail, lang);
      await expect(page.locator('main [role=status]')).toHaveCount(0);
      await expectNoA11yViolations(page, `${links.confirmEmail.split('?')[0]} (${lang})`);
    }
    for (const path of [links.resetPassword, links.adminRegistration]) {
      await sweep(page, { name: path.split('?')[0]!, path: () => path, ready: visible((page) => page.locator('main form')) });
    }
  });

  test('the sign-up form with its errors, and the login code step', async () => {
    for (const lang of LANGS) {
      await visit(page, '/inscription', lang);
      await page.locator('main form button[type=submit]').click();
      await expect(page.locator('main [aria-invalid=true]').first()).toBeVisible();
      await expectNoA11yViolations(page, `/inscription with errors (${lang})`);
    }
    for (const lang of LANGS) {
      await visit(page, '/connexion', lang);
      await fillLogin(page, lang, ACCOUNTS.admin);
      await expect(page.getByLabel(LABELS[lang].code)).toBeVisible();
      await expectNoA11yViolations(page, `/connexion, code step (${lang})`);
    }
  });

  test('the first-visit invitation', async () => {
    for (const lang of LANGS) {
      await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.firstVisitModalClosed);
      // A card of the landing page (and of no other page).
      await visit(page, '/accueil', lang);
      const invitation = page.getByRole('region', { name: WORDS[lang].invitation });
      await expect(invitation).toBeVisible();
      await expectNoA11yViolations(page, `the landing page with the first-visit invitation (${lang})`);
      await invitation.getByRole('button', { name: WORDS[lang].closeInvitation }).click();
      await expect(invitation).toHaveCount(0);
    }
  });
});

test.describe('a user', () => {
  let context: BrowserContext;
  let page: Page;
  const ids = { user: '', ad: '', alert: '', conversation: '', demoAd: '' };
  let email = '';

  test.beforeAll(async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    [context, page] = await newContextWithoutInvitation(browser, testInfo);
    const request = context.request;
    email = uniqueEmail('a11y-membre');
    // A phone number not verified yet: the edit-profile page offers its verification dialog.
    const phone = `581555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
    ids.user = await signUpConfirmedThroughApi(request, email, PASSWORD, 'Cuisine collective accessible', { phoneNumber: phone });
    const token = await apiToken(request, email, PASSWORD);
    // The welcome has its own test: this context goes straight to the pages.
    await graphqlCall(
      request,
      'mutation Closed($input: UpdateFirstLoginModalClosedInput!) { updateFirstLoginModalClosed(input: $input) { id } }',
      { input: { firstLoginModalClosed: true } },
      token,
    );
    ids.ad = await createAd(request, token, USER_AD);
    ids.alert = await createAlert(request, email, token);
    const demo = await demoAd(request);
    ids.demoAd = demo.id;
    const { createConversation } = await graphqlCall<{ createConversation: { id: string } }>(
      request,
      'mutation Start($input: CreateConversationInput!) { createConversation(input: $input) { id } }',
      { input: { adId: demo.id, message: { clientMessageId: crypto.randomUUID(), body: 'Bonjour, est-ce libre samedi ?' } } },
      token,
    );
    ids.conversation = createConversation.id;
    // /favoris lists a saved ad's card, with its heart.
    await graphqlCall(request, 'mutation Save($adId: ID!) { addFavourite(adId: $adId) }', { adId: demo.id }, token);

    await page.goto('/connexion?lang=fr');
    await fillLogin(page, 'fr', email, PASSWORD);
    await expect(page).toHaveURL(/\/annonces$/);
  });

  test.afterAll(async () => context?.close());

  const form = visible((page) => page.locator('main form'));
  sweepEach(
    () => page,
    [
      { name: '/profil/{id}', path: () => `/profil/${ids.user}` },
      { name: '/annonces/creer', ready: form },
      { name: '/alertes', ready: visible((page) => page.locator('main h2')) },
      { name: '/favoris', ready: visible((page) => page.locator('main .ad-card .favourite-button[aria-pressed="true"]')) },
      { name: '/alertes/modifier/{id}', path: () => `/alertes/modifier/${ids.alert}`, ready: form },
      { name: '/conversations', ready: visible((page) => page.locator('main a[href^="/conversations/"]')) },
      {
        name: '/conversations/{id}',
        path: () => `/conversations/${ids.conversation}`,
        ready: visible((page) => page.getByRole('log').getByText('Bonjour, est-ce libre samedi ?')),
      },
      { name: '/modifier-profil', ready: form },
      { name: '/parametres', ready: form },
      { name: '/paiements', ready: visible((page) => page.locator('main p[role="status"]')) },
      { name: '/annonces/modifier/{id}', path: () => `/annonces/modifier/${ids.ad}`, ready: form },
    ],
  );

  test('the ad list signed in, with the account menu open', async () => {
    for (const lang of LANGS) {
      await visit(page, '/annonces?vue=liste', lang);
      await expect(page.locator('.search-row').first()).toBeVisible();
      await page.getByRole('button', { name: LABELS[lang].account }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoA11yViolations(page, `/annonces signed in, account menu (${lang})`);
      await page.keyboard.press('Escape');
    }
  });

  test('the ads to manage, in both tabs', async () => {
    for (const lang of LANGS) {
      await visit(page, '/gerer-annonces', lang);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectNoA11yViolations(page, `/gerer-annonces (${lang})`);
      await page.getByRole('tab', { name: WORDS[lang].unpublished }).click();
      await expect(page.getByRole('tabpanel').getByRole('heading', { name: USER_AD })).toBeVisible();
      await expectNoA11yViolations(page, `/gerer-annonces, unpublished (${lang})`);
    }
  });

  test('a conversation started from an ad: its first message, then the conversation', async () => {
    for (const lang of LANGS) {
      // The contact page writes the first message; nothing is started before it is sent.
      await page.goto(inLang(`/conversations/creer/${ids.demoAd}`, lang));
      await expect(page.getByRole('textbox', { name: lang === 'fr' ? 'Votre message' : 'Your message' })).toBeVisible();
      await expectNoA11yViolations(page, `/conversations/creer/{adId} (${lang})`);
      await page.goto(inLang(`/conversations/${ids.conversation}`, lang));
      await expect(page.getByRole('log').getByText('Bonjour, est-ce libre samedi ?')).toBeVisible();
      await expectNoA11yViolations(page, `/conversations/{id} (${lang})`);
    }
  });

  test('the phone verification dialog', async () => {
    for (const lang of LANGS) {
      await visit(page, '/modifier-profil', lang);
      await page.getByRole('button', { name: WORDS[lang].verifyNumber }).click();
      const dialog = page.getByRole('dialog', { name: WORDS[lang].phoneDialog });
      await expect(dialog.getByRole('button', { name: WORDS[lang].sendCode })).toBeFocused();
      await expectNoA11yViolationsInDialog(page, `the phone dialog (${lang})`);
      // One code per 30 s: the code step is checked once.
      if (lang === 'fr') {
        await dialog.getByRole('button', { name: WORDS[lang].sendCode }).click();
        await expect(dialog.getByRole('status').filter({ hasText: WORDS[lang].codeSent })).toBeVisible();
        await expectNoA11yViolationsInDialog(page, `the phone dialog, code sent (${lang})`);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('the report dialog, and the block dialog of a conversation', async () => {
    for (const lang of LANGS) {
      // Another's ad (the demo one): an ad of one's own has no report button.
      await visit(page, `/annonces/annonce-${ids.demoAd}`, lang);
      await page.getByRole('button', { name: WORDS[lang].reportAd }).click();
      await expect(page.getByRole('dialog', { name: WORDS[lang].report })).toBeVisible();
      await expectNoA11yViolationsInDialog(page, `the report dialog (${lang})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: WORDS[lang].report })).toBeHidden();
      // Asked, not confirmed: the conversation stays open for the sweep's other checks.
      await page.goto(inLang(`/conversations/${ids.conversation}`, lang));
      await expect(page.getByRole('log').getByText('Bonjour, est-ce libre samedi ?')).toBeVisible();
      // The block waits in the conversation's menu: the menu open is checked too.
      await page.getByRole('button', { name: WORDS[lang].conversationMenu }).click();
      await expectNoA11yViolations(page, `the conversation's menu (${lang})`);
      await page.getByRole('menuitem', { name: WORDS[lang].block }).click();
      await expect(page.getByRole('dialog', { name: WORDS[lang].block })).toBeVisible();
      await expectNoA11yViolationsInDialog(page, `the block dialog (${lang})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: WORDS[lang].block })).toBeHidden();
    }
  });

  test('the terms dialog', async () => {
    // A new terms version would block every user of this host until accepted (terms.spec.ts runs
    // last for that reason): here only this page's `me` says the latest version is not accepted.
    await page.route('**/graphql', async (route) => {
      if (!(route.request().postData() ?? '').includes('query Me')) return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as { data: { me: { profile: { acceptedTos: Record<string, unknown> } } } };
      const acceptedTos = body.data.me.profile.acceptedTos;
      body.data.me.profile.acceptedTos = { ...acceptedTos, hasAcceptedLatest: false };
      return route.fulfill({ response, json: body });
    });
    try {
      for (const lang of LANGS) {
        await page.goto(inLang('/parametres', lang));
        await expect(page.getByRole('dialog', { name: WORDS[lang].terms })).toBeVisible();
        await expectNoA11yViolationsInDialog(page, `the terms dialog (${lang})`);
      }
    } finally {
      await page.unroute('**/graphql');
    }
  });

  test('the welcome of a first login', async ({ browser }, testInfo) => {
    const newcomer = uniqueEmail('a11y-bienvenue');
    const [own, welcomed] = await newContextWithoutInvitation(browser, testInfo);
    await signUpConfirmedThroughApi(own.request, newcomer, PASSWORD, 'Popote accessible');
    await welcomed.goto('/connexion?lang=fr&returnPath=%2Fparametres');
    await fillLogin(welcomed, 'fr', newcomer, PASSWORD);
    for (const lang of LANGS) {
      if (lang === 'en') await welcomed.goto(inLang('/parametres', lang));
      await expect(welcomeDialog(welcomed, lang)).toBeVisible();
      await expectNoA11yViolationsInDialog(welcomed, `the welcome dialog (${lang})`);
    }
    await own.close();
  });
});

test.describe('a party to a rental that is over', () => {
  let context: BrowserContext;
  let page: Page;
  let ratingPath = '';

  // The demo tenant of Coopérative maraîchère de l'Estrie's ended rentals (functions/domain/ratings/demo-ratings-seed.ts),
  // who never rates in the journeys: the dashboard lists them, and their rating screen is at its first step.
  test.beforeAll(async ({ browser }, testInfo) => {
    [context, page] = await newContextWithoutInvitation(browser, testInfo);
    await page.goto('/connexion?lang=fr&returnPath=%2Ftableau-de-bord');
    await fillLogin(page, 'fr', 'conserverie@exemple.ca');
    const rate = page
      .getByRole('region', { name: 'À faire' })
      .getByRole('link', { name: /^Évaluer avant le/ })
      .first();
    ratingPath = (await rate.getAttribute('href')) ?? '';
  });

  test.afterAll(async () => context?.close());

  sweepEach(
    () => page,
    [
      { name: '/tableau-de-bord', ready: visible((page) => page.locator('main a[href$="/evaluation"]')) },
      { name: '/contrats/{id}/evaluation', path: () => ratingPath, ready: visible((page) => page.locator('main form fieldset')) },
    ],
  );
});

test.describe('an administrator', () => {
  let context: BrowserContext;
  let page: Page;
  const ids = { user: '', unlistedAd: '' };

  test.beforeAll(async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    [context, page] = await newContextWithoutInvitation(browser, testInfo);
    const request = context.request;
    ids.user = await signUpConfirmedThroughApi(request, uniqueEmail('a11y-gere'), PASSWORD, 'Épicerie accessible');
    // A case in the moderation queue: the demo tenant reports that user's profile.
    await graphqlCall(
      request,
      'mutation Report($input: ReportInput!) { reportItem(input: $input) { alreadyReported } }',
      { input: { kind: 'PROFILE', itemId: ids.user, reason: 'SPAM', note: 'Publicité\nrépétée' } },
      await apiToken(request, ACCOUNTS.tenant),
    );
    // One login with its e-mailed code: the API calls use the page's token.
    await loginAdminWithEmailedCode(page, request, 'fr');
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    ids.unlistedAd = await createAd(request, token!, UNLISTED_AD);
  });

  test.afterAll(async () => context?.close());

  const form = visible((page) => page.locator('main form'));
  sweepEach(
    () => page,
    [
      { name: '/gestion-utilisateurs', ready: visible((page) => page.locator('main table tbody tr')) },
      { name: '/gestion-utilisateurs/creer-administrateur', ready: form },
      { name: '/gestion-utilisateurs/creer-utilisateur', ready: form },
      {
        name: '/gestion-utilisateurs/modifier-utilisateur/{id}',
        path: () => `/gestion-utilisateurs/modifier-utilisateur/${ids.user}`,
        // The account panel's lock dialog holds a form too, closed (hidden) until asked for.
        ready: visible((page) => page.locator('main form:visible')),
      },
      { name: '/annonces/preparer', ready: form },
      { name: '/annonces/transferer/{id}', path: () => `/annonces/transferer/${ids.unlistedAd}`, ready: form },
      { name: '/annonces/modifier/{id}', path: () => `/annonces/modifier/${ids.unlistedAd}`, ready: form },
      { name: '/modifier-profil', ready: form },
      { name: '/parametres', ready: form },
      // The terms administration: the current version, the publish form and the versions' list.
      { name: '/gestion-conditions', ready: form },
      // The moderation queue: its cases, each with its reports and its decision form.
      { name: '/moderation', ready: form },
    ],
  );

  test('the ads to manage, with the unlisted ones', async () => {
    for (const lang of LANGS) {
      await visit(page, '/gerer-annonces', lang);
      await page.getByRole('tab', { name: WORDS[lang].unlisted, exact: true }).click();
      await expect(page.getByRole('tabpanel').getByRole('link', { name: UNLISTED_AD, exact: true })).toBeVisible();
      await expectNoA11yViolations(page, `/gerer-annonces, unlisted (${lang})`);
    }
  });
});

test.describe('less motion', () => {
  test.use(WIDE_SCREEN);
  /**
   * A cluster of the search map is followed (Enter on it, as its click does) while the map is
   * watched: the distinct positions its marker takes until the map has stopped (its position saved),
   * and the transition of the markers (MapLibre's stylesheet fades them).
   */
  async function followCluster(browser: Browser, testInfo: TestInfo, reducedMotion: 'reduce' | 'no-preference') {
    const context = await browser.newContext({ baseURL: serverURL(hostOf(testInfo)), reducedMotion });
    const page = await context.newPage();
    await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), STORAGE_KEYS.firstVisitModalClosed);
    await page.goto('/annonces?lang=fr');
    await expect(page.locator('.search-map')).toHaveAttribute('data-map-state', 'loaded', MAP_DRAWN);
    const cluster = page.locator('.search-map__cluster').first();
    await expect(cluster).toBeVisible();
    const transition = await cluster.evaluate((element) => getComputedStyle(element).transitionDuration);
    await cluster.evaluate((element) => {
      const positions = new Set<string>();
      new MutationObserver(() => positions.add(element.style.transform)).observe(element, { attributeFilter: ['style'] });
      (window as unknown as { positions: Set<string> }).positions = positions;
    });
    const zoomBefore = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.mapZoom);
    await cluster.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.mapZoom)).not.toBe(zoomBefore);
    const positions = await page.evaluate(() => (window as unknown as { positions: Set<string> }).positions.size);
    await context.close();
    return { transition, positions };
  }

  test('asked for less motion, the map jumps where a cluster leads and nothing fades; otherwise it glides', async ({
    browser,
  }, testInfo) => {
    const reduced = await followCluster(browser, testInfo, 'reduce');
    // One position while moving, the rounded one once stopped: no frames in between.
    expect(reduced.positions).toBeLessThanOrEqual(2);
    expect(parseFloat(reduced.transition)).toBeLessThan(0.001);

    const animated = await followCluster(browser, testInfo, 'no-preference');
    expect(animated.positions).toBeGreaterThan(2);
    expect(animated.transition).toBe('0.2s');
  });
});
