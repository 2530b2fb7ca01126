// Phone verification through the phone Lambda on DynamoDB Local, with the local verifier (codes in
// the outbox) and the test clock: the interval between codes, expiry, tries, and the number changing.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHONE_CODE_INTERVAL_MS, PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_TTL_SECONDS } from '@partage/graphql';
import { readOutbox } from '../adapters/outbox';
import { phoneVerifier } from '../adapters/phone-verifier';
import { getUser, type UserRecord } from '../data/users';
import { manualClock, useClock } from '../domain/clock';
import { RATE_LIMITS } from '../domain/rate-limits';
import { asUser, errorCodeOf, givenUser, invalidFieldsOf, resolverCaller, useTestEnvironment } from '../testing/fixtures';
import { handler as accountsHandler } from './accounts';
import { handler } from './phone';

const clock = manualClock('2026-09-01T10:00:00Z');
let restoreClock: () => void;
let outboxDir = '';

beforeAll(async () => {
  ({ outboxDir } = await useTestEnvironment());
  restoreClock = useClock(clock);
});
afterAll(() => restoreClock());

const call = resolverCaller(handler);
const send = (user: UserRecord) => call('Mutation.sendPhoneVerificationCode', {}, asUser(user));
const verify = (user: UserRecord, code: string) => call('Mutation.verifyPhoneCode', { input: { code } }, asUser(user));

let phoneCounter = 100;
const givenPhoneOwner = (overrides: Partial<UserRecord> = {}) =>
  givenUser({ phoneNumber: `+1514555${String(phoneCounter++).padStart(4, '0')}`, phoneVerified: false, ...overrides });

/** The code of the newest SMS to `phoneNumber` in the dev outbox. */
async function lastCode(phoneNumber: string): Promise<string> {
  const sms = (await readOutbox(outboxDir)).find((entry) => entry.kind === 'sms' && entry.to === phoneNumber);
  const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
  if (!code) throw new Error(`No SMS to ${phoneNumber}`);
  return code;
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const phoneVerified = async (user: UserRecord) => (await getUser(user.id))!.phoneVerified;

describe('Mutation.sendPhoneVerificationCode', () => {
  it('sends a 6-digit code by SMS to the profile number and tells when the next one may be asked', async () => {
    const user = await givenPhoneOwner();
    const result = await send(user);
    expect(result).toEqual({
      phoneNumber: user.phoneNumber,
      nextCodeAt: new Date(clock.now().getTime() + PHONE_CODE_INTERVAL_MS).toISOString(),
      expiresAt: new Date(clock.now().getTime() + PHONE_CODE_TTL_SECONDS * 1000).toISOString(),
    });
    expect(await lastCode(user.phoneNumber!)).toMatch(/^\d{6}$/);
  });

  it('refuses another code within 30 s (PHONE_CODE_TOO_SOON with the wait), and sends one after', async () => {
    const user = await givenPhoneOwner();
    await send(user);
    clock.advance(20_000);
    const refused = await send(user);
    expect(errorCodeOf(refused)).toBe('PHONE_CODE_TOO_SOON');
    expect((refused as { __error: { retryAfterSeconds: number } }).__error.retryAfterSeconds).toBe(10);
    clock.advance(10_000);
    expect(errorCodeOf(await send(user))).toBeUndefined();
  });

  it('caps the codes sent per account over the hour (RATE_LIMITED), however long the user waits between them', async () => {
    const user = await givenPhoneOwner();
    for (let i = 0; i < RATE_LIMITS.phoneCodeSend.capacity; i++) {
      expect(errorCodeOf(await send(user))).toBeUndefined();
      clock.advance(PHONE_CODE_INTERVAL_MS);
    }
    expect(errorCodeOf(await send(user))).toBe('RATE_LIMITED');
  });

  it('answers VALIDATION_FAILED (phoneNumber:phone) for a number the verifier cannot text, and keeps no interval for it', async () => {
    const user = await givenPhoneOwner();
    const verifier = await phoneVerifier();
    vi.spyOn(verifier, 'send').mockResolvedValueOnce('undeliverable');
    expect(invalidFieldsOf(await send(user))).toEqual(['phoneNumber:phone']);
    // Nothing was sent: the user may fix the number and ask again at once.
    expect(errorCodeOf(await send(user))).toBeUndefined();
  });

  it('needs a number on the profile (VALIDATION_FAILED phoneNumber:required) and answers NO_CHANGE once it is verified', async () => {
    expect(invalidFieldsOf(await send(await givenUser({ phoneVerified: false })))).toEqual(['phoneNumber:required']);
    expect(errorCodeOf(await send(await givenPhoneOwner({ phoneVerified: true })))).toBe('NO_CHANGE');
  });
});

describe('Mutation.verifyPhoneCode', () => {
  it('verifies the phone with the code sent', async () => {
    const user = await givenPhoneOwner();
    await send(user);
    expect(await verify(user, await lastCode(user.phoneNumber!))).toEqual({ phoneVerified: true });
    expect(await phoneVerified(user)).toBe(true);
    // The verification is over: the same code again finds none.
    expect(errorCodeOf(await verify(user, await lastCode(user.phoneNumber!)))).toBe('PHONE_NO_VERIFICATION');
  });

  it('checks the format first (phoneCode), before anything else', async () => {
    const user = await givenPhoneOwner();
    expect(invalidFieldsOf(await verify(user, '12345'))).toEqual(['input.code:phoneCode']);
    expect(invalidFieldsOf(await verify(user, ''))).toEqual(['input.code:required']);
  });

  it('answers PHONE_NO_VERIFICATION when no code was sent', async () => {
    expect(errorCodeOf(await verify(await givenPhoneOwner(), '123456'))).toBe('PHONE_NO_VERIFICATION');
  });

  it('answers PHONE_CODE_INVALID for a wrong code, which leaves the right one usable', async () => {
    const user = await givenPhoneOwner();
    await send(user);
    const code = await lastCode(user.phoneNumber!);
    expect(errorCodeOf(await verify(user, wrongCode(code)))).toBe('PHONE_CODE_INVALID');
    expect(await phoneVerified(user)).toBe(false);
    expect(await verify(user, code)).toEqual({ phoneVerified: true });
  });

  it('answers PHONE_CODE_EXPIRED once the code is older than its lifetime, and a new code works', async () => {
    const user = await givenPhoneOwner();
    await send(user);
    const expired = await lastCode(user.phoneNumber!);
    clock.advance(PHONE_CODE_TTL_SECONDS * 1000);
    expect(errorCodeOf(await verify(user, expired))).toBe('PHONE_CODE_EXPIRED');
    await send(user);
    expect(await verify(user, await lastCode(user.phoneNumber!))).toEqual({ phoneVerified: true });
  });

  it(`answers PHONE_TOO_MANY_ATTEMPTS after ${PHONE_CODE_MAX_ATTEMPTS} wrong codes, even for the right one`, async () => {
    const user = await givenPhoneOwner();
    await send(user);
    const code = await lastCode(user.phoneNumber!);
    for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i++) expect(errorCodeOf(await verify(user, wrongCode(code)))).toBe('PHONE_CODE_INVALID');
    expect(errorCodeOf(await verify(user, code))).toBe('PHONE_TOO_MANY_ATTEMPTS');
    expect(await phoneVerified(user)).toBe(false);
  });

  it('does not verify a number changed after the code was sent; the changed number is unverified until its own code', async () => {
    const user = await givenPhoneOwner();
    const callAccounts = resolverCaller(accountsHandler);
    // Verified first, then changed: the profile update makes it unverified again.
    await send(user);
    await verify(user, await lastCode(user.phoneNumber!));
    expect(await phoneVerified(user)).toBe(true);
    const first = '+15145559901';
    await callAccounts('Mutation.updateUserProfile', { input: { userId: user.id, phoneNumber: '514 555-9901' } }, asUser(user));
    expect(await phoneVerified(user)).toBe(false);

    clock.advance(PHONE_CODE_INTERVAL_MS);
    await send((await getUser(user.id))!);
    const codeForFirst = await lastCode(first);
    await callAccounts('Mutation.updateUserProfile', { input: { userId: user.id, phoneNumber: '514 555-9902' } }, asUser(user));
    expect(errorCodeOf(await verify(user, codeForFirst))).toBe('PHONE_NO_VERIFICATION');
    expect(await phoneVerified(user)).toBe(false);

    clock.advance(PHONE_CODE_INTERVAL_MS);
    expect(await send(user)).toMatchObject({ phoneNumber: '+15145559902' });
    expect(await verify(user, await lastCode('+15145559902'))).toEqual({ phoneVerified: true });
  });

  it('is for USER accounts only', async () => {
    const admin = await givenUser({ role: 'ADMIN', phoneNumber: '+15145559999', phoneVerified: false });
    expect(errorCodeOf(await send(admin))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await verify(admin, '123456'))).toBe('UNAUTHORIZED_ACCESS');
  });
});
