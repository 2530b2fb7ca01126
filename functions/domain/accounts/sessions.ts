// A session is an access token plus a refresh token `<familyId>.<secret>`. Each login starts a
// family bound to the device; each refresh rotates its secret. Presenting a secret that is no
// longer current means a copy of the token is in someone else's hands: the family is revoked.

import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError, REFRESH_TOKEN_TTL_SECONDS } from '@partage/graphql';
import { epochSeconds } from '../clock';
import { deleteRefreshFamily, getRefreshFamily, isSessionLive, putRefreshFamily, rotateRefreshFamily } from '../../data/refresh-families';
import { getUser, type UserRecord } from '../../data/users';
import { signAccessToken, subjectOfSignedToken, verifyAccessToken, type AccessClaims } from './access-token';

export interface SessionTokens {
  token: string;
  refreshToken: string;
}

export interface RefreshInput {
  token: string;
  refreshToken: string;
  deviceId: string;
}

const newSecret = () => randomBytes(32).toString('base64url');
// The secret is 256 random bits, so a fast hash is enough; only the hash is stored.
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const invalidToken = () => new AppError('INVALID_TOKEN', 'Invalid refresh token');

/** The refresh token's family, `<familyId>.<secret>`; INVALID_TOKEN for another shape. */
function familyOf(refreshToken: string): { familyId: string; secret: string } {
  const [familyId, secret, extra] = refreshToken.split('.');
  if (!familyId || !secret || extra !== undefined) throw invalidToken();
  return { familyId, secret };
}

export async function startSession(user: Pick<UserRecord, 'id' | 'role'>, deviceId: string): Promise<SessionTokens> {
  const familyId = randomUUID();
  const secret = newSecret();
  await putRefreshFamily({
    userId: user.id,
    familyId,
    deviceId,
    tokenHash: hashSecret(secret),
    ttl: epochSeconds() + REFRESH_TOKEN_TTL_SECONDS,
  });
  return { token: await signAccessToken(user, familyId), refreshToken: `${familyId}.${secret}` };
}

/** New tokens for a current refresh token on its own device; INVALID_TOKEN otherwise. */
export async function refreshSession({ token, refreshToken, deviceId }: RefreshInput): Promise<SessionTokens> {
  const userId = await subjectOfSignedToken(token).catch(() => {
    throw invalidToken();
  });
  const { familyId, secret } = familyOf(refreshToken);
  const family = await getRefreshFamily(userId, familyId);
  // DynamoDB deletes expired items lazily, so the expiry is checked here too.
  if (!family || family.ttl <= epochSeconds()) throw invalidToken();
  if (family.deviceId !== deviceId || !sameHash(family.tokenHash, hashSecret(secret))) {
    await deleteRefreshFamily(userId, familyId);
    throw invalidToken();
  }
  const user = await getUser(userId);
  // A locked-out account keeps no session alive: it must be allowed again and log in.
  if (!user || user.lockedOut) throw invalidToken();
  const nextSecret = newSecret();
  const rotated = await rotateRefreshFamily(
    { ...family, tokenHash: hashSecret(nextSecret), ttl: epochSeconds() + REFRESH_TOKEN_TTL_SECONDS },
    family.tokenHash,
  );
  if (!rotated) {
    // Another request exchanged this same token a moment ago: only one of them may win.
    await deleteRefreshFamily(userId, familyId);
    throw invalidToken();
  }
  return { token: await signAccessToken(user, familyId), refreshToken: `${familyId}.${nextSecret}` };
}

/**
 * POST /token/logout: the session's refresh family is revoked, so neither its refresh token nor
 * (within the authorizer's cache period) its access tokens work any more. Only the signature of the
 * access token matters: it names the user; logging out twice is no error.
 */
export async function endSession({ token, refreshToken }: Omit<RefreshInput, 'deviceId'>): Promise<void> {
  const userId = await subjectOfSignedToken(token).catch(() => {
    throw invalidToken();
  });
  await deleteRefreshFamily(userId, familyOf(refreshToken).familyId);
}

/**
 * The claims of an access token whose session still stands: unexpired, signed by this service, its
 * refresh family not revoked (logout, password changed elsewhere or reset, reuse detected) and its
 * account not locked out. Throws otherwise.
 */
export async function activeSessionClaims(token: string): Promise<AccessClaims> {
  const claims = await verifyAccessToken(token);
  if (!claims.sessionId || !(await isSessionLive(claims.userId, claims.sessionId, epochSeconds()))) {
    throw new Error('The session of this token has ended');
  }
  return claims;
}
