// What the session keeps in browser storage (spec §3) and what it reads from the access token.
import { DEVICE_ID_PREFIX, STORAGE_KEYS } from '@partage/graphql';

export type SignedInRole = 'USER' | 'ADMIN';

export interface Tokens {
  token: string;
  refreshToken: string;
}

export function readStoredTokens(): Tokens | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const refreshToken = localStorage.getItem(STORAGE_KEYS.refreshToken);
  return token && refreshToken ? { token, refreshToken } : null;
}

export function storeTokens({ token, refreshToken }: Tokens): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
}

/** Logout forgets the tokens and where the map was (spec §4); device id and language stay. */
export function clearStoredSession(): void {
  for (const key of [
    STORAGE_KEYS.token,
    STORAGE_KEYS.refreshToken,
    STORAGE_KEYS.mapLatitude,
    STORAGE_KEYS.mapLongitude,
    STORAGE_KEYS.mapZoom,
  ]) {
    localStorage.removeItem(key);
  }
}

/** The device token a login gave this browser (docs/contracts.md); kept at logout, like the device id. */
export function readDeviceToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.deviceToken);
}

export function storeDeviceToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.deviceToken, token);
}

/** The device id the auth endpoints tie refresh tokens to: a fixed prefix plus a timestamp, made once. */
export function deviceId(): string {
  let id = localStorage.getItem(STORAGE_KEYS.deviceId);
  if (!id) {
    id = `${DEVICE_ID_PREFIX}${Date.now()}`;
    localStorage.setItem(STORAGE_KEYS.deviceId, id);
  }
  return id;
}

const ROLE_BY_CLAIM: Record<string, SignedInRole> = { User: 'USER', Admin: 'ADMIN' };

/**
 * Who the access token names: `sub` and the `userType` claim. The signature is the server's business;
 * the client only needs the role to choose screens. Null when the token is not one of ours.
 */
export function readAccessToken(token: string): { userId: string; role: SignedInRole } | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { sub?: unknown; userType?: unknown };
    const role = typeof claims.userType === 'string' ? ROLE_BY_CLAIM[claims.userType] : undefined;
    return typeof claims.sub === 'string' && role ? { userId: claims.sub, role } : null;
  } catch {
    return null;
  }
}
