// Cookie consent and analytics (spec §7, §9; docs/consent-and-telemetry.md): with an analytics id, the
// visitor is asked first, gtag.js loads only after "accept", page views follow the router, withdrawing
// stops them and deletes the cookies, and the choice outlives a reload. Without an id, nobody is asked.
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@partage/graphql';
import { localSecurityHeaders } from '../../infra/shared/security-headers';
import { test, expect } from './support';

const MEASUREMENT_ID = 'G-E2ETEST1';

// Stands in for gtag.js: each page view the app queues becomes a collect request carrying its page
// address, as Google's script would send, and it writes a _ga cookie as Google's script does.
const FAKE_GTAG = `(() => {
  document.cookie = '_ga=GA1.1.42.42; path=/; max-age=3600';
  const send = (entry) => {
    if (entry[0] !== 'event' || entry[1] !== 'page_view') return;
    fetch('https://www.google-analytics.com/g/collect?tid=' + entry[2].send_to + '&dl=' + encodeURIComponent(entry[2].page_location), { method: 'POST', mode: 'no-cors' });
  };
  const layer = (window.dataLayer = window.dataLayer || []);
  layer.forEach(send);
  const push = layer.push.bind(layer);
  layer.push = (...entries) => { entries.forEach(send); return push(...entries); };
})();`;

interface AnalyticsTraffic {
  /** Requests for gtag.js. */
  scripts: string[];
  /** Paths (with query) of the page views sent. */
  pageViews: string[];
}

/** The site as deployed with an analytics id: config.json carries it, the CSP opens Google's origins. */
async function deployWithAnalyticsId(page: Page): Promise<AnalyticsTraffic> {
  const traffic: AnalyticsTraffic = { scripts: [], pageViews: [] };
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const host = new URL(route.request().url()).host;
    const { 'content-security-policy': csp } = localSecurityHeaders({
      connectSources: [`ws://${host}`],
      telemetry: { analyticsId: MEASUREMENT_ID },
    });
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp! } });
  });
  // The deployment's config read once, then answered with the id: a response fetched within the route
  // could be disposed before it was read when the page asked for it again meanwhile (a flaky failure).
  const config = (await (await page.request.get('/config.json')).json()) as Record<string, unknown>;
  await page.route('**/config.json', (route) => route.fulfill({ json: { ...config, analyticsId: MEASUREMENT_ID } }));
  await watchAnalytics(page, traffic);
  return traffic;
}

async function watchAnalytics(page: Page, traffic: AnalyticsTraffic): Promise<void> {
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    traffic.scripts.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body: FAKE_GTAG });
  });
  await page.route('https://www.google-analytics.com/**', async (route) => {
    const location = new URL(new URL(route.request().url()).searchParams.get('dl')!);
    traffic.pageViews.push(`${location.pathname}${location.search}`);
    await route.fulfill({ status: 204 });
  });
}

test.beforeEach(async ({ page }) => {
  // The consent library stays hidden from robots, and Playwright's browser says it is one: visitors are not.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
  // The first-visit invitation stays closed: this journey is about the consent box.
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), STORAGE_KEYS.firstVisitModalClosed);
});

const analyticsCookies = async (page: Page) => (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('_ga'));

test('asks in French first, counts pages only after consent, stops when it is withdrawn, and remembers', async ({ page }) => {
  const traffic = await deployWithAnalyticsId(page);
  // When the box arrives: the page's own shifts before it (its content loading) are not the box's.
  await page.addInitScript(() => {
    const watch = new MutationObserver(() => {
      if (!document.getElementById('cc-main')) return;
      Object.assign(window, { bannerAddedAt: performance.now() });
      watch.disconnect();
    });
    watch.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/accueil');
  const banner = page.getByRole('dialog', { name: "Mesure d'audience" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Choix conservé 14 jours');
  // A box over the page: it moved nothing once there, and it is not what the page is about.
  expect(await page.evaluate(() => typeof (window as unknown as { bannerAddedAt?: number }).bannerAddedAt)).toBe('number');
  const { shifted, largestInBanner } = await page.evaluate(
    () =>
      new Promise<{ shifted: number; largestInBanner: boolean }>((resolve) => {
        let shifted = 0;
        new PerformanceObserver((list) => {
          for (const shift of list.getEntries() as Array<PerformanceEntry & { value: number }>)
            if (shift.startTime >= (window as unknown as { bannerAddedAt: number }).bannerAddedAt) shifted += shift.value;
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          const largest = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          // The buffered layout shifts are delivered in the same round: read them just after.
          setTimeout(() => resolve({ shifted, largestInBanner: Boolean(largest.element?.closest('#cc-main')) }), 100);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  expect(shifted).toBeLessThan(0.01);
  expect(largestInBanner).toBe(false);
  expect(traffic.scripts).toEqual([]);
  expect(traffic.pageViews).toEqual([]);

  await banner.getByRole('button', { name: 'Accepter' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => traffic.scripts).toEqual([`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`]);
  await expect.poll(() => traffic.pageViews).toEqual(['/accueil']);
  await page.getByRole('link', { name: 'Se connecter' }).first().click();
  await expect.poll(() => traffic.pageViews).toEqual(['/accueil', '/connexion']);
  expect(await analyticsCookies(page)).not.toEqual([]);

  await page.getByRole('button', { name: 'Préférences de témoins' }).click();
  const preferences = page.getByRole('dialog', { name: 'Préférences de témoins' });
  await expect(preferences.getByRole('checkbox', { name: "Mesure d'audience" })).toBeChecked();
  await preferences.getByRole('button', { name: 'Tout refuser' }).click();
  await expect(preferences).toBeHidden();
  await expect.poll(() => analyticsCookies(page)).toEqual([]);
  await page.goBack();
  await expect(page).toHaveURL(/\/accueil$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
  expect(traffic.scripts).toHaveLength(1);
  expect(traffic.pageViews).toEqual(['/accueil', '/connexion']);
});

test('asks in English with ?lang=en, and an accepted choice holds after a reload', async ({ page }) => {
  const traffic = await deployWithAnalyticsId(page);
  await page.goto('/accueil?lang=en');
  const banner = page.getByRole('dialog', { name: 'Audience measurement' });
  await expect(banner).toContainText('Your choice is kept 14 days');
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => traffic.pageViews).toEqual(['/accueil']);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => traffic.pageViews).toEqual(['/accueil', '/accueil']);
  expect(traffic.scripts).toHaveLength(2);
  await expect(banner).toBeHidden();
});

test('without an analytics id, asks nothing and loads no analytics; the footer still shows what is kept', async ({ page }) => {
  const traffic: AnalyticsTraffic = { scripts: [], pageViews: [] };
  await watchAnalytics(page, traffic);
  await page.goto('/accueil');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#cc-main')).toHaveCount(0);

  // From the keyboard: the box takes the focus, Escape closes it and gives the focus back.
  const button = page.getByRole('button', { name: 'Préférences de témoins' });
  await button.focus();
  await page.keyboard.press('Enter');
  const preferences = page.getByRole('dialog', { name: 'Préférences de témoins' });
  await expect(preferences).toContainText("aucun témoin publicitaire ni de mesure d'audience");
  await expect(preferences.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(preferences).toBeHidden();
  await expect(button).toBeFocused();
  expect(traffic).toEqual({ scripts: [], pageViews: [] });
});
