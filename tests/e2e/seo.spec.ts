// What crawlers and link previews get: the public pages prerendered with their head tags (read here with
// JavaScript off), an ad's own page with its Open Graph tags, the canonical address of an ad, the sitemap;
// and, JavaScript on, a prerendered page that becomes the live app with its skip link still working, and
// an ad's page and a search painted by the server that become the live app without asking the API again.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support';

/** The address of a published ad with pictures, from the sitemap. */
async function publishedAdUrl(request: APIRequestContext): Promise<URL> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  // The oldest is a seeded demo ad, which has pictures; journeys running beside this one publish newer ads
  // without any.
  const [oldest] = [...xml.matchAll(/<loc>([^<]*\/annonces\/[^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)]
    .map(([, loc, lastmod]) => ({ loc: loc!, lastmod: lastmod! }))
    .sort((a, b) => a.lastmod.localeCompare(b.lastmod));
  expect(oldest, 'a published ad in the sitemap').toBeDefined();
  return new URL(oldest!.loc);
}

const headTags = (page: Page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map(
      (link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
    ),
  }));

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page has its real content and head tags, in French and in English', async ({ page }) => {
    await page.goto('/accueil');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Partagez l'équipement et les espaces du secteur alimentaire");
    expect(await headTags(page)).toMatchObject({
      lang: 'fr',
      title: "Accueil | Partage d'équipement alimentaire",
      description: expect.stringMatching(/^Louez, vendez, échangez ou donnez/),
      canonical: expect.stringMatching(/\/accueil$/),
      alternates: [
        expect.stringMatching(/^fr .*\/accueil$/),
        expect.stringMatching(/^en .*\/accueil\?lang=en$/),
        expect.stringMatching(/^x-default .*\/accueil$/),
      ],
    });
    await expect(page.getByRole('link', { name: 'Aller au contenu principal' })).toHaveAttribute('href', '#main-content');

    await page.goto('/accueil?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Share equipment and spaces across the food sector');
    expect(await headTags(page)).toMatchObject({
      lang: 'en',
      title: 'Home | Food Equipment Sharing',
      description: expect.stringMatching(/^Rent, sell, trade or donate/),
      canonical: expect.stringMatching(/\/accueil\?lang=en$/),
    });
  });

  test('the privacy page (Law 25) is painted ahead with its sections and head tags, in French and in English', async ({ page }) => {
    await page.goto('/confidentialite');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Protection des renseignements personnels');
    for (const section of ['Personne responsable', 'Vos droits', 'Durées de conservation']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    expect(await headTags(page)).toMatchObject({
      lang: 'fr',
      title: "Protection des renseignements personnels | Partage d'équipement alimentaire",
      description: expect.stringMatching(/^Comment Partage protège vos renseignements personnels/),
      canonical: expect.stringMatching(/\/confidentialite$/),
      alternates: [
        expect.stringMatching(/^fr .*\/confidentialite$/),
        expect.stringMatching(/^en .*\/confidentialite\?lang=en$/),
        expect.stringMatching(/^x-default .*\/confidentialite$/),
      ],
    });

    await page.goto('/confidentialite?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Protection of personal information');
    await expect(page.getByRole('heading', { level: 2, name: 'Retention periods' })).toBeVisible();
    expect(await headTags(page)).toMatchObject({
      lang: 'en',
      title: 'Protection of personal information | Food Equipment Sharing',
      description: expect.stringMatching(/^How Partage protects your personal information/),
      canonical: expect.stringMatching(/\/confidentialite\?lang=en$/),
    });
  });

  test('an ad’s address shows its title and Open Graph tags; a wrong slug lands on the canonical address', async ({ page, request }) => {
    const ad = await publishedAdUrl(request);
    await page.goto(ad.pathname);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
    expect(title.length).toBeGreaterThan(0);
    const og = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('meta[property^="og:"]')].map((meta) => [
          meta.getAttribute('property'),
          meta.getAttribute('content'),
        ]),
      ),
    );
    expect(og).toMatchObject({ 'og:title': title, 'og:url': ad.href, 'og:locale': 'fr_CA' });
    expect(og['og:image']).toMatch(/\/files\/public\//);
    expect(await page.title()).toBe(`${title} | Partage d'équipement alimentaire`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', ad.href);

    const id = ad.pathname.slice(-36);
    const redirect = await request.get(`/annonces/ancien-titre-${id}?lang=en`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toBe(`${ad.pathname}?lang=en`);
    await page.goto(`/annonces/ancien-titre-${id}`);
    expect(new URL(page.url()).pathname).toBe(ad.pathname);

    const missing = await request.get('/annonces/disparue-0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex" />');
  });
});

test('a prerendered page becomes the live app without losing its skip link', async ({ page }) => {
  await page.goto('/accueil?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Share equipment and spaces across the food sector');
  // Taken over: React rendered the skip link (its own node, not the prerendered one).
  await page.waitForFunction(() => {
    const link = document.querySelector('.skip-link');
    return !!link && Object.keys(link).some((key) => key.startsWith('__reactFiber'));
  });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The app's skip link moves focus without touching the address (the router owns it).
  expect(new URL(page.url()).hash).toBe('');
  // Live: the router handles a link itself (no new document), and the head tags follow.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect.poll(async () => (await headTags(page)).canonical).toMatch(/\/connexion\?lang=en$/);
});

test('an ad’s page and a search arrive painted by the server and become the live app without asking the API again', async ({
  page,
  request,
}) => {
  const asked: string[] = [];
  page.on('request', (sent) => {
    const operation = /"query":"\s*query (\w+)/.exec(sent.postData() ?? '')?.[1];
    if (sent.url().endsWith('/graphql') && operation) asked.push(operation);
  });
  const takenOver = () => expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');

  const ad = await publishedAdUrl(request);
  const painted = await (await request.get(`${ad.pathname}?lang=en`)).text();
  // The first HTML holds the page and its main picture, preloaded, sized to hold its place.
  expect(painted).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  expect(painted).toMatch(/<link rel="preload" as="image" fetchpriority="high" imagesrcset="[^"]+\/files\/public\//);
  expect(painted).toMatch(/<img [^>]*width="\d+" height="\d+"[^>]*loading="eager"/);
  await page.goto(`${ad.pathname}?lang=en`);
  await takenOver();
  await expect(page.getByRole('region', { name: 'Images' }).getByRole('img').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Log in to see/ })).toBeVisible();

  const search = '/annonces?lang=en&categories=REFRIGERATION_EQUIPMENT&vue=liste';
  expect(await (await request.get(search)).text()).toContain('class="search-row" data-ad-id="');
  await page.goto(search);
  await takenOver();
  await expect(page.getByRole('heading', { level: 1, name: 'Ads' })).toBeVisible();
  await expect(page.locator('.search-row').first()).toBeVisible();
  expect(asked).toEqual([]);
  // Live: a new sort is asked of the API.
  await page.getByLabel('Sort by').selectOption('DATE_ASC');
  await expect.poll(() => asked).toContain('SearchAds');
});

test('a visitor who chose English never sees the French page: it stays hidden until the app shows it in English', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  await page.addInitScript(() => localStorage.setItem('partage.locale', 'en'));
  await page.goto('/accueil');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Share equipment and spaces across the food sector');
  await expect(page.locator('html')).not.toHaveAttribute('data-prerender-stale', '');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The check ran: the CSP allows it by its hash.
  expect(refused).toEqual([]);
});
