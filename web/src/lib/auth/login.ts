// POST /token/login (docs/contracts.md): tokens, a second-factor step, or a refusal the page explains.
// The device token of an earlier login goes with it: it lets this browser past the ceiling an attack
// on the account may have reached.
import { LOGIN_TEXT } from '@partage/graphql';
import { apiUrl } from '../config';
import { describeError, logger } from '../logger';
import { startSession } from './session';
import { deviceId, readDeviceToken, storeDeviceToken, type Tokens } from './tokens';

export type LoginRefusal =
  'emailNotConfirmed' | 'lockedOut' | 'invalidCredentials' | 'invalidCode' | 'tooManyAttempts' | 'serviceBusy' | 'unexpected';
export type LoginOutcome =
  | { kind: 'signedIn' }
  | { kind: 'codeSent' }
  /** `retryAfterSeconds`: for tooManyAttempts, the wait the server asked for. */
  | { kind: 'refused'; reason: LoginRefusal; retryAfterSeconds?: number };

export interface Credentials {
  username: string;
  password: string;
  /** The e-mailed code of the second step. */
  code?: string;
}

const REFUSAL_BY_TEXT: Record<string, LoginRefusal> = {
  [LOGIN_TEXT.emailNotConfirmed]: 'emailNotConfirmed',
  [LOGIN_TEXT.lockedOut]: 'lockedOut',
  [LOGIN_TEXT.invalidCode]: 'invalidCode',
};

const refused = (reason: LoginRefusal): LoginOutcome => ({ kind: 'refused', reason });

export async function login(credentials: Credentials): Promise<LoginOutcome> {
  try {
    const response = await fetch(apiUrl('/token/login'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...credentials, deviceId: deviceId(), deviceToken: readDeviceToken() ?? undefined }),
    });
    if (response.status === 200) {
      const { token, refreshToken, deviceToken } = (await response.json()) as Tokens & { deviceToken?: string };
      if (deviceToken) storeDeviceToken(deviceToken);
      startSession({ token, refreshToken });
      return { kind: 'signedIn' };
    }
    if (response.status === 429) {
      const retryAfterSeconds = Number(response.headers.get('Retry-After'));
      return { kind: 'refused', reason: 'tooManyAttempts', retryAfterSeconds: retryAfterSeconds > 0 ? retryAfterSeconds : 60 };
    }
    // 503 SERVICE_BUSY: a service behind the login was busy past its retries; the same login may pass in a moment.
    if (response.status === 503) return refused('serviceBusy');
    const text = (await response.text()).trim();
    if (response.status === 202 && text === LOGIN_TEXT.twoFactorSent) return { kind: 'codeSent' };
    if (response.status >= 500 || response.status === 202) {
      logger.error(`Login answered ${response.status}: ${text}`);
      return refused('unexpected');
    }
    // 401, 403 and a malformed request (400) that is not one of the known texts read as bad credentials.
    return refused(REFUSAL_BY_TEXT[text] ?? 'invalidCredentials');
  } catch (error) {
    logger.warning(`Login failed: ${describeError(error)}`);
    return refused('unexpected');
  }
}
