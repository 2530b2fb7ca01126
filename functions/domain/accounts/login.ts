// POST /token/login. Refusals are AppErrors whose message is the exact text the web app matches
// (LOGIN_TEXT); the handler turns their codes into 401 / 403 / 429. Whether the address has an
// account shows in nothing before the password is right: not the answer, not the delays, and not
// the time taken (an unknown address still costs one password hash).

import { AppError, LOGIN_TEXT } from '@partage/graphql';
import { findUserByEmail } from '../../data/users';
import { enforceRateLimit } from '../rate-limits';
import { isTrustedDevice, signDeviceToken } from './device-token';
import { sendLinkEmailWithinLimit } from './link-emails';
import { assertLoginAllowed, oneTryAtATime, recordFailedLogin, recordSuccessfulLogin } from './login-throttle';
import { verifyPassword } from './password-hash';
import { startSession, type SessionTokens } from './sessions';
import { checkTwoFactorCode, sendTwoFactorCode } from './two-factor';

export interface LoginInput {
  username: string;
  password: string;
  deviceId: string;
  /** The e-mailed code, on the second call of an administrator's login. */
  code?: string;
  /** The device token a previous login on this browser gave. */
  deviceToken?: string;
  /** The caller's source address. */
  source: string;
}

export type LoginResult = { kind: 'signedIn'; tokens: SessionTokens & { deviceToken: string } } | { kind: 'codeSent' };

export async function login({ username, password, deviceId, code, deviceToken, source }: LoginInput): Promise<LoginResult> {
  await enforceRateLimit('login', source);
  const email = username.trim().toLowerCase();
  const subject = { email, source };
  const trustedDevice = await isTrustedDevice(deviceToken, email);

  const user = await oneTryAtATime(subject, async () => {
    await assertLoginAllowed(subject, trustedDevice);
    const found = await findUserByEmail(email);
    const passwordMatches = await verifyPassword(password, found?.passwordHash);
    if (!found || !passwordMatches) {
      await recordFailedLogin(subject);
      throw new AppError('INVALID_CREDENTIALS', LOGIN_TEXT.invalid);
    }
    await recordSuccessfulLogin(subject);
    return found;
  });
  // An administrative lock, told only to whoever knows the password.
  if (user.lockedOut) throw new AppError('USER_LOCKED_OUT', LOGIN_TEXT.lockedOut);
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
  const tokens = await startSession(user, deviceId);
  return { kind: 'signedIn', tokens: { ...tokens, deviceToken: await signDeviceToken(email) } };
}
