// A page rendered ahead of the browser, at build (prerendered) or by the server for one request: the built
// index.html with the page's language, head tags, language check, markup and, for a server's page, the
// answers it was rendered with (lib/api/page-data.ts).

import type { UiLanguage } from '@partage/graphql';

export interface PrerenderedParts {
  language: UiLanguage;
  /** <title> and the other head tags (escaped already). */
  head: string;
  /** The markup of #root. */
  html: string;
  /** Translation namespaces the browser loads before taking the page over (src/main.tsx). */
  namespaces: string[];
  /** The inline script that hides the page from a visitor of the other language and holds its forms until the app is there (PRERENDER_HEAD_SCRIPT). */
  headScript: string;
  /** <link> tags for the end of <head>: the page chunk's stylesheets. */
  stylesheets?: string;
  /** The page-data element (after #root): the answers the app puts in its query cache before taking over. */
  data?: string;
}

function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`index.html lacks ${pattern}`);
  return text.replace(pattern, () => replacement);
}

export function prerenderedDocument(template: string, page: PrerenderedParts): string {
  // The CSP allows one inline script, the head script: any other (React outlining a boundary) would be blocked.
  if (/<script/i.test(page.html)) throw new Error('The prerendered markup holds a script, which the CSP would block');
  let document = replaceOnce(template, /<html lang="[^"]*">/, `<html lang="${page.language}">`);
  // First in <head>, before any stylesheet or script, so it runs before the first paint.
  document = replaceOnce(document, /<meta charset="UTF-8" \/>/i, `<meta charset="UTF-8" />\n    <script>${page.headScript}</script>`);
  document = replaceOnce(document, /<title>[^<]*<\/title>/, page.head);
  if (page.stylesheets) document = replaceOnce(document, /<\/head>/, `  ${page.stylesheets}\n  </head>`);
  const namespaces = page.namespaces.join(' ');
  return replaceOnce(
    document,
    /<div id="root"><\/div>/,
    `<div id="root" data-prerendered="${page.language}" data-namespaces="${namespaces}">${page.html}</div>${page.data ?? ''}`,
  );
}
