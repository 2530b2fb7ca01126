// POST /token/login, /token/refresh and /token/logout (one Lambda, routed by path). Protocol: docs/contracts.md.

import {
  assertValid,
  EMAIL_MAX_LENGTH,
  LOGIN_TEXT,
  PASSWORD_MAX_LENGTH,
  phoneCode,
  required,
  TOKEN_MAX_LENGTH,
  type RuleResult,
} from '@partage/graphql';
import { login } from '../domain/accounts/login';
import { endSession, refreshSession } from '../domain/accounts/sessions';
import { httpHandler, json, jsonBody, noContent, sourceAddressOf, text } from './shared/http';
import { observed } from './shared/observed';

/** The body's string fields; a field of another type counts as missing. */
function stringFields(body: unknown): Record<string, string | undefined> {
  const entries = Object.entries(typeof body === 'object' && body !== null ? body : {});
  return Object.fromEntries(entries.map(([name, value]) => [name, typeof value === 'string' ? value : undefined]));
}

/** Longest body values: each is a key or compared to one, and nothing longer was ever handed out. */
export const TOKEN_BODY_MAX_LENGTHS = {
  username: EMAIL_MAX_LENGTH,
  password: PASSWORD_MAX_LENGTH,
  deviceId: 200,
  code: 20,
  // An access token (JWT) and the refresh token this endpoint issued.
  token: 4096,
  refreshToken: TOKEN_MAX_LENGTH,
  // The device token a login handed out (a JWT, like the access token).
  deviceToken: 4096,
} as const;

/** Present, and not longer than the field's limit (counted raw: spaces are characters to a key). */
const bounded = (field: keyof typeof TOKEN_BODY_MAX_LENGTHS, value: string | undefined): RuleResult =>
  required(value) ?? (value!.length > TOKEN_BODY_MAX_LENGTHS[field] ? 'maxLength' : null);

export const handler = observed(
  'token',
  httpHandler(async (event) => {
    const body = jsonBody(event);
    const { username, password, deviceId, code, token, refreshToken, deviceToken } = stringFields(body);
    if (event.rawPath.endsWith('/token/login')) {
      // `code` is optional (only the second call of an administrator's login sends it), and so is
      // `deviceToken` (sent once a login on this browser gave one).
      const codeSent = ((body as { code?: unknown } | null)?.code ?? null) !== null;
      assertValid([
        ['username', bounded('username', username)],
        ['password', bounded('password', password)],
        ['deviceId', bounded('deviceId', deviceId)],
        ['code', codeSent ? (bounded('code', code) ?? phoneCode(code)) : null],
        ['deviceToken', deviceToken === undefined ? null : bounded('deviceToken', deviceToken)],
      ]);
      const result = await login({
        username: username!,
        password: password!,
        deviceId: deviceId!,
        code,
        deviceToken,
        source: sourceAddressOf(event),
      });
      return result.kind === 'codeSent' ? text(202, LOGIN_TEXT.twoFactorSent) : json(200, result.tokens);
    }
    if (event.rawPath.endsWith('/token/refresh')) {
      assertValid([
        ['token', bounded('token', token)],
        ['refreshToken', bounded('refreshToken', refreshToken)],
        ['deviceId', bounded('deviceId', deviceId)],
      ]);
      return json(200, await refreshSession({ token: token!, refreshToken: refreshToken!, deviceId: deviceId! }));
    }
    if (event.rawPath.endsWith('/token/logout')) {
      assertValid([
        ['token', bounded('token', token)],
        ['refreshToken', bounded('refreshToken', refreshToken)],
      ]);
      await endSession({ token: token!, refreshToken: refreshToken! });
      return noContent();
    }
    return text(404, 'Not found');
  }),
);
