// The app's start, loaded by boot.ts (after the first paint of a page painted ahead). A page the build
// prerendered (scripts/prerender.ts) or the server painted (server-render.tsx) is already on screen: it
// stays as it is until its route's code, its translations, config.json (the footer's links) and, for a
// server's page, the answers it was painted with (put in the query cache) are here, then the app takes it
// over (no "Loading…" in between, no shift, no request). Any other page renders at once (the shell's words
// are bundled) while config.json loads; the Amplify client waits for the config itself. Rendering it
// synchronously means the skip link exists as soon as the app has loaded.
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { PAGE_DATA_ID, PRERENDER_STALE_ATTRIBUTE } from '@partage/graphql';
import { BootFailure } from './app/BootFailure';
import { preloadRoutePages } from './app/lazy-page';
import { routes } from './app/routes';
import { startStatusPolling } from './lib/app-status';
import { watchStoredToken } from './lib/auth/tab-sync';
import { loadRuntimeConfig, type RuntimeConfig } from './lib/config';
import { i18n, initI18n } from './lib/i18n/i18n';
import { initialLanguage } from './lib/i18n/language';
import { describeError, logger, logUncaughtErrors } from './lib/logger';
import { stopRecording } from './lib/painted-forms/record';
import { startTelemetry } from './lib/telemetry/telemetry';

logUncaughtErrors();
// Read before the router exists: the `lang` parameter is taken out of the address.
void initI18n(initialLanguage());
const container = document.getElementById('root')!;
/**
 * Once the app's first render is on screen: the page is the app's (its forms answer typing and the head's
 * guard lets them be), what the journeys wait for. Its forms took what was typed into the page painted ahead
 * (lib/painted-forms/hand-over.ts) when their refs were attached, before this effect runs.
 */
function TakenOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    stopRecording();
    delete container.dataset.prerendered;
  }, []);
  return children;
}
const app = () => (
  <StrictMode>
    <TakenOver>
      <RouterProvider router={createBrowserRouter(routes)} />
    </TakenOver>
  </StrictMode>
);
let root: Root | undefined;
const renderApp = () => {
  root = createRoot(container);
  flushSync(() => root!.render(app()));
};
// A page already on screen is taken over in a transition: React renders it in slices of a few
// milliseconds between which the browser answers the reader (one render is one long task otherwise, a
// phone's blocking time), and commits once. The page the build prerendered is drawn again: what it leaves
// to the browser (the landing page's first-visit invitation under its hero) comes in that one commit
// rather than moving the page after it. A page the server painted with its data becomes the app where it
// stands: React adopts its elements instead of drawing new ones, so nothing is painted again (its largest
// paint stays the first). What differs for this visitor (signed in: the header's menu) renders right
// after, from the stores' server snapshots. A part that still differs is drawn anew by React (the page
// works), and reported: the render outside the browser should have matched.
const redrawPrerendered = () =>
  startTransition(() => {
    root = createRoot(container);
    root.render(app());
  });
const hydrateApp = () =>
  startTransition(() => {
    root = hydrateRoot(container, app(), {
      onRecoverableError: (error) => logger.warning(`The page painted ahead differed from the app's: ${describeError(error)}`),
    });
  });
const started = (config: RuntimeConfig) => {
  startStatusPolling();
  watchStoredToken();
  startTelemetry(config);
};
const failed = (error: unknown) => {
  logger.critical(`The app could not start: ${describeError(error)}`);
  (root ??= createRoot(container)).render(<BootFailure />);
};

// A prerendered page in the visitor's language (PRERENDER_LANGUAGE_CHECK hid it otherwise).
const prerendered = container.dataset.prerendered !== undefined && !document.documentElement.hasAttribute(PRERENDER_STALE_ATTRIBUTE);
/** What the page painted ahead waits for, then its takeover. */
const takeOver = () => {
  const namespaces = (container.dataset.namespaces ?? '').split(' ').filter(Boolean);
  // The cache comes with the page's code (TanStack Query is not in the shell's chunks).
  const painted = document.getElementById(PAGE_DATA_ID) !== null;
  const pageData = painted && import('./lib/api/page-data').then(({ seedPageData }) => seedPageData());
  Promise.all([loadRuntimeConfig(), preloadRoutePages(routes, window.location.pathname), i18n.loadNamespaces(namespaces), pageData]).then(
    ([config]) => {
      if (painted) hydrateApp();
      else redrawPrerendered();
      started(config);
    },
    failed,
  );
};
// In a task of its own: after the app's modules have run, not in the same long task (a phone's blocking time).
if (prerendered) setTimeout(takeOver);
else {
  renderApp();
  document.documentElement.removeAttribute(PRERENDER_STALE_ATTRIBUTE);
  loadRuntimeConfig().then(started, failed);
}
