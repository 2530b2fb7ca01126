// An ad's page (/annonces/{slug}-{id}, functions/handlers/seo.ts): the head tags the server writes for it
// (title, description, canonical and language URLs, Open Graph and Twitter tags, the main picture's
// preload), around the app's own render of the page (web/src/server-render.tsx). Only published, listed
// ads: anything else is the app's shell answered 404 and `noindex` (the app shows its not-found page).

import { AD_MAIN_PICTURE_SIZES, DEFAULT_UI_LANGUAGE, pageUrlIn, UI_LANGUAGES, type UiLanguage } from '@partage/graphql';
import type { AdRecord, LocalizedValue } from '../../data/ads';
import { adPathOf } from '../ads/ad-view';
import { publicFileUrl } from '../files/uploads';
import { escapeMarkup, excerpt, plainText } from './html';
import { PAGE_TEXTS } from './page-texts';

/** Where ads live; the fixed pages below it (creer, preparer, modifier/…, transferer/…) are the app's. */
export const AD_PAGES_PREFIX = '/annonces/';
const AD_ID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const FIXED_PAGES = new Set(['creer', 'preparer']);
const DESCRIPTION_LENGTH = 160;

/** The ad id a path under /annonces/ names (`<slug>-<id>`), or null for another page of the app. */
export function adIdOfPath(rest: string): string | null {
  if (rest.includes('/') || FIXED_PAGES.has(rest)) return null;
  return AD_ID_AT_END.exec(rest)?.[1]?.toLowerCase() ?? null;
}

export const isPublicAd = (ad: AdRecord): boolean => ad.published && !ad.unlisted;

/** The reader's language first, else the other one. */
const inLanguage = (value: LocalizedValue, language: UiLanguage): string =>
  value[language] ?? UI_LANGUAGES.map((other) => value[other]).find((text) => text) ?? '';

function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`index.html lacks ${pattern}`);
  return text.replace(pattern, () => replacement);
}

/** The head tags of a published ad's page, at its canonical path, in `language`; `origin`: the site's address. */
export function adPageHead(ad: AdRecord, language: UiLanguage, origin: string): string {
  const texts = PAGE_TEXTS[language];
  const title = inLanguage(ad.content.title, language);
  const description = excerpt(plainText(inLanguage(ad.content.description, language)), DESCRIPTION_LENGTH);
  const path = `${AD_PAGES_PREFIX}${adPathOf(ad)}`;
  const url = pageUrlIn(origin, path, language);
  const image = ad.content.images[0]?.variants.at(-1);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeMarkup(content)}" />`;
  const head = [
    `<title>${escapeMarkup(`${title} | ${texts.siteName}`)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
    ...UI_LANGUAGES.map(
      (hreflang) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeMarkup(pageUrlIn(origin, path, hreflang))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeMarkup(pageUrlIn(origin, path, DEFAULT_UI_LANGUAGE))}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', texts.siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', texts.locale),
    ...UI_LANGUAGES.filter((other) => other !== language).map((other) => meta('property', 'og:locale:alternate', PAGE_TEXTS[other].locale)),
    ...(image
      ? [
          meta('property', 'og:image', publicFileUrl(image.fileId)),
          meta('property', 'og:image:width', String(image.width)),
          meta('property', 'og:image:height', String(image.height)),
          ...(ad.content.images[0]!.alt[language] ? [meta('property', 'og:image:alt', ad.content.images[0]!.alt[language]!)] : []),
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    // The main picture, the page's largest paint: fetched with the page rather than once the app has asked for the ad.
    ...(image
      ? [
          `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${escapeMarkup(
            ad.content.images[0]!.variants.map((variant) => `${publicFileUrl(variant.fileId)} ${variant.width}w`).join(', '),
          )}" imagesizes="${AD_MAIN_PICTURE_SIZES}" />`,
        ]
      : []),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', publicFileUrl(image.fileId))] : []),
  ];
  return head.join('\n    ');
}

/** The app's shell for an ad that is not (or no longer) public: kept out of the index. */
export function missingAdPageHtml(template: string, language: UiLanguage): string {
  const html = replaceOnce(template, /<html lang="[^"]*">/, `<html lang="${language}">`);
  return replaceOnce(html, /<\/title>/, '</title>\n    <meta name="robots" content="noindex" />');
}
