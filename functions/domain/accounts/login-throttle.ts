// Growing delays after failed logins, which an attacker cannot turn against the owner: they are
// counted per (source address, account) and per source address; per account there is only a high
// ceiling against guessing spread over many addresses, which a device that signed in before passes
// (device-token.ts). Keyed by the address typed, so unknown and real addresses behave alike.

import { LOGIN_TEXT } from '@partage/graphql';
import {
  addLoginFailure,
  blockLogins,
  clearAccountLoginFailures,
  clearLoginFailures,
  FAILURE_SCOPES,
  getLoginFailures,
  releaseLoginTurn,
  takeLoginTurn,
  type FailureScope,
  type LoginFailureSubject,
} from '../../data/login-failures';
import { epochSeconds } from '../clock';
import { rateLimited } from '../rate-limits';

/** Failures before the first delay, per scope; each further failure doubles it, up to MAX_DELAY_SECONDS. */
export const FAILURES_BEFORE_DELAY: Record<FailureScope, number> = { sourceAccount: 5, source: 20, account: 100 };
export const FIRST_DELAY_SECONDS = 60;
export const MAX_DELAY_SECONDS = 60 * 60;

/** The delay that `failures` failures in a row earn (0 below the scope's threshold). */
export function delayAfter(scope: FailureScope, failures: number): number {
  const beyond = failures - FAILURES_BEFORE_DELAY[scope];
  return beyond < 0 ? 0 : Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** beyond);
}

/** RATE_LIMITED (`Too many attempts`, with the wait) while a delay runs for this source or account. */
export async function assertLoginAllowed(subject: LoginFailureSubject, trustedDevice: boolean): Promise<void> {
  const now = epochSeconds();
  const counters = await getLoginFailures(subject, now);
  const waits = FAILURE_SCOPES.filter((scope) => !(scope === 'account' && trustedDevice)).map(
    (scope) => counters[scope].blockedUntil - now,
  );
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw rateLimited(wait, LOGIN_TEXT.tooManyAttempts);
}

/** Longest a try may hold its turn (a password check takes well under a second). */
const TURN_SECONDS = 10;

/**
 * Runs `check` (a try's password check and its recording) while no other try of the same source on
 * the same account runs: tries sent all at once would otherwise all pass assertLoginAllowed before
 * the first failure is counted, and guess far more than FAILURES_BEFORE_DELAY. A try that finds the
 * turn taken is refused like one during a delay.
 */
export async function oneTryAtATime<T>(subject: LoginFailureSubject, check: () => Promise<T>): Promise<T> {
  const now = epochSeconds();
  if (!(await takeLoginTurn(subject, now, now + TURN_SECONDS))) throw rateLimited(1, LOGIN_TEXT.tooManyAttempts);
  try {
    return await check();
  } finally {
    await releaseLoginTurn(subject);
  }
}

export async function recordFailedLogin(subject: LoginFailureSubject): Promise<void> {
  const now = epochSeconds();
  await Promise.all(
    FAILURE_SCOPES.map(async (scope) => {
      const delay = delayAfter(scope, await addLoginFailure(scope, subject, now));
      if (delay > 0) await blockLogins(scope, subject, now + delay);
    }),
  );
}

/**
 * The right password from this source: its failures on the account are forgotten, and so is the
 * account's ceiling (the owner is in). The source's own count stays: an attacker's successful login
 * to an account of theirs must not clear what they did to others.
 */
export async function recordSuccessfulLogin(subject: LoginFailureSubject): Promise<void> {
  await Promise.all([clearLoginFailures('sourceAccount', subject), clearLoginFailures('account', subject)]);
}

/** A password reset or an administrator's unlock: no delay is left on the account, from any source. */
export async function clearLoginDelays(email: string): Promise<void> {
  await clearAccountLoginFailures(email.trim().toLowerCase());
}
