// Second factor of administrator logins: a 6-digit code e-mailed in the user's language, stored
// hashed, valid TWO_FACTOR_CODE_TTL_SECONDS, with TWO_FACTOR_MAX_ATTEMPTS tries, usable once. A new
// round (a new code) gives new tries on that code, so the codes checked and e-mailed are also limited
// per account over time, across rounds (RATE_LIMITS.twoFactorCheck, twoFactorSend).

import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError, LOGIN_TEXT, PHONE_CODE_LENGTH, TWO_FACTOR_CODE_TTL_SECONDS, TWO_FACTOR_MAX_ATTEMPTS } from '@partage/graphql';
import { mailer } from '../../adapters/mailer';
import { epochSeconds } from '../clock';
import { consumeOneTimeCode, getOneTimeCode, putOneTimeCode, takeOneTimeCodeAttempt } from '../../data/one-time-codes';
import type { UserRecord } from '../../data/users';
import { renderEmail } from '../emails';
import { enforceRateLimit } from '../rate-limits';

// Salted with the user id so equal codes of two users do not share a hash.
const hashCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('base64url');

export async function sendTwoFactorCode(user: UserRecord): Promise<void> {
  await enforceRateLimit('twoFactorSend', user.id);
  const code = String(randomInt(10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  await putOneTimeCode('TWO_FACTOR', user.id, hashCode(user.id, code), epochSeconds() + TWO_FACTOR_CODE_TTL_SECONDS);
  const values = { code, firstName: user.firstName, minutes: String(TWO_FACTOR_CODE_TTL_SECONDS / 60) };
  await mailer().send({ to: user.email, ...renderEmail('twoFactorCode', user.language, values) });
}

/** Uses up the user's pending code if `code` is it; `Invalid code` otherwise. */
export async function checkTwoFactorCode(userId: string, code: string): Promise<void> {
  const invalid = new AppError('INVALID_CREDENTIALS', LOGIN_TEXT.invalidCode);
  await enforceRateLimit('twoFactorCheck', userId);
  const pending = await getOneTimeCode('TWO_FACTOR', userId);
  if (!pending || pending.ttl <= epochSeconds()) throw invalid;
  if (!(await takeOneTimeCodeAttempt('TWO_FACTOR', userId, TWO_FACTOR_MAX_ATTEMPTS))) throw invalid;
  const hash = hashCode(userId, code);
  if (!timingSafeEqual(Buffer.from(hash), Buffer.from(pending.codeHash))) throw invalid;
  if (!(await consumeOneTimeCode('TWO_FACTOR', userId, hash))) throw invalid;
}
