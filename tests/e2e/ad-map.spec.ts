// The map of an ad's page draws the offline basemap (web/src/lib/map/basemap.ts) in real Chromium with
// no network but the site: Quebec's outline, the highways, the places labelled in the bundled font,
// and the credits of its data in the page's language.
import sharp from 'sharp';
import { STORAGE_KEYS } from '@partage/graphql';
import { ACCOUNTS, apiToken, expect, graphqlCall, test, type Lang } from './support';

const CREDITS = { fr: [/Contour : Natural Earth/, /Lieux : GeoNames/], en: [/Outline: Natural Earth/, /Places: GeoNames/] };
/** The highways' colour and the labels' ink in basemap.ts. */
const ROAD = [0xe3, 0xa8, 0x57];
const INK = [0x3d, 0x45, 0x41];

for (const lang of ['fr', 'en'] as Lang[]) {
  test(`the ad map draws the offline basemap with its labels and credits, asking nothing of another server (${lang})`, async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ACCOUNTS.owner);
    const { managedAds } = await graphqlCall<{ managedAds: { items: { path: string }[] } }>(
      request,
      'query { managedAds(published: true, limit: 1) { items { path } } }',
      {},
      token,
    );
    const outside: string[] = [];
    await page.route(
      (url) => url.hostname !== 'localhost',
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    const basemapFiles: string[] = [];
    page.on('requestfinished', (finished) => {
      if (/\/assets\/.*\.(geojson|woff2)$/.test(finished.url())) basemapFiles.push(new URL(finished.url()).pathname);
    });
    await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), STORAGE_KEYS.firstVisitModalClosed);
    await page.goto(`/annonces/${managedAds.items[0]!.path}?lang=${lang}`);

    const map = page.locator('.ad-map__canvas');
    // The map loads as it nears the viewport: the reader scrolls down to it.
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
    for (const credit of CREDITS[lang]) await expect(map.locator('.maplibregl-ctrl-attrib')).toContainText(credit);
    // MapLibre loads a font-faces file only once it draws a character the file covers: a label.
    await expect.poll(() => page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').length)).toBeGreaterThan(0);
    await expect.poll(() => basemapFiles.length).toBe(4);
    expect(basemapFiles.map((path) => path.replace(/-[\w-]{8}\.(\w+)$/, '.$1')).sort()).toEqual([
      '/assets/main-roads.geojson',
      '/assets/noto-sans-latin-400-normal.woff2',
      '/assets/places.geojson',
      '/assets/quebec-outline.geojson',
    ]);

    // What the canvas shows: highway and label pixels, on the outline's fill.
    await expect
      .poll(async () => {
        const { data, info } = await sharp(await map.screenshot())
          .raw()
          .toBuffer({ resolveWithObject: true });
        const near = (offset: number, [r, g, b]: number[]) =>
          Math.abs(data[offset]! - r!) + Math.abs(data[offset + 1]! - g!) + Math.abs(data[offset + 2]! - b!) < 30;
        let [road, ink] = [0, 0];
        for (let offset = 0; offset < data.length; offset += info.channels) {
          if (near(offset, ROAD)) road++;
          if (near(offset, INK)) ink++;
        }
        return road > 50 && ink > 50;
      })
      .toBe(true);
    expect(outside).toEqual([]);
  });
}
