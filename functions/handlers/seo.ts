// Pages for crawlers, on both hosts (HTTP_ROUTES): GET /annonces/{slug}-{id} answers an ad's page with its
// title, description, canonical URL and Open Graph tags (domain/site/ad-page.ts), a 301 to the canonical
// path when the slug is not the ad's current one, the app's shell with 404 and `noindex` for an ad that is
// not public, and the plain shell for the app's other pages under /annonces/ (creer, modifier/…). GET
// /sitemap.xml lists the public pages and the published ads (domain/site/sitemap.ts), kept a few minutes.

import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { requestedLanguage, type UiLanguage } from '@partage/graphql';
import { publicUrl } from '../adapters/env';
import { siteTemplate } from '../adapters/site-template';
import { getAd } from '../data/ads';
import { adPathOf } from '../domain/ads/ad-view';
import { now } from '../domain/clock';
import { AD_PAGES_PREFIX, adIdOfPath, adPageHtml, isPublicAd, missingAdPageHtml } from '../domain/site/ad-page';
import { sitemapPartXml, sitemapXml } from '../domain/site/sitemap';
import { httpHandler, text, type HttpResponse } from './shared/http';

export const SITEMAP_PATH = '/sitemap.xml';
/** How long a sitemap is kept (here and in caches): new ads appear within it. */
export const SITEMAP_MAX_AGE_SECONDS = 300;

const html = (statusCode: number, body: string): HttpResponse => ({
  statusCode,
  // Revalidated: an ad's title or publication may change at any time.
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  body,
});

async function adPage(event: APIGatewayProxyEventV2): Promise<HttpResponse> {
  const rest = event.rawPath.slice(AD_PAGES_PREFIX.length);
  const language: UiLanguage = requestedLanguage(event.queryStringParameters?.lang);
  const template = await siteTemplate();
  const adId = adIdOfPath(rest);
  if (adId === null) return html(200, template);
  const ad = await getAd(adId);
  if (!ad || !isPublicAd(ad)) return html(404, missingAdPageHtml(template, language));
  const canonical = adPathOf(ad);
  if (rest !== canonical) {
    const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
    return { statusCode: 301, headers: { location: `${AD_PAGES_PREFIX}${canonical}${query}`, 'cache-control': 'no-cache' }, body: '' };
  }
  return html(200, adPageHtml(template, ad, language, publicUrl()));
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

export const handler = httpHandler((event) => (event.rawPath === SITEMAP_PATH ? sitemap(event) : adPage(event)));
