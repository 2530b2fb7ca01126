// The app rendered outside a browser, built for Node by Vite's SSR build (scripts/prerender.ts) into
// web/dist-server/server-render.js. One render over the app's own routes, as an anonymous visitor, waiting
// for its lazy code and translations, for two callers:
// - the build (prerenderPage): each public page in each language, once; what depends on data renders its
//   reserved placeholder;
// - the server (renderServerPage, functions/handlers/seo.ts on both hosts): an ad's page and /annonces for
//   one request, with the answers of the page's queries (server/page-queries.ts) run by the server's own
//   resolvers, rendered from the query cache and handed to the browser's (lib/api/page-data.ts).
import './server/anonymous-browser';
import { readFileSync } from 'node:fs';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { PRERENDER_HEAD_SCRIPT, type ServerPageRequest, type UiLanguage } from '@partage/graphql';
import { routes } from './app/routes';
import { pageDataElement, type PageDataEntry } from './lib/api/page-data';
import { queryClient } from './lib/api/query-client';
import { i18n, initI18n } from './lib/i18n/i18n';
import { PageTitleSink } from './lib/i18n/use-page-title';
import { headTagsHtml, headTagsOf } from './lib/seo/head-tags';
import { prerenderedDocument } from './server/document';
import { runQuery } from './server/execute';
import { pageModuleOf, pageStylesheets, stylesheetLinks, type Manifest } from './server/page-assets';
import { pageQueries } from './server/page-queries';

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** <title> and the head tags of lib/seo/head-tags.ts. */
  head: string;
  /** The translation namespaces the page used: the browser loads them before replacing the markup (main.tsx). */
  namespaces: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

let started: Promise<unknown> | undefined;
// The language, the namespaces' recorder and the query cache are the process's: one render at a time
// (a render awaits only code and translations, already loaded after the first of each page).
let queue: Promise<unknown> = Promise.resolve();
const oneAtATime = <T,>(render: () => Promise<T>): Promise<T> => {
  const turn = queue.then(render);
  queue = turn.catch(() => undefined);
  return turn;
};

/** `url`: path and query. The cache holds the page's answers already (or nothing: placeholders). */
async function renderRoutes(url: string, language: UiLanguage, origin: string) {
  started ??= initI18n(language);
  await started;
  await i18n.changeLanguage(language);
  // react-i18next reports every namespace a component asks for; a recorder of its own for each page.
  const namespaces = new Set<string>();
  i18n.reportNamespaces = {
    addUsedNamespaces: (used) => [used].flat().forEach((namespace) => namespaces.add(namespace)),
    getUsedNamespaces: () => [...namespaces],
  };

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://server-render.invalid')));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status} instead of a page`);
  let title = i18n.t('app.name');
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageTitleSink.Provider value={(pageTitle) => (title = pageTitle)}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </PageTitleSink.Provider>
    </StrictMode>,
    // Never outline a large Suspense boundary (React's default past 12.8 kB): that is an inline script to
    // reveal it, which the CSP blocks, and the page would show its "Loading…" until the app takes over.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await textOf(prelude);
  const path = context.location.pathname;
  return {
    html,
    head: [`<title>${escapeHtml(title)}</title>`, headTagsHtml(headTagsOf(path, language, origin, i18n.t))].join('\n    '),
    namespaces: [...namespaces].filter((namespace) => namespace !== 'common'),
  };
}

/** `origin`: the site's address for absolute canonical and alternate URLs ('' writes root-relative ones). */
export const prerenderPage = (path: string, language: UiLanguage, origin: string): Promise<PrerenderedPage> =>
  oneAtATime(() => renderRoutes(path, language, origin));

let manifest: Manifest | undefined;
/** Vite's build manifest, kept beside this file by the build (scripts/prerender.ts). */
const buildManifest = (): Manifest =>
  (manifest ??= JSON.parse(readFileSync(new URL('./manifest.json', import.meta.url), 'utf8')) as Manifest);

/** The whole HTML document of an ad's page or of /annonces for one request, with its data. */
export function renderServerPage(request: ServerPageRequest): Promise<string> {
  return oneAtATime(async () => {
    const queries = pageQueries(request.path, request.search);
    const answers = await Promise.all(queries.map((query) => runQuery(query.document, query.variables, request.resolvers)));
    const entries: PageDataEntry[] = queries.flatMap((query, index) => {
      const data = answers[index];
      if (!data) return [];
      return [{ key: query.key, data: query.paged ? { pages: [data], pageParams: [null] } : data }];
    });
    queryClient.clear();
    for (const { key, data } of entries) queryClient.setQueryData(key, data);
    try {
      const page = await renderRoutes(`${request.path}${request.search}`, request.language, request.origin);
      const module = pageModuleOf(request.path);
      return prerenderedDocument(request.template, {
        ...page,
        head: request.head ?? page.head,
        language: request.language,
        headScript: PRERENDER_HEAD_SCRIPT,
        stylesheets: module ? stylesheetLinks(pageStylesheets(buildManifest(), module, request.template)) : undefined,
        data: entries.length ? pageDataElement(entries) : undefined,
      });
    } finally {
      queryClient.clear();
    }
  });
}
