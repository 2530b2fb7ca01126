// Pages the server paints, on both hosts (HTTP_ROUTES). GET /annonces/{slug}-{id} answers an ad's page: the
// app's own render of it with the ad's data (web/src/server-render.tsx, adapters/page-renderer.ts) under the
// server's head tags (title, description, canonical URL, Open Graph tags, the main picture's preload:
// domain/site/ad-page.ts); a 301 to the canonical path when the slug is not the ad's current one; the app's
// shell with 404 and `noindex` for an ad that is not public; the plain shell for the app's other pages
// under /annonces/ (creer, modifier/…). GET /annonces answers the search with the first page of results for
// the address's criteria, rendered the same way. GET /sitemap.xml lists the public pages and the published
// ads (domain/site/sitemap.ts), kept a few minutes.

import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { PAGE_SHARED_MAX_AGE_SECONDS, requestedLanguage, type UiLanguage } from '@partage/graphql';
import { publicUrl } from '../adapters/env';
import { renderServerPage } from '../adapters/page-renderer';
import { siteTemplate } from '../adapters/site-template';
import { getAd } from '../data/ads';
import { adPathOf } from '../domain/ads/ad-view';
import { now } from '../domain/clock';
import { AD_PAGES_PREFIX, adIdOfPath, adPageHead, isPublicAd, missingAdPageHtml } from '../domain/site/ad-page';
import { sitemapPartXml, sitemapXml } from '../domain/site/sitemap';
import { httpHandler, sourceAddressOf, text, type HttpResponse } from './shared/http';
import { pageResolvers } from './shared/page-resolvers';
import { observed } from './shared/observed';

export const SITEMAP_PATH = '/sitemap.xml';
export const SEARCH_PAGE_PATH = '/annonces';
/** How long a sitemap is kept (here and in caches): new ads appear within it. */
export const SITEMAP_MAX_AGE_SECONDS = 300;

const html = (statusCode: number, body: string, cacheControl = 'no-cache'): HttpResponse => ({
  statusCode,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl },
  body,
});

/** The app's render of the page asked, with its data, kept briefly by CloudFront. */
async function paintedPage(event: APIGatewayProxyEventV2, language: UiLanguage, head?: string): Promise<HttpResponse> {
  const page = await renderServerPage({
    template: await siteTemplate(),
    path: event.rawPath,
    search: event.rawQueryString ? `?${event.rawQueryString}` : '',
    language,
    origin: publicUrl(),
    head,
    resolvers: pageResolvers(sourceAddressOf(event)),
  });
  return html(200, page, `public, max-age=0, s-maxage=${PAGE_SHARED_MAX_AGE_SECONDS}`);
}

async function adPage(event: APIGatewayProxyEventV2): Promise<HttpResponse> {
  const rest = event.rawPath.slice(AD_PAGES_PREFIX.length);
  const language: UiLanguage = requestedLanguage(event.queryStringParameters?.lang);
  const adId = adIdOfPath(rest);
  if (adId === null) return html(200, await siteTemplate());
  const ad = await getAd(adId);
  if (!ad || !isPublicAd(ad)) return html(404, missingAdPageHtml(await siteTemplate(), language));
  const canonical = adPathOf(ad);
  if (rest !== canonical) {
    const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
    return { statusCode: 301, headers: { location: `${AD_PAGES_PREFIX}${canonical}${query}`, 'cache-control': 'no-cache' }, body: '' };
  }
  return paintedPage(event, language, adPageHead(ad, language, publicUrl()));
}

const kept = new Map<string, { xml: string; at: number }>();

async function sitemap(event: APIGatewayProxyEventV2): Promise<HttpResponse> {
  const part = event.queryStringParameters?.part ?? '';
  const time = now().getTime();
  let entry = kept.get(part);
  if (!entry || time - entry.at >= SITEMAP_MAX_AGE_SECONDS * 1000) {
    const xml = part ? await sitemapPartXml(publicUrl(), part) : await sitemapXml(publicUrl());
    if (xml === null) return text(404, 'No such sitemap');
    entry = { xml, at: time };
    kept.set(part, entry);
  }
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': `public, max-age=${SITEMAP_MAX_AGE_SECONDS}` },
    body: entry.xml,
  };
}

export const handler = observed(
  'seo',
  httpHandler((event) => {
    if (event.rawPath === SITEMAP_PATH) return sitemap(event);
    if (event.rawPath === SEARCH_PAGE_PATH) return paintedPage(event, requestedLanguage(event.queryStringParameters?.lang));
    return adPage(event);
  }),
);
