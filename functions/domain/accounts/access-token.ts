// Short-lived access tokens: JWT HS256, `sub` = user id, `userType` = User | Admin (spec §3 "Claims"),
// `sid` = the session (refresh-token family) it belongs to, so "sign out other devices" can spare it.

import { compactVerify, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@partage/graphql';
import { jwtSecret } from '../../adapters/secrets';
import type { AccountRole } from '../../data/users';
import { epochSeconds, now } from '../clock';

const CLAIM_OF_ROLE: Record<AccountRole, string> = { USER: 'User', ADMIN: 'Admin' };
const ROLE_OF_CLAIM: Record<string, AccountRole> = { User: 'USER', Admin: 'ADMIN' };
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: string;
  role: AccountRole;
  /** The refresh-token family of the session; '' for a token without one (never accepted by the authorizer). */
  sessionId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export async function signAccessToken(user: { id: string; role: AccountRole }, sessionId: string): Promise<string> {
  return new SignJWT({ userType: CLAIM_OF_ROLE[user.role], sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(user.id)
    .setIssuedAt(epochSeconds())
    .setExpirationTime(epochSeconds() + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await jwtSecret());
}

/** The claims of a valid, unexpired token; throws for anything else. */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  const { payload } = await jwtVerify(token, await jwtSecret(), { algorithms: [ALGORITHM], currentDate: now() });
  const role = ROLE_OF_CLAIM[String(payload.userType)];
  if (!payload.sub || !role || !payload.exp) throw new Error('Access token without subject, user type or expiry');
  return { userId: payload.sub, role, sessionId: typeof payload.sid === 'string' ? payload.sid : '', expiresAt: payload.exp };
}

/**
 * The user id of a token this service signed, expired or not: a refresh presents the access token
 * it replaces, and only its signature matters then.
 */
export async function subjectOfSignedToken(token: string): Promise<string> {
  const { payload } = await compactVerify(token, await jwtSecret(), { algorithms: [ALGORITHM] });
  const { sub } = JSON.parse(new TextDecoder().decode(payload)) as { sub?: unknown };
  if (typeof sub !== 'string' || !sub) throw new Error('Access token without subject');
  return sub;
}
