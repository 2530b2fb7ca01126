// Token renewal (spec §4): single-flight across callers and tabs, and retry-once for API calls.
import { STORAGE_KEYS, TOKEN_RENEWAL_WAIT_POLL_MS } from '@partage/graphql';
import { ApiError } from '../api/errors';
import { apiUrl } from '../config';
import { describeError, logger } from '../logger';
import { getSession, logout, startSession, syncSessionFromStorage } from './session';
import { deviceId, readStoredTokens, type Tokens } from './tokens';

// Refresh tokens rotate and a reused one revokes the whole family, so two renewals must never race.
// The in-progress flag lives in localStorage (a timestamp) so other tabs wait too; a flag older than
// this belongs to a tab that died mid-renewal and is ignored.
const STALE_RENEWAL_MS = 30_000;

const renewalInProgress = (): boolean => {
  const since = Number(localStorage.getItem(STORAGE_KEYS.refreshTokenStatus));
  return since > 0 && Date.now() - since < STALE_RENEWAL_MS;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForOtherRenewal(): Promise<boolean> {
  const before = readStoredTokens()?.token;
  while (renewalInProgress()) await sleep(TOKEN_RENEWAL_WAIT_POLL_MS);
  syncSessionFromStorage();
  const after = getSession()?.token;
  return after !== undefined && after !== before;
}

/**
 * False when the server refused the tokens (the session is over). A busy server (503) ends nothing:
 * the call fails with SERVICE_BUSY, its screen says to try again, and the session stays.
 */
async function requestNewTokens(stored: Tokens): Promise<boolean> {
  try {
    const response = await fetch(apiUrl('/token/refresh'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...stored, deviceId: deviceId() }),
    });
    if (response.status === 503) throw new ApiError('SERVICE_BUSY', 'Token renewal answered 503');
    if (!response.ok) return false;
    startSession((await response.json()) as Tokens);
    return true;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    logger.warning(`Token renewal failed: ${describeError(error)}`);
    return false;
  }
}

/** Renews the tokens, or waits for the renewal already under way. True when new tokens are in place. */
export async function renewTokens(): Promise<boolean> {
  if (renewalInProgress()) return waitForOtherRenewal();
  const stored = readStoredTokens();
  if (!stored) return false;
  localStorage.setItem(STORAGE_KEYS.refreshTokenStatus, String(Date.now()));
  try {
    return await requestNewTokens(stored);
  } finally {
    localStorage.removeItem(STORAGE_KEYS.refreshTokenStatus);
  }
}

const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.unauthorized;

/**
 * Runs an API call; when it is refused as unauthorized for a signed-in user, renews the token and
 * retries once. If that fails too the session ends and the call fails with UNAUTHENTICATED.
 */
export async function withRenewal<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isUnauthorized(error) || !getSession()) throw error;
  }
  if (await renewTokens()) {
    try {
      return await call();
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
    }
  }
  await logout('expired');
  throw new ApiError('UNAUTHENTICATED', 'The session could not be renewed');
}
