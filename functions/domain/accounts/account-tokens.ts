// The tokens of e-mailed links: 256 random bits, only their hash stored, bound to the address the
// link went to and to one use. A link belongs to the account's current address (or, for an e-mail
// change, to its pending one): once the address changes, older links stop working.

import { createHash, randomBytes } from 'node:crypto';
import { AppError, type TokenStatus, type TokenType } from '@partage/graphql';
import {
  deleteUnusedAccountTokens,
  getAccountToken,
  putAccountToken,
  useAccountTokenItem,
  type AccountToken,
} from '../../data/account-tokens';
import { getUser, updateUser, type UserChanges, type UserRecord } from '../../data/users';
import { epochSeconds } from '../clock';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new token for a link to `email`; the caller puts it in the link. */
export async function issueAccountToken(kind: TokenType, userId: string, email: string, lifetimeSeconds: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await putAccountToken({
    email: email.toLowerCase(),
    tokenHash: hashToken(token),
    kind,
    userId,
    expiresAt: epochSeconds() + lifetimeSeconds,
  });
  return token;
}

export type TokenCheck = { status: Exclude<TokenStatus, 'VALID'> } | { status: 'VALID'; token: AccountToken; user: UserRecord };

/** What a link (address + token) is worth now, for one of `kinds`. */
export async function checkAccountToken(kinds: readonly TokenType[], email: string, token: string): Promise<TokenCheck> {
  const stored = await getAccountToken(email, hashToken(token));
  if (!stored || !kinds.includes(stored.kind)) return { status: 'INVALID' };
  if (stored.usedAt !== undefined) return { status: 'USED' };
  if (stored.expiresAt <= epochSeconds()) return { status: 'EXPIRED' };
  const user = await getUser(stored.userId);
  const address = stored.kind === 'EMAIL_CHANGE' ? user?.pendingEmail : user?.email;
  if (!user || address !== stored.email) return { status: 'INVALID' };
  return { status: 'VALID', token: stored, user };
}

/** The valid token and its user; INVALID_TOKEN (message INVALID, EXPIRED or USED) otherwise. */
export async function validAccountToken(
  kinds: readonly TokenType[],
  email: string,
  token: string,
): Promise<{ token: AccountToken; user: UserRecord }> {
  const check = await checkAccountToken(kinds, email, token);
  if (check.status !== 'VALID') throw new AppError('INVALID_TOKEN', check.status);
  return check;
}

/**
 * Makes the link's change and uses its token up in one transaction (INVALID_TOKEN if another call
 * used it first), then voids the other unused links of the same kind sent to that address.
 */
export async function redeemAccountToken(token: AccountToken, user: UserRecord, changes: UserChanges): Promise<void> {
  await updateUser(user, changes, useAccountTokenItem(token, epochSeconds()));
  await deleteUnusedAccountTokens(token.email, token.kind);
}
