import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { LOGIN_TEXT, TWO_FACTOR_MAX_ATTEMPTS } from '@partage/graphql';
import { readOutbox } from '../adapters/outbox';
import { addLoginFailure } from '../data/login-failures';
import { lockOutUser } from '../data/users';
import { epochSeconds, manualClock, useClock } from '../domain/clock';
import { delayAfter, FAILURES_BEFORE_DELAY, MAX_DELAY_SECONDS } from '../domain/accounts/login-throttle';
import { RATE_LIMITS } from '../domain/rate-limits';
import {
  givenUser,
  httpEvent,
  lastTwoFactorCode,
  newSourceAddress,
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  useTestEnvironment,
  useUpRateLimit,
} from '../testing/fixtures';
import { handler } from './token';

let outboxDir: string;
beforeAll(async () => {
  ({ outboxDir } = await useTestEnvironment());
});

const DEVICE = 'partage-web-1767225600000';
const login = (body: unknown, source?: string) => handler(httpEvent('POST', '/token/login', body, source));
const refresh = (body: unknown) => handler(httpEvent('POST', '/token/refresh', body));
const logout = (body: unknown) => handler(httpEvent('POST', '/token/logout', body));
const tokensOf = (response: { body?: string }) =>
  JSON.parse(response.body ?? '') as { token: string; refreshToken: string; deviceToken: string };
/** What a caller sees of an answer: status, text and Retry-After. */
const seen = (response: { statusCode?: number; body?: string; headers?: Record<string, unknown> }) => ({
  status: response.statusCode,
  body: response.body,
  retryAfter: response.headers?.['retry-after'] !== undefined,
});

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

  it('delays a source after 5 failures on one account (429, Retry-After), but not the owner elsewhere', async () => {
    const user = await givenUser();
    const attacker = newSourceAddress();
    const answers = [];
    for (let i = 0; i < FAILURES_BEFORE_DELAY.sourceAccount; i++) {
      answers.push((await login({ username: user.email, password: `Wrong-Password-${i}`, deviceId: DEVICE }, attacker)).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    const delayed = await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE }, attacker);
    expect(delayed.statusCode).toBe(429);
    expect(delayed.body).toBe(LOGIN_TEXT.tooManyAttempts);
    expect(Number(delayed.headers?.['retry-after'])).toBeGreaterThan(0);
    expect(Number(delayed.headers?.['retry-after'])).toBeLessThanOrEqual(60);
    // The owner, from their own address, is not locked out: no failure an attacker causes locks anyone.
    expect((await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE }, newSourceAddress())).statusCode).toBe(200);
  });

  it('counts an IPv6 caller by its /64, which one subscriber holds whole: moving within it dodges no delay', async () => {
    const user = await givenUser();
    const network = newSourceAddress().replace(/::1$/, '');
    for (let i = 0; i < FAILURES_BEFORE_DELAY.sourceAccount; i++) {
      const from = `${network}:${(i + 1).toString(16)}:0:${i}:${i}`;
      expect((await login({ username: user.email, password: 'Wrong-Password-1', deviceId: DEVICE }, from)).statusCode).toBe(401);
    }
    expect((await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE }, `${network}::beef`)).statusCode).toBe(429);
    expect((await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE }, newSourceAddress())).statusCode).toBe(200);
  });

  it('lets no burst of simultaneous tries from one source past the 5 failures before the delay', async () => {
    const user = await givenUser();
    const attacker = newSourceAddress();
    const tries = Array.from({ length: 3 * FAILURES_BEFORE_DELAY.sourceAccount }, (_, i) =>
      login({ username: user.email, password: `Wrong-Password-${i}`, deviceId: DEVICE }, attacker),
    );
    const statuses = (await Promise.all(tries)).map((response) => response.statusCode);
    // Each try that got a verdict on its password was one guess; the others were refused unseen.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(FAILURES_BEFORE_DELAY.sourceAccount);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
  });

  it('answers an unknown address exactly like a real one, before, during and after a delay', async () => {
    const user = await givenUser();
    const sequence = async (username: string) => {
      const source = newSourceAddress();
      const answers = [];
      for (let i = 0; i <= FAILURES_BEFORE_DELAY.sourceAccount; i++) {
        answers.push(seen(await login({ username, password: 'Wrong-Password-1', deviceId: DEVICE }, source)));
      }
      // After the delay, from elsewhere: the same refusal again.
      answers.push(seen(await login({ username, password: 'Wrong-Password-1', deviceId: DEVICE })));
      return answers;
    };
    const real = await sequence(user.email);
    expect(real.at(-2)).toEqual({ status: 429, body: LOGIN_TEXT.tooManyAttempts, retryAfter: true });
    expect(await sequence('personne-inconnue@exemple.ca')).toEqual(real);
  });

  it('doubles the delay with each further failure, up to an hour; a source failing on many accounts is delayed too', async () => {
    expect([5, 6, 7, 10, 11, 12, 40].map((failures) => delayAfter('sourceAccount', failures))).toEqual([
      60, 120, 240, 1920, 3600, 3600, 3600,
    ]);
    expect(delayAfter('sourceAccount', 4)).toBe(0);
    expect(MAX_DELAY_SECONDS).toBe(3600);

    // A few guesses on each of several accounts: the source's own count reaches its threshold.
    const sprayer = newSourceAddress();
    const victims = await Promise.all(
      Array.from({ length: FAILURES_BEFORE_DELAY.source / FAILURES_BEFORE_DELAY.sourceAccount }, () => givenUser()),
    );
    for (const victim of victims) {
      for (let i = 0; i < FAILURES_BEFORE_DELAY.sourceAccount; i++) {
        expect((await login({ username: victim.email, password: 'Wrong-Password-1', deviceId: DEVICE }, sprayer)).statusCode).toBe(401);
      }
    }
    const user = await givenUser();
    expect((await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE }, sprayer)).statusCode).toBe(429);
  });

  it('puts only a high ceiling on an account, which a device that signed in before passes', async () => {
    const [user, other] = [await givenUser(), await givenUser()];
    const deviceTokenOf = async (email: string) =>
      tokensOf(await login({ username: email, password: TEST_PASSWORD, deviceId: DEVICE })).deviceToken;
    const [deviceToken, otherToken] = [await deviceTokenOf(user.email), await deviceTokenOf(other.email)];
    expect(deviceToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Guesses spread over many source addresses, each under its own threshold: all but the last are
    // counted straight in the table, the last one through the endpoint.
    for (const { email } of [user, other]) {
      const subject = { email, source: 'elsewhere' };
      for (let i = 1; i < FAILURES_BEFORE_DELAY.account; i++) await addLoginFailure('account', subject, epochSeconds());
      expect((await login({ username: email, password: 'Wrong-Password-1', deviceId: DEVICE })).statusCode).toBe(401);
      expect((await login({ username: email, password: TEST_PASSWORD, deviceId: DEVICE })).statusCode).toBe(429);
    }
    expect((await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE, deviceToken })).statusCode).toBe(200);
    // Another account's device token does not pass.
    expect((await login({ username: other.email, password: TEST_PASSWORD, deviceId: DEVICE, deviceToken })).statusCode).toBe(429);
    const own = await login({ username: other.email, password: TEST_PASSWORD, deviceId: DEVICE, deviceToken: otherToken });
    expect(own.statusCode).toBe(200);
  });

  it('tells "User is locked out" for an administrative lock only, and only once the password is right', async () => {
    const user = await givenUser();
    await lockOutUser(user.id);
    expect(seen(await login({ username: user.email, password: 'Wrong-Password-1', deviceId: DEVICE }))).toEqual({
      status: 401,
      body: LOGIN_TEXT.invalid,
      retryAfter: false,
    });
    const right = await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE });
    expect([right.statusCode, right.body]).toEqual([403, LOGIN_TEXT.lockedOut]);
  });

  it('limits the tries of one source address, whatever the accounts and passwords', async () => {
    const user = await givenUser();
    const source = newSourceAddress();
    // A still clock: on a busy machine, using the limit up takes long enough for the bucket to refill.
    const restore = useClock(manualClock());
    try {
      await useUpRateLimit('login', source);
      expect((await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE }, source)).statusCode).toBe(200);
      const limited = await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE }, source);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers?.['retry-after'])).toBeGreaterThan(0);
    } finally {
      restore();
    }
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
    const long = await login({ username: `${'a'.repeat(300)}@exemple.ca`, password: 'x', deviceId: DEVICE });
    expect(JSON.parse(long.body!)).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'username', rule: 'maxLength' }] });
    const notJson = await login('{username');
    expect(notJson.statusCode).toBe(400);
    expect(JSON.parse(notJson.body!)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a body a page of another site could send (not application/json), so it cannot run logins from its visitors', async () => {
    // A cross-site <form> or no-cors fetch can only send text/plain, urlencoded or multipart bodies;
    // counted as failures, such logins would earn the visitor's own address a delay on any account.
    const user = await givenUser();
    const visitor = newSourceAddress();
    const body = JSON.stringify({ username: user.email, password: 'Wrong-Password-1', deviceId: DEVICE });
    for (const contentType of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      for (let i = 0; i < FAILURES_BEFORE_DELAY.sourceAccount; i++) {
        const event = httpEvent('POST', '/token/login', body, visitor);
        const response = await handler({ ...event, headers: { 'content-type': contentType } });
        expect(response.statusCode).toBe(415);
        expect(JSON.parse(response.body!)).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    }
    const withoutType = await handler({ ...httpEvent('POST', '/token/login', body, visitor), headers: {} });
    expect(withoutType.statusCode).toBe(415);
    // Nothing was counted: the owner still signs in from that address.
    expect((await login({ username: user.email, password: TEST_PASSWORD, deviceId: DEVICE }, visitor)).statusCode).toBe(200);
    const json = await handler({
      ...httpEvent('POST', '/token/login', body),
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(json.statusCode).toBe(401);
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

  it('caps the codes checked per account across login rounds: a new round does not give new tries', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    const rounds = RATE_LIMITS.twoFactorCheck.capacity / TWO_FACTOR_MAX_ATTEMPTS;
    for (let round = 0; round < rounds; round++) {
      await adminLogin(admin.email);
      const code = await lastTwoFactorCode(outboxDir, admin.email);
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < TWO_FACTOR_MAX_ATTEMPTS; i++) expect((await adminLogin(admin.email, wrongCode)).statusCode).toBe(401);
    }
    expect((await adminLogin(admin.email)).statusCode).toBe(202);
    const limited = await adminLogin(admin.email, await lastTwoFactorCode(outboxDir, admin.email));
    expect([limited.statusCode, limited.body]).toEqual([429, 'Too many requests']);
    expect(Number(limited.headers?.['retry-after'])).toBeGreaterThan(0);
  });

  it('e-mails a limited number of codes per account and hour', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    for (let i = 0; i < RATE_LIMITS.twoFactorSend.capacity; i++) expect((await adminLogin(admin.email)).statusCode).toBe(202);
    expect((await adminLogin(admin.email)).statusCode).toBe(429);
    const codes = (await readOutbox(outboxDir)).filter((mail) => mail.to === admin.email);
    expect(codes).toHaveLength(RATE_LIMITS.twoFactorSend.capacity);
  });

  it('keeps links out of the e-mail: a first name that looks like an address is not one', async () => {
    const admin = await givenUser({ role: 'ADMIN', firstName: 'http://evil.example/x www.evil.example' });
    await adminLogin(admin.email);
    const mail = (await readOutbox(outboxDir)).find((entry) => entry.to === admin.email)!;
    expect(`${mail.text}${mail.html}`).not.toMatch(/evil\.example|https?:\/\/evil/);
    // The only link is the site's own, in the footer.
    expect(mail.links).toEqual([`${TEST_PUBLIC_URL}/?lang=fr`]);
    expect(mail.text).toContain('evil\u2024example');
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

describe('POST /token/logout', () => {
  it('revokes the session: its refresh token stops working; logging out again is no error', async () => {
    const user = await givenUser();
    const session = await signIn(user.email);
    const other = await signIn(user.email);
    expect((await logout({ token: session.token, refreshToken: session.refreshToken })).statusCode).toBe(204);
    expect((await refresh({ ...session, deviceId: DEVICE })).statusCode).toBe(401);
    expect((await logout({ token: session.token, refreshToken: session.refreshToken })).statusCode).toBe(204);
    // Other sessions of the user stay.
    expect((await refresh({ ...other, deviceId: DEVICE })).statusCode).toBe(200);
  });

  it('refuses a token it did not sign and a malformed body', async () => {
    const user = await givenUser();
    const session = await signIn(user.email);
    expect((await logout({ token: 'not.a.jwt', refreshToken: session.refreshToken })).statusCode).toBe(401);
    expect((await logout({ token: session.token })).statusCode).toBe(400);
    expect((await refresh({ ...session, deviceId: DEVICE })).statusCode).toBe(200);
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
