// Server entry of the build's prerendering (scripts/prerender.ts): renders one public page in one language
// over the app's own routes, as an anonymous visitor, waiting for its lazy code and translations. What
// depends on data renders its reserved placeholder (queries do not run on the server).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { UiLanguage } from '@partage/graphql';
import { routes } from './app/routes';
import { i18n, initI18n } from './lib/i18n/i18n';
import { PageTitleSink } from './lib/i18n/use-page-title';
import { headTagsHtml, headTagsOf } from './lib/seo/head-tags';

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

/** `origin`: the site's address for absolute canonical and alternate URLs ('' writes root-relative ones). */
export async function prerenderPage(path: string, language: UiLanguage, origin: string): Promise<PrerenderedPage> {
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
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
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
  return {
    html,
    head: [`<title>${escapeHtml(title)}</title>`, headTagsHtml(headTagsOf(path, language, origin, i18n.t))].join('\n    '),
    namespaces: [...namespaces].filter((namespace) => namespace !== 'common'),
  };
}
