// The <head> tags search engines read: description, canonical URL and language alternates (hreflang), per
// page and language. One definition for the prerendered pages (written as HTML at build, src/prerender.tsx)
// and the live app (kept up to date on every navigation, HeadTags.tsx). The title is the page's own
// (usePageTitle).
import type { TFunction } from 'i18next';
import { DEFAULT_UI_LANGUAGE, pageUrlIn, PUBLIC_PAGES, UI_LANGUAGES, type UiLanguage } from '@partage/graphql';

export interface HeadTags {
  /** Only the public pages have one (PUBLIC_PAGES). */
  description: string | null;
  canonical: string;
  alternates: { hreflang: string; href: string }[];
}

/** The tags of the page at `path` read in `language`, with absolute URLs on `origin` ('' for root-relative ones). */
export function headTagsOf(path: string, language: UiLanguage, origin: string, t: TFunction): HeadTags {
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === path);
  return {
    description: page ? t(`seo.descriptions.${page.name}`, { lng: language }) : null,
    canonical: pageUrlIn(origin, path, language),
    alternates: [
      ...UI_LANGUAGES.map((hreflang) => ({ hreflang, href: pageUrlIn(origin, path, hreflang) })),
      { hreflang: 'x-default', href: pageUrlIn(origin, path, DEFAULT_UI_LANGUAGE) },
    ],
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** The tags as HTML, for a static page's <head>. */
export function headTagsHtml(tags: HeadTags): string {
  return [
    ...(tags.description === null ? [] : [`<meta name="description" content="${escapeHtml(tags.description)}" />`]),
    `<link rel="canonical" href="${escapeHtml(tags.canonical)}" />`,
    ...tags.alternates.map(({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`),
  ].join('\n    ');
}

/**
 * Puts the tags in the live document, replacing those of the previous page (and those the server wrote). A page
 * without a description of its own keeps the one the server wrote (an ad's, functions/handlers/seo.ts).
 */
export function applyHeadTags(document: Document, tags: HeadTags): void {
  const { head } = document;
  if (tags.description !== null) head.querySelector('meta[name="description"]')?.remove();
  head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]').forEach((element) => element.remove());
  const add = (tag: 'meta' | 'link', attributes: Record<string, string>) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    head.append(element);
  };
  if (tags.description !== null) add('meta', { name: 'description', content: tags.description });
  add('link', { rel: 'canonical', href: tags.canonical });
  for (const { hreflang, href } of tags.alternates) add('link', { rel: 'alternate', hreflang, href });
}
