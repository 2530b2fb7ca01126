// The session (spec §3, §4): logged out, or logged in with tokens mirrored in localStorage.
import { useSyncExternalStore } from 'react';
import { ANONYMOUS_TOKEN } from '@partage/graphql';
import { endSessionOnServer } from './server-logout';
import { clearStoredSession, readAccessToken, readStoredTokens, storeTokens, type SignedInRole, type Tokens } from './tokens';

export interface Session extends Tokens {
  userId: string;
  role: SignedInRole;
}

function sessionFrom(tokens: Tokens | null): Session | null {
  const identity = tokens && readAccessToken(tokens.token);
  return tokens && identity ? { ...tokens, ...identity } : null;
}

let current = sessionFrom(readStoredTokens());
/** Why the last session ended: `chosen` (logout), or `expired` (its renewal was refused: revoked, or too old). */
export type SessionEnd = 'chosen' | 'expired';
let lastEnd: SessionEnd = 'chosen';
const listeners = new Set<() => void>();
let beforeLogout: () => unknown = () => undefined;

function publish(next: Session | null): void {
  current = next;
  listeners.forEach((listener) => listener());
}

export function getSession(): Session | null {
  return current;
}

/** Starts (or renews) the session with tokens from the auth endpoints. */
export function startSession(tokens: Tokens): void {
  const next = sessionFrom(tokens);
  if (!next) throw new Error('The access token has no user id or no known userType claim');
  storeTokens(tokens);
  publish(next);
}

/** Re-reads the tokens another tab (or another caller) stored. */
export function syncSessionFromStorage(): void {
  publish(sessionFrom(readStoredTokens()));
}

/**
 * The app leaves protected pages before the session ends: were the session cleared first, their guards
 * would send the visitor to the login page instead of the landing page.
 */
export function setBeforeLogout(action: () => unknown): void {
  beforeLogout = action;
}

/**
 * Clears tokens and map position, then goes to the landing page (spec §4); the server revokes the session.
 * A session that `expired` stays on its page until the guards send the reader to sign in again, back to it.
 */
export async function logout(reason: SessionEnd = 'chosen'): Promise<void> {
  const ending = current;
  lastEnd = reason;
  if (reason === 'chosen') await beforeLogout();
  clearStoredSession();
  publish(null);
  if (ending) void endSessionOnServer({ token: ending.token, refreshToken: ending.refreshToken });
}

/** Why the last session ended (the guards: a chosen logout leaves for the landing page, an expired session for login). */
export const sessionEnd = (): SessionEnd => lastEnd;

/** The `Authorization` value of GraphQL calls: the bearer token, or the anonymous token. */
export function authorizationHeader(): string {
  return current ? `Bearer ${current.token}` : ANONYMOUS_TOKEN;
}

/** Calls `listener` after every change of session (login, renewal, logout, another tab's change). */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What a page painted outside the browser was rendered with: an anonymous visitor (server-render.tsx). */
const paintedSession = (): Session | null => null;

export function useSession(): Session | null {
  // Hydrating a page the server painted, a signed-in reader's app renders it as it was painted (the anonymous
  // header), then at once with the session: else the header differed and React drew the page's tree again.
  return useSyncExternalStore(onSessionChange, getSession, paintedSession);
}
