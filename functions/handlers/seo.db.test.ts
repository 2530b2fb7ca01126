// The pages the server paints, on DynamoDB Local with the built server renderer (web/dist-server, from
// `npm run build -w web`, which the gate runs first): an ad's page (tags, the app's own render, the data
// handed over, escaping, canonical redirect, 404 noindex), the search's first page for the address's
// criteria, the app's shell for the other pages under /annonces/, and the sitemap (both languages,
// published ads only).

import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AD_MAIN_PICTURE_SIZES, adPath, PAGE_SHARED_MAX_AGE_SECONDS } from '@partage/graphql';
import { getAd } from '../data/ads';
import type { UserRecord } from '../data/users';
import { manualClock, useClock } from '../domain/clock';
import { replaceIndexedAd } from '../domain/search/indexed-writes';
import { givenAd, givenStoredImage, givenUser, httpEvent, TEST_PUBLIC_URL, useTestOutbox } from '../testing/fixtures';
import { paintedFormProblems } from '../../tests/support/painted-forms-rule';
import { handler, SITEMAP_MAX_AGE_SECONDS } from './seo';

const TEMPLATE = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <title>Partage d'équipement alimentaire</title>
    <script type="module" src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The renderer's last file: the build moves the manifest in once server-render.js is written (web/scripts/prerender.ts). */
const BUILT_RENDERER_DONE = fileURLToPath(new URL('../../web/dist-server/manifest.json', import.meta.url));

useTestOutbox();
let owner: UserRecord;
beforeAll(async () => {
  // The gate runs vitest once the web is built (tests/gate.ts); alone, build it first.
  expect(existsSync(BUILT_RENDERER_DONE), 'the server renderer: run `npm run build -w web` first').toBe(true);
  // The local file store builds the images' public URLs (no file is read).
  const storeDir = await mkdtemp(join(tmpdir(), 'seo-files-'));
  Object.assign(process.env, { FILE_STORE_ADAPTER: 'local', FILE_STORE_DIR: storeDir, FILE_STORE_SECRET: 'test-file-store-secret' });
  owner = await givenUser();
});
afterEach(() => vi.restoreAllMocks());

/** The site answers index.html (the deployed build's template) as CloudFront or the local host would. */
function siteServesTemplate() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    expect(String(input)).toBe(`${TEST_PUBLIC_URL}/index.html`);
    return new Response(TEMPLATE, { status: 200, headers: { 'content-type': 'text/html' } });
  });
}

function get(
  path: string,
  query: Record<string, string> = {},
): Promise<{ statusCode?: number; headers?: Record<string, unknown>; body?: string }> {
  const params = new URLSearchParams(query);
  const event: APIGatewayProxyEventV2 = {
    ...httpEvent('GET', path),
    rawQueryString: params.toString(),
    ...(params.size ? { queryStringParameters: Object.fromEntries(params) } : {}),
  };
  return handler(event) as never;
}

const pathOf = async (id: string) => adPath((await getAd(id))!.content.title.fr!, id);

/** The answers the page hands to the app (web/src/lib/api/page-data.ts), as the browser reads them. */
function pageData(html: string): { key: [string, Record<string, unknown>]; data: Record<string, unknown> }[] {
  const element = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html);
  if (!element) throw new Error('The page has no page-data element');
  return JSON.parse(element[1]!) as never;
}

const TRICKY_TITLE = `Four "Rational" <b>6 niveaux</b> & cie`;

describe('GET /annonces/{slug}-{id}', () => {
  it('answers a published ad’s page: title, description, canonical, alternates, Open Graph and Twitter tags, content, all escaped', async () => {
    siteServesTemplate();
    const image = await givenStoredImage(owner, 1200);
    const { id } = await givenAd(
      owner,
      {
        title: { fr: TRICKY_TITLE, en: 'Rational oven, 6 levels' },
        description: { fr: '<p>Four <strong>combiné</strong> &amp; hotte "neuve" <script>x</script></p>', en: '<p>Combi oven</p>' },
        images: [{ fileIds: [image], alt: { fr: 'Le four', en: 'The oven' } }],
      },
      { published: true },
    );
    const path = await pathOf(id);
    const response = await get(`/annonces/${path}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body!;
    expect(paintedFormProblems(html)).toEqual([]);
    const escapedTitle = 'Four &quot;Rational&quot; &lt;b&gt;6 niveaux&lt;/b&gt; &amp; cie';
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`<title>${escapedTitle} | Partage d&#39;équipement alimentaire</title>`);
    expect(html).not.toContain('<b>6 niveaux</b>');
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('<meta name="description" content="Four combiné &amp; hotte &quot;neuve&quot;" />');
    const url = `${TEST_PUBLIC_URL}/annonces/${path}`;
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${url}?lang=en" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${url}" />`);
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
    expect(html).toContain(`<meta property="og:url" content="${url}" />`);
    expect(html).toContain('<meta property="og:locale" content="fr_CA" />');
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${image}[^"]*" />`));
    expect(html).toContain('<meta property="og:image:alt" content="Le four" />');
    // The main picture is fetched with the page, in the candidates and sizes the app's gallery asks for.
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" as="image" fetchpriority="high" imagesrcset="[^"]*${image}[^"]* \\d+w[^"]*" imagesizes="${AD_MAIN_PICTURE_SIZES.replace(/[()]/g, '\\$&')}" />`,
      ),
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<meta name="twitter:title" content="${escapedTitle}" />`);
    // The app's own render of the page, in French, which the app takes over without asking again.
    expect(html).toContain('<div id="root" data-prerendered="fr" data-namespaces="');
    expect(html).toContain(`<h1>${escapedTitle}</h1>`);
    expect(html).toContain('Cuisine professionnelle');
    expect(html).toMatch(new RegExp(`<img [^>]*srcSet="[^"]*${image}[^"]*"[^>]* width="1200" height="900"[^>]* loading="eager"`));
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    const [detail, booked] = pageData(html);
    expect(detail?.key).toEqual(['AdDetail', { id }]);
    expect(detail?.data.ad).toMatchObject({ id, path, title: { fr: TRICKY_TITLE }, editable: false, contact: { email: null } });
    expect(booked).toEqual({ key: ['AdBookedPeriods', { adId: id }], data: { adBookedPeriods: [] } });
    // The same copy serves every visitor for a minute at CloudFront; browsers ask again.
    expect(response.headers?.['cache-control']).toBe(`public, max-age=0, s-maxage=${PAGE_SHARED_MAX_AGE_SECONDS}`);
  });

  it('keeps a title that closes the data’s script element inside it', async () => {
    siteServesTemplate();
    const hostile = 'Four </script><script>alert(1)</script><!-- \u2028 fin';
    const { id } = await givenAd(owner, { title: { fr: hostile, en: null } }, { published: true });
    const html = (await get(`/annonces/${await pathOf(id)}`)).body!;
    // The language check, the build's module and the data: nothing of the title runs.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html).not.toContain('<script>alert(1)');
    expect((pageData(html)[0]?.data.ad as { title: { fr: string } }).title.fr).toBe((await getAd(id))!.content.title.fr);
  });

  it('answers in English at ?lang=en, falling back to the French text the ad lacks in English', async () => {
    siteServesTemplate();
    const { id } = await givenAd(owner, { title: { fr: 'Camion réfrigéré', en: 'Refrigerated truck' } }, { published: true });
    const path = await pathOf(id);
    const html = (await get(`/annonces/${path}`, { lang: 'en' })).body!;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Refrigerated truck | Food Equipment Sharing</title>');
    expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/annonces/${path}?lang=en" />`);
    expect(html).toContain('<meta name="description" content="Cuisine équipée, disponible le soir." />');
    expect(html).toContain('data-prerendered="en"');
    expect(html).toContain('Professional kitchen');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
  });

  it('sends an old or wrong slug to the canonical path (301), keeping the language', async () => {
    siteServesTemplate();
    const { id } = await givenAd(owner, {}, { published: true });
    const path = await pathOf(id);
    for (const wrong of [`ancien-titre-${id}`, id, `${path.replace(id, id.toUpperCase())}`]) {
      const response = await get(`/annonces/${wrong}`, { lang: 'en' });
      expect(response.statusCode, wrong).toBe(301);
      expect(response.headers?.location).toBe(`/annonces/${path}?lang=en`);
    }
  });

  it('answers 404 with the app’s shell and noindex for an unknown, unpublished or unlisted ad', async () => {
    siteServesTemplate();
    const unpublished = await givenAd(owner);
    const admin = await givenUser({ role: 'ADMIN' });
    const unlisted = await givenAd(admin, {}, { published: true });
    const stored = (await getAd(unlisted.id))!;
    expect(stored.unlisted).toBe(true);
    for (const id of [unpublished.id, unlisted.id, '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      const response = await get(`/annonces/titre-${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('og:title');
    }
  });

  it('answers the app’s shell for the app’s other pages under /annonces/', async () => {
    siteServesTemplate();
    for (const path of [
      '/annonces/creer',
      '/annonces/preparer',
      '/annonces/modifier/0f8fad5b-d9cb-469f-a165-70867728950e',
      '/annonces/sans-identifiant',
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toBe(TEMPLATE);
    }
  });
});

describe('GET /annonces', () => {
  it('paints the first page of results for the address’s criteria, in the asked language, with its data', async () => {
    siteServesTemplate();
    const truck = await givenAd(
      owner,
      { title: { fr: 'Camion zéphyrin réfrigéré', en: 'Zephyrin refrigerated truck' } },
      { published: true },
    );
    await givenAd(owner, { title: { fr: 'Brouillon zéphyrin', en: null } });
    const response = await get('/annonces', { q: 'zéphyrin', lang: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['cache-control']).toBe(`public, max-age=0, s-maxage=${PAGE_SHARED_MAX_AGE_SECONDS}`);
    const html = response.body!;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('data-prerendered="en"');
    expect(html).toContain(`href="/annonces/${await pathOf(truck.id)}"`);
    expect(html).toContain('Zephyrin refrigerated truck');
    expect(html).not.toContain('Brouillon');
    // Cached as the first page of the search the page's list reads (useAdPages).
    const [search] = pageData(html);
    expect(search?.key).toEqual(['SearchAds', { input: { keyword: 'zéphyrin' } }]);
    expect(search?.data).toMatchObject({ pages: [{ searchAds: { items: [{ id: truck.id }], nextToken: null } }], pageParams: [null] });
    // Its search form is a GET form of this page, the only one a painted page may hold (docs/painted-forms.md).
    expect(html).toContain('<form');
    expect(paintedFormProblems(html)).toEqual([]);
  });
});

describe('GET /annonces with hostile criteria', () => {
  it('answers the page, every value escaped, and leaves out a search the API refuses (the app asks and shows why)', async () => {
    siteServesTemplate();
    const hostile = `</script><script>alert(1)</script>${'é'.repeat(300)}`;
    const response = await get('/annonces', { q: hostile, lat: '91', lng: 'x', rayon: '99999', categories: 'NOPE,SURPLUS', tri: 'DROP' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('<h1>Annonces</h1>');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages in both languages with alternates and the published ads only, escaped, and keeps it a few minutes', async () => {
    const clock = manualClock('2031-01-01T00:00:00Z');
    const restore = useClock(clock);
    try {
      const published = await givenAd(owner, { title: { fr: 'Friteuse & hotte <neuve>', en: null } }, { published: true });
      const draft = await givenAd(owner, { title: { fr: 'Brouillon', en: null } });
      const response = await get('/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers?.['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.headers?.['cache-control']).toBe(`public, max-age=${SITEMAP_MAX_AGE_SECONDS}`);
      const xml = response.body!;
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
      expect(xml).toContain(
        `<url><loc>${TEST_PUBLIC_URL}/accueil</loc><xhtml:link rel="alternate" hreflang="fr" href="${TEST_PUBLIC_URL}/accueil"/>` +
          `<xhtml:link rel="alternate" hreflang="en" href="${TEST_PUBLIC_URL}/accueil?lang=en"/>` +
          `<xhtml:link rel="alternate" hreflang="x-default" href="${TEST_PUBLIC_URL}/accueil"/></url>`,
      );
      expect(xml).toContain(`<url><loc>${TEST_PUBLIC_URL}/annonces?lang=en</loc>`);
      const path = await pathOf(published.id);
      expect(path).toBe(`friteuse-and-hotte-neuve-${published.id}`);
      expect(xml).toContain(`<url><loc>${TEST_PUBLIC_URL}/annonces/${path}</loc><lastmod>2031-01-01T00:00:00.000Z</lastmod></url>`);
      expect(xml).not.toContain(draft.id);

      // Published a minute later: the kept sitemap is answered until it is SITEMAP_MAX_AGE_SECONDS old.
      clock.advance(60_000);
      const stored = (await getAd(draft.id))!;
      await replaceIndexedAd(stored, { ...stored, published: true, publishedAt: clock.now().toISOString() });
      expect((await get('/sitemap.xml')).body).not.toContain(draft.id);
      clock.advance(SITEMAP_MAX_AGE_SECONDS * 1000);
      expect((await get('/sitemap.xml')).body).toContain(draft.id);
    } finally {
      restore();
    }
  });

  it('answers the parts a sitemap index names, and 404 for another part', async () => {
    const pages = await get('/sitemap.xml', { part: 'pages' });
    expect(pages.body).toContain(`<loc>${TEST_PUBLIC_URL}/inscription?lang=en</loc>`);
    expect(pages.body).not.toContain('/annonces/');
    expect((await get('/sitemap.xml', { part: '0' })).statusCode).toBe(200);
    for (const part of ['8', 'x', '-1']) expect((await get('/sitemap.xml', { part })).statusCode, part).toBe(404);
  });
});
