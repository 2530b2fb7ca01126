// Route code-splitting. A chunk that fails or takes over 120 s (spec §9) becomes an error notification
// and a page offering to reload, instead of an endless spinner.
import { createElement, isValidElement, lazy, useState, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { CHUNK_LOAD_TIMEOUT_MS } from '@partage/graphql';
import { describeError, logger } from '../lib/logger';
import { notify } from '../lib/notifications/store';
import { PageLoadFailed } from './PageLoadFailed';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A lazy page whose code can be fetched ahead of its first render (`preload`). */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const start = () =>
    (loading ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then(
      (component) => (loaded = component),
      (error: unknown) => {
        logger.error(`A page failed to load: ${describeError(error)}`);
        notify({ type: 'error', text: 'error.chunkLoad' });
        return (loaded = PageLoadFailed);
      },
    ));
  const Lazy = lazy(async () => ({ default: await start() }));
  function Page() {
    // A page whose code is already here renders at once, without a Suspense fallback: a prerendered page is
    // replaced by the same content, not by "Loading…" (main.tsx). Chosen once per mount, so a page that
    // started lazy is not remounted when its code arrives.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  return Object.assign(Page, { preload: () => start().then(() => undefined) });
}

const isLazyPage = (type: unknown): type is LazyPage => typeof type === 'function' && 'preload' in type;

/** Fetches the code of the lazy pages the path renders. */
export async function preloadRoutePages(routes: RouteObject[], pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).map(({ route }) => route.element).filter(isValidElement);
  await Promise.all(pages.map((element) => (isLazyPage(element.type) ? element.type.preload() : undefined)));
}
