// POST /token/login. Refusals are AppErrors whose message is the exact text the web app matches
// (LOGIN_TEXT); the handler turns their codes into 401 / 403.

import { AppError, LOGIN_TEXT, MAX_FAILED_LOGINS } from '@partage/graphql';
import { findUserByEmail, incrementFailedLogins, lockOutUser, resetFailedLogins } from '../../data/users';
import { sendLinkEmailWithinLimit } from './link-emails';
import { verifyPassword } from './password-hash';
import { startSession, type SessionTokens } from './sessions';
import { checkTwoFactorCode, sendTwoFactorCode } from './two-factor';

export interface LoginInput {
  username: string;
  password: string;
  deviceId: string;
  /** The e-mailed code, on the second call of an administrator's login. */
  code?: string;
}

export type LoginResult = { kind: 'signedIn'; tokens: SessionTokens } | { kind: 'codeSent' };

const lockedOut = () => new AppError('USER_LOCKED_OUT', LOGIN_TEXT.lockedOut);

export async function login({ username, password, deviceId, code }: LoginInput): Promise<LoginResult> {
  const user = await findUserByEmail(username);
  const passwordMatches = await verifyPassword(password, user?.passwordHash);
  if (!user) throw new AppError('INVALID_CREDENTIALS', LOGIN_TEXT.invalid);
  // Locked until an administrator allows the account again, whatever the password.
  if (user.lockedOut) throw lockedOut();
  if (!passwordMatches) {
    if ((await incrementFailedLogins(user.id)) < MAX_FAILED_LOGINS) throw new AppError('INVALID_CREDENTIALS', LOGIN_TEXT.invalid);
    await lockOutUser(user.id);
    throw lockedOut();
  }
  if (user.failedLogins > 0) await resetFailedLogins(user.id);
  if (!user.emailConfirmed) {
    // The web app tells the user a new confirmation e-mail is on its way (spec §8).
    await sendLinkEmailWithinLimit('emailConfirmation', user);
    throw new AppError('EMAIL_NOT_CONFIRMED', LOGIN_TEXT.emailNotConfirmed);
  }
  if (user.role === 'ADMIN') {
    if (code === undefined) {
      await sendTwoFactorCode(user);
      return { kind: 'codeSent' };
    }
    await checkTwoFactorCode(user.id, code);
  }
  return { kind: 'signedIn', tokens: await startSession(user, deviceId) };
}
