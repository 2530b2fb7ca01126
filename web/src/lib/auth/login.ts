// POST /token/login (docs/contracts.md): tokens, a second-factor step, or a refusal the page explains.
import { LOGIN_TEXT } from '@partage/graphql';
import { apiUrl } from '../config';
import { describeError, logger } from '../logger';
import { startSession } from './session';
import { deviceId, type Tokens } from './tokens';

export type LoginRefusal = 'emailNotConfirmed' | 'lockedOut' | 'invalidCredentials' | 'invalidCode' | 'unexpected';
export type LoginOutcome = { kind: 'signedIn' } | { kind: 'codeSent' } | { kind: 'refused'; reason: LoginRefusal };

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
      body: JSON.stringify({ ...credentials, deviceId: deviceId() }),
    });
    if (response.status === 200) {
      startSession((await response.json()) as Tokens);
      return { kind: 'signedIn' };
    }
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
