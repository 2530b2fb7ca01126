// Route code-splitting. A chunk that fails or takes over 120 s (spec §9) becomes an error notification
// and a page offering to reload, instead of an endless spinner.
import { lazy, type ComponentType } from 'react';
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

export function lazyPage(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    try {
      return { default: await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS) };
    } catch (error) {
      logger.error(`A page failed to load: ${describeError(error)}`);
      notify({ type: 'error', text: 'error.chunkLoad' });
      return { default: PageLoadFailed };
    }
  });
}
