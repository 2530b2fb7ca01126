// POST /token/login, /token/refresh and /token/logout (one Lambda, routed by path). Protocol: docs/contracts.md.

import { ACCOUNT_TEXT_MAX_LENGTH, assertValid, LOGIN_TEXT, maxLength, phoneCode, required } from '@partage/graphql';
import { login } from '../domain/accounts/login';
import { endSession, refreshSession } from '../domain/accounts/sessions';
import { httpHandler, json, jsonBody, noContent, sourceAddressOf, text } from './shared/http';

/** The body's string fields; a field of another type counts as missing. */
function stringFields(body: unknown): Record<string, string | undefined> {
  const entries = Object.entries(typeof body === 'object' && body !== null ? body : {});
  return Object.fromEntries(entries.map(([name, value]) => [name, typeof value === 'string' ? value : undefined]));
}

export const handler = httpHandler(async (event) => {
  const body = jsonBody(event);
  const { username, password, deviceId, code, token, refreshToken, deviceToken } = stringFields(body);
  if (event.rawPath.endsWith('/token/login')) {
    // `code` is optional (only the second call of an administrator's login sends it), and so is
    // `deviceToken` (sent once a login on this browser gave one).
    const codeSent = ((body as { code?: unknown } | null)?.code ?? null) !== null;
    assertValid([
      // The address typed keys the login delays: no longer than an address can be.
      ['username', required(username) ?? maxLength(ACCOUNT_TEXT_MAX_LENGTH.email)(username)],
      ['password', required(password)],
      ['deviceId', required(deviceId)],
      ['code', codeSent ? (required(code) ?? phoneCode(code)) : null],
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
      ['token', required(token)],
      ['refreshToken', required(refreshToken)],
      ['deviceId', required(deviceId)],
    ]);
    return json(200, await refreshSession({ token: token!, refreshToken: refreshToken!, deviceId: deviceId! }));
  }
  if (event.rawPath.endsWith('/token/logout')) {
    assertValid([
      ['token', required(token)],
      ['refreshToken', required(refreshToken)],
    ]);
    await endSession({ token: token!, refreshToken: refreshToken! });
    return noContent();
  }
  return text(404, 'Not found');
});
