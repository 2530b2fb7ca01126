// /sitemap.xml: the public pages in both languages (with their hreflang alternates) and every published ad's
// canonical URL with its publication time as lastmod. Read from the search index's date order (one Query per
// page of each shard, paths and times only), never a Scan. A sitemap holds at most SITEMAP_MAX_URLS: beyond,
// /sitemap.xml is a sitemap index naming one sitemap per shard (`?part=<shard>`) and one for the pages
// (`?part=pages`).

import { DEFAULT_UI_LANGUAGE, pageUrlIn, PUBLIC_PAGES, UI_LANGUAGES } from '@partage/graphql';
import { RECENT_SHARDS } from '../../data/keys';
import { publishedAdLinks, type IndexStartKey, type PublishedAdLink } from '../../data/search-index';
import { escapeMarkup } from './html';
import { AD_PAGES_PREFIX } from './ad-page';

/**
 * URLs per sitemap file. The protocol allows 50,000; a Lambda's answer is at most 6 MB, which 20,000 ad URLs
 * (about 130 bytes each) stay well under.
 */
export const SITEMAP_MAX_URLS = 20_000;
const PAGE_SIZE = 1_000;

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';

/** The published ads of one shard, newest first, at most `max` (more only tells there are more). */
async function shardLinks(shard: number, max: number): Promise<PublishedAdLink[]> {
  const links: PublishedAdLink[] = [];
  let startKey: IndexStartKey | undefined;
  do {
    const page = await publishedAdLinks(shard, { limit: Math.min(PAGE_SIZE, max - links.length), startKey });
    links.push(...page.links);
    startKey = page.startKey;
  } while (startKey && links.length < max);
  return links;
}

function pagesXml(origin: string): string[] {
  return PUBLIC_PAGES.flatMap(({ path }) =>
    UI_LANGUAGES.map((language) =>
      [
        `<url><loc>${escapeMarkup(pageUrlIn(origin, path, language))}</loc>`,
        ...UI_LANGUAGES.map(
          (hreflang) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeMarkup(pageUrlIn(origin, path, hreflang))}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeMarkup(pageUrlIn(origin, path, DEFAULT_UI_LANGUAGE))}"/>`,
        '</url>',
      ].join(''),
    ),
  );
}

const adsXml = (origin: string, links: PublishedAdLink[]): string[] =>
  links.map(
    ({ path, publishedAt }) =>
      `<url><loc>${escapeMarkup(`${origin}${AD_PAGES_PREFIX}${path}`)}</loc><lastmod>${escapeMarkup(publishedAt)}</lastmod></url>`,
  );

const urlset = (urls: string[]) => [XML_HEADER, URLSET_OPEN, ...urls, '</urlset>', ''].join('\n');

/** What /sitemap.xml answers: everything in one sitemap, or the index when that would hold too many URLs. */
export async function sitemapXml(origin: string): Promise<string> {
  const pages = pagesXml(origin);
  const budget = SITEMAP_MAX_URLS - pages.length;
  // Shard after shard, reading at most one ad more than fits in all: that one tells one file is not enough.
  const ads: PublishedAdLink[] = [];
  for (let shard = 0; shard < RECENT_SHARDS && ads.length <= budget; shard++) {
    ads.push(...(await shardLinks(shard, budget + 1 - ads.length)));
  }
  if (ads.length <= budget) return urlset([...pages, ...adsXml(origin, ads)]);
  const parts = ['pages', ...Array.from({ length: RECENT_SHARDS }, (_, shard) => String(shard))];
  return [
    XML_HEADER,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...parts.map((part) => `<sitemap><loc>${escapeMarkup(`${origin}/sitemap.xml?part=${part}`)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** One part of the index: the pages, or the newest SITEMAP_MAX_URLS ads of a shard. Null for an unknown part. */
export async function sitemapPartXml(origin: string, part: string): Promise<string | null> {
  if (part === 'pages') return urlset(pagesXml(origin));
  const shard = /^\d+$/.test(part) ? Number(part) : NaN;
  if (!(shard >= 0 && shard < RECENT_SHARDS)) return null;
  return urlset(adsXml(origin, await shardLinks(shard, SITEMAP_MAX_URLS)));
}
