// App status (spec §4): GET /status every 60 s. Not ready or unreachable → unavailable; a version other
// than the first one seen → out of date, and polling stops (a refresh is the only cure).
import { useSyncExternalStore } from 'react';
import { STATUS_POLL_MS } from '@partage/graphql';
import { apiUrl } from './config';

export interface AppStatus {
  unavailable: boolean;
  outOfDate: boolean;
}

let status: AppStatus = { unavailable: false, outOfDate: false };
const listeners = new Set<() => void>();

function publish(next: AppStatus): void {
  if (next.unavailable === status.unavailable && next.outOfDate === status.outOfDate) return;
  status = next;
  listeners.forEach((listener) => listener());
}

async function readStatus(): Promise<{ ready: boolean; version: string } | null> {
  try {
    const response = await fetch(apiUrl('/status'), { cache: 'no-store' });
    return response.ok ? ((await response.json()) as { ready: boolean; version: string }) : null;
  } catch {
    return null;
  }
}

/** Checks now, then every 60 s; the returned function stops. */
export function startStatusPolling(): () => void {
  let firstVersion: string | undefined;
  const check = async () => {
    const answer = await readStatus();
    if (!answer) return publish({ unavailable: true, outOfDate: false });
    firstVersion ??= answer.version;
    const outOfDate = answer.version !== firstVersion;
    if (outOfDate) clearInterval(id);
    publish({ unavailable: !answer.ready, outOfDate });
  };
  const id = setInterval(check, STATUS_POLL_MS);
  void check();
  return () => clearInterval(id);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => status;

export function useAppStatus(): AppStatus {
  // The same snapshot when the build prerenders pages (src/prerender.tsx).
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
