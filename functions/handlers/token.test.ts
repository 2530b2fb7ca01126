import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { LOGIN_TEXT, MAX_FAILED_LOGINS, TWO_FACTOR_MAX_ATTEMPTS } from '@partage/graphql';
import { readOutbox } from '../adapters/outbox';
import { getUser, lockOutUser } from '../data/users';
import { givenUser, httpEvent, lastTwoFactorCode, TEST_PASSWORD, useTestEnvironment } from '../testing/fixtures';
import { handler } from './token';

let outboxDir: string;
beforeAll(async () => {
  ({ outboxDir } = await useTestEnvironment());
});

const DEVICE = 'partage-web-1767225600000';
const login = (body: unknown) => handler(httpEvent('POST', '/token/login', body));
const refresh = (body: unknown) => handler(httpEvent('POST', '/token/refresh', body));
const tokensOf = (response: { body?: string }) => JSON.parse(response.body ?? '') as { token: string; refreshToken: string };

async function signIn(email: string) {
  const response = await login({ username: email, password: TEST_PASSWORD, deviceId: DEVICE });
  expect(response.statusCode).toBe(200);
  return tokensOf(response);
}

describe('POST /token/login', () => {
  it('gives a user an access token with their id and the User claim, and a refresh token', async () => {
    const user = await givenUser();
    const response = await login({ username: user.email.toUpperCase(), password: TEST_PASSWORD, deviceId: DEVICE });
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['content-type']).toBe('application/json');
    const { token, refreshToken } = tokensOf(response);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: user.id, userType: 'User' });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(refreshToken).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('refuses a wrong password and an unknown account with the same text', async () => {
    const user = await givenUser();
    const wrong = await login({ username: user.email, password: 'Wrong-Password-1', deviceId: DEVICE });
    const unknown = await login({ username: 'personne@exemple.ca', password: TEST_PASSWORD, deviceId: DEVICE });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe(LOGIN_TEXT.invalid);
    }
  });

  it(`locks the account after ${MAX_FAILED_LOGINS} failures in a row, even for the right password`, async () => {
    const user = await givenUser();
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      statuses.push((await login({ username: user.email, password: `Wrong-Password-${i}`, deviceId: DEVICE })).statusCode!);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 403]);
    const right = await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE });
    expect(right.statusCode).toBe(403);
    expect(right.body).toBe(LOGIN_TEXT.lockedOut);
    expect(await getUser(user.id)).toMatchObject({ lockedOut: true, failedLogins: MAX_FAILED_LOGINS });
  });

  it('starts counting failures again after a successful login', async () => {
    const user = await givenUser();
    for (let i = 0; i < MAX_FAILED_LOGINS - 1; i++) await login({ username: user.email, password: 'Wrong-Password-1', deviceId: DEVICE });
    await signIn(user.email);
    expect((await login({ username: user.email, password: 'Wrong-Password-1', deviceId: DEVICE })).statusCode).toBe(401);
    expect(await getUser(user.id)).toMatchObject({ lockedOut: false, failedLogins: 1 });
  });

  it('tells an unconfirmed account so only once the password is right', async () => {
    const user = await givenUser({ emailConfirmed: false });
    const right = await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE });
    expect(right.statusCode).toBe(403);
    expect(right.body).toBe(LOGIN_TEXT.emailNotConfirmed);
    const wrong = await login({ username: user.email, password: 'Wrong-Password-1', deviceId: DEVICE });
    expect(wrong.body).toBe(LOGIN_TEXT.invalid);
  });

  it('answers 400 with the invalid fields for a malformed body, and for a body that is not JSON', async () => {
    const response = await login({ username: 'a@exemple.ca', password: 42, code: '12' });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body!)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        { path: 'password', rule: 'required' },
        { path: 'deviceId', rule: 'required' },
        { path: 'code', rule: 'phoneCode' },
      ],
    });
    const notJson = await login('{username');
    expect(notJson.statusCode).toBe(400);
    expect(JSON.parse(notJson.body!)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('treats a null code like no code', async () => {
    const user = await givenUser();
    expect((await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE, code: null })).statusCode).toBe(200);
  });

  it('answers 404 for another path', async () => {
    expect((await handler(httpEvent('POST', '/token/other', {}))).statusCode).toBe(404);
  });
});

describe('two-factor login of administrators', () => {
  const adminLogin = (email: string, code?: string) => login({ username: email, password: TEST_PASSWORD, deviceId: DEVICE, code });

  it('e-mails a code in French, then signs in with it once', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    const first = await adminLogin(admin.email);
    expect(first.statusCode).toBe(202);
    expect(first.headers?.['content-type']).toMatch(/^text\/plain/);
    expect(first.body).toBe(LOGIN_TEXT.twoFactorSent);
    const [mail] = await readOutbox(outboxDir);
    expect(mail).toMatchObject({ kind: 'email', to: admin.email });
    expect(mail!.subject).toMatch(/^Votre code de connexion : \d{6}$/);
    expect(mail!.text).toContain('Bonjour Lucie');

    const code = await lastTwoFactorCode(outboxDir, admin.email);
    const second = await adminLogin(admin.email, code);
    expect(second.statusCode).toBe(200);
    expect(decodeJwt(tokensOf(second).token)).toMatchObject({ sub: admin.id, userType: 'Admin' });

    const replay = await adminLogin(admin.email, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toBe(LOGIN_TEXT.invalidCode);
  });

  it('writes the code e-mail in English for an English-speaking administrator', async () => {
    const admin = await givenUser({ role: 'ADMIN', language: 'en' });
    await adminLogin(admin.email);
    const mail = (await readOutbox(outboxDir)).find((entry) => entry.to === admin.email);
    expect(mail!.subject).toMatch(/^Your sign-in code: \d{6}$/);
  });

  it('refuses a wrong code, and every code after too many attempts', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    await adminLogin(admin.email);
    const code = await lastTwoFactorCode(outboxDir, admin.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await adminLogin(admin.email, wrongCode);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe(LOGIN_TEXT.invalidCode);
    for (let i = 1; i < TWO_FACTOR_MAX_ATTEMPTS; i++) await adminLogin(admin.email, wrongCode);
    expect((await adminLogin(admin.email, code)).statusCode).toBe(401);
  });

  it('refuses a code sent before a newer one', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    await adminLogin(admin.email);
    const oldCode = await lastTwoFactorCode(outboxDir, admin.email);
    await adminLogin(admin.email);
    const newCode = await lastTwoFactorCode(outboxDir, admin.email);
    if (oldCode !== newCode) expect((await adminLogin(admin.email, oldCode)).statusCode).toBe(401);
    expect((await adminLogin(admin.email, newCode)).statusCode).toBe(200);
  });

  it('still requires the right password with a code', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    await adminLogin(admin.email);
    const code = await lastTwoFactorCode(outboxDir, admin.email);
    const response = await login({ username: admin.email, password: 'Wrong-Password-1', deviceId: DEVICE, code });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe(LOGIN_TEXT.invalid);
  });
});

describe('POST /token/refresh', () => {
  it('rotates the refresh token and gives a fresh access token', async () => {
    const user = await givenUser();
    const session = await signIn(user.email);
    const response = await refresh({ ...session, deviceId: DEVICE });
    expect(response.statusCode).toBe(200);
    const next = tokensOf(response);
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(decodeJwt(next.token)).toMatchObject({ sub: user.id, userType: 'User', sid: session.refreshToken.split('.')[0] });
    expect((await refresh({ ...next, deviceId: DEVICE })).statusCode).toBe(200);
  });

  it('ends the session of an account locked out meanwhile', async () => {
    const user = await givenUser();
    const session = await signIn(user.email);
    await lockOutUser(user.id);
    expect((await refresh({ ...session, deviceId: DEVICE })).statusCode).toBe(401);
  });

  it('revokes the whole family when an already rotated token is used again', async () => {
    const user = await givenUser();
    const session = await signIn(user.email);
    const next = tokensOf(await refresh({ ...session, deviceId: DEVICE }));
    const reuse = await refresh({ ...session, deviceId: DEVICE });
    expect(reuse.statusCode).toBe(401);
    expect((await refresh({ ...next, deviceId: DEVICE })).statusCode).toBe(401);
  });

  it('refuses the token on another device and revokes it', async () => {
    const user = await givenUser();
    const session = await signIn(user.email);
    expect((await refresh({ ...session, deviceId: 'partage-web-other' })).statusCode).toBe(401);
    expect((await refresh({ ...session, deviceId: DEVICE })).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous refreshes with the same token succeed', async () => {
    const user = await givenUser();
    const session = await signIn(user.email);
    const responses = await Promise.all([refresh({ ...session, deviceId: DEVICE }), refresh({ ...session, deviceId: DEVICE })]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('keeps the sessions of other devices apart', async () => {
    const user = await givenUser();
    const phone = await signIn(user.email);
    const laptop = tokensOf(await login({ username: user.email, password: TEST_PASSWORD, deviceId: 'partage-web-laptop' }));
    await refresh({ ...phone, deviceId: 'partage-web-wrong' });
    expect((await refresh({ ...laptop, deviceId: 'partage-web-laptop' })).statusCode).toBe(200);
  });

  it('refuses a forged access token, a malformed refresh token and a missing field', async () => {
    const user = await givenUser();
    const session = await signIn(user.email);
    expect((await refresh({ ...session, token: 'not.a.jwt', deviceId: DEVICE })).statusCode).toBe(401);
    expect((await refresh({ ...session, refreshToken: 'garbage', deviceId: DEVICE })).statusCode).toBe(401);
    const missing = await refresh({ token: session.token, deviceId: DEVICE });
    expect(missing.statusCode).toBe(400);
    expect(JSON.parse(missing.body!).fields).toEqual([{ path: 'refreshToken', rule: 'required' }]);
    // None of the refusals above touched the real session.
    expect((await refresh({ ...session, deviceId: DEVICE })).statusCode).toBe(200);
  });
});
