import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppSyncAuthorizerEvent } from 'aws-lambda';
import { ACCOUNT_EMAILS_PER_HOUR, LOGIN_TEXT, PASSWORD_RESET_TTL_SECONDS } from '@partage/graphql';
import { lockOutUser } from '../data/users';
import { FAILURES_BEFORE_DELAY } from '../domain/accounts/login-throttle';
import { startSession } from '../domain/accounts/sessions';
import type { Identity } from '../domain/identity';
import {
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenUser,
  httpEvent,
  invalidFieldsOf,
  newSourceAddress,
  resolverCaller,
  resolverEvent,
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  tokenLogin,
  useTestOutbox,
  useUpRateLimit,
} from '../testing/fixtures';
import { handler } from './accounts';
import { handler as authorizer } from './authorizer';
import { handler as token } from './token';

const { emailsTo, lastLinkEmail } = useTestOutbox();
afterEach(() => {
  vi.useRealTimers();
});

const NEW_PASSWORD = 'Nouveau-Secret-2026';
const call = resolverCaller(handler);
const sendReset = (email: string, identity?: Identity) => call('Mutation.sendPasswordReset', { input: { email } }, identity);
const reset = (emailAddress: string, tokenValue: string, newPassword = NEW_PASSWORD) =>
  call('Mutation.resetPassword', { input: { emailAddress, newPassword, token: tokenValue } });
const login = tokenLogin('reset-test');

async function resetLinkFor(email: string) {
  expect(await sendReset(email)).toBe(true);
  return lastLinkEmail(email);
}

describe('Mutation.sendPasswordReset', () => {
  it('e-mails a reset link in the user’s language', async () => {
    const user = await givenUser({ language: 'en' });
    const link = await resetLinkFor(user.email);
    expect(link.mail.subject).toBe('Reset your password');
    expect(link.mail.text).toContain(`valid for ${PASSWORD_RESET_TTL_SECONDS / 60} minutes`);
    expect(`${link.url.origin}${link.path}`).toBe(`${TEST_PUBLIC_URL}/reinitialiser-mot-de-passe`);
    expect(link.email).toBe(user.email);
    expect(await call('Query.verifyToken', { email: link.email, token: link.token, type: 'PASSWORD_RESET' })).toMatchObject({
      status: 'VALID',
      user: { id: user.id },
    });
  });

  it('answers true for an unknown address and sends nothing', async () => {
    expect(await sendReset('inconnu@exemple.ca')).toBe(true);
    expect(await emailsTo('inconnu@exemple.ca')).toEqual([]);
  });

  it(`sends at most ${ACCOUNT_EMAILS_PER_HOUR} per address and hour`, async () => {
    const user = await givenUser();
    for (let i = 0; i < ACCOUNT_EMAILS_PER_HOUR + 2; i++) expect(await sendReset(user.email)).toBe(true);
    expect(await emailsTo(user.email)).toHaveLength(ACCOUNT_EMAILS_PER_HOUR);
  });

  it('limits the requests of one source address (RATE_LIMITED), whatever the addresses asked for', async () => {
    const source = newSourceAddress();
    const fromThere = (email: string) => handler(resolverEvent('Mutation.sendPasswordReset', { input: { email } }, ANONYMOUS, source));
    await useUpRateLimit('passwordReset', source, 2);
    for (let i = 0; i < 2; i++) expect(await fromThere(`inconnu-${i}@exemple.ca`)).toBe(true);
    expect(errorCodeOf(await fromThere('inconnu@exemple.ca'))).toBe('RATE_LIMITED');
  });

  it('carries no name to the address (it may not be confirmed)', async () => {
    const user = await givenUser({ emailConfirmed: false, firstName: 'www.evil.example' });
    await sendReset(user.email);
    expect((await lastLinkEmail(user.email)).mail.text).not.toContain('evil');
  });

  it('refuses an invalid address', async () => {
    expect(invalidFieldsOf(await sendReset(''))).toEqual(['input.email:required']);
  });
});

describe('Mutation.resetPassword', () => {
  it('sets the new password once and signs the user out of every device', async () => {
    const user = await givenUser();
    const session = await startSession(user, 'device-a');
    const authorize = (accessToken: string) => authorizer({ authorizationToken: `Bearer ${accessToken}` } as AppSyncAuthorizerEvent);
    expect((await authorize(session.token)).isAuthorized).toBe(true);
    const link = await resetLinkFor(user.email);
    expect(await reset(link.email, link.token)).toEqual({ id: user.id });
    // The access token of the old session is refused too (AppSync: once its 60 s cache runs out).
    expect((await authorize(session.token)).isAuthorized).toBe(false);

    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await token(httpEvent('POST', '/token/refresh', { ...session, deviceId: 'device-a' }))).statusCode).toBe(401);

    expect(await reset(link.email, link.token, 'Encore-Autre-2026')).toMatchObject({ __error: { code: 'INVALID_TOKEN', message: 'USED' } });
    expect(await call('Query.verifyToken', { email: link.email, token: link.token, type: 'PASSWORD_RESET' })).toEqual({
      status: 'USED',
      user: null,
    });
  });

  it('refuses an expired link and keeps the password', async () => {
    const user = await givenUser();
    const link = await resetLinkFor(user.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (PASSWORD_RESET_TTL_SECONDS + 1) * 1000);
    expect(await reset(link.email, link.token)).toMatchObject({ __error: { code: 'INVALID_TOKEN', message: 'EXPIRED' } });
    vi.useRealTimers();
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong token, a token of another address and a confirmation token', async () => {
    const user = await givenUser();
    const other = await givenUser();
    const link = await resetLinkFor(user.email);
    expect(errorCodeOf(await reset(user.email, 'x'.repeat(43)))).toBe('INVALID_TOKEN');
    expect(errorCodeOf(await reset(other.email, link.token))).toBe('INVALID_TOKEN');
    const unconfirmed = await givenUser({ emailConfirmed: false });
    await call('Mutation.resendConfirmationEmail', { input: { email: unconfirmed.email } });
    const confirmation = await lastLinkEmail(unconfirmed.email);
    expect(errorCodeOf(await reset(confirmation.email, confirmation.token))).toBe('INVALID_TOKEN');
  });

  it('refuses a weak password and leaves the link usable', async () => {
    const user = await givenUser();
    const link = await resetLinkFor(user.email);
    expect(invalidFieldsOf(await reset(link.email, link.token, 'court'))).toEqual(['input.newPassword:password']);
    expect(await reset(link.email, link.token)).toEqual({ id: user.id });
  });

  it('voids the other reset links of the address', async () => {
    const user = await givenUser();
    const first = await resetLinkFor(user.email);
    const second = await resetLinkFor(user.email);
    await reset(second.email, second.token);
    expect(await reset(first.email, first.token)).toMatchObject({ __error: { code: 'INVALID_TOKEN', message: 'INVALID' } });
  });

  it('confirms an unconfirmed address (the link proves it)', async () => {
    const user = await givenUser({ emailConfirmed: false });
    const link = await resetLinkFor(user.email);
    await reset(link.email, link.token);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('leaves an administratively locked account locked until an administrator allows it', async () => {
    const user = await givenUser();
    await lockOutUser(user.id);
    const link = await resetLinkFor(user.email);
    expect(await reset(link.email, link.token)).toEqual({ id: user.id });
    const response = await login(user.email, NEW_PASSWORD);
    expect([response.statusCode, response.body]).toEqual([403, LOGIN_TEXT.lockedOut]);
  });

  it('lifts the delays that failed logins put on the account, from every source', async () => {
    const user = await givenUser();
    const sources = [newSourceAddress(), newSourceAddress()];
    for (const source of sources) {
      const fromThere = tokenLogin('reset-test', source);
      for (let i = 0; i < FAILURES_BEFORE_DELAY.sourceAccount; i++) await fromThere(user.email, 'Wrong-Password-1');
      expect((await fromThere(user.email)).statusCode).toBe(429);
    }
    const link = await resetLinkFor(user.email);
    await reset(link.email, link.token);
    for (const source of sources) expect((await tokenLogin('reset-test', source)(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('stops working once the account has moved to another address', async () => {
    const user = await givenUser();
    const link = await resetLinkFor(user.email);
    const newEmail = `nouveau-${user.email}`;
    await call('Mutation.changeEmail', { input: { newEmail, password: TEST_PASSWORD } }, asUser(user));
    const change = await lastLinkEmail(newEmail);
    await call('Mutation.confirmEmail', { input: { email: change.email, token: change.token } });
    expect(await reset(link.email, link.token)).toMatchObject({ __error: { code: 'INVALID_TOKEN', message: 'INVALID' } });
  });
});
