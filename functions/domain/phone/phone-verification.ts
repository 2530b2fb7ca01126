// Phone verification (spec §4 "Phone: unverified, code sent, validated", §8, §9): a 6-digit code by
// SMS to the number of the caller's profile, one request per PHONE_CODE_INTERVAL_MS, valid
// PHONE_CODE_TTL_SECONDS. The verifier (Twilio Verify in AWS, the outbox locally) sends and checks
// the code; the table keeps which number it went to and when, so the interval, "expired" and "no
// verification" are decided here, the same on both hosts. The phone is verified only if the profile
// still has the number the code went to (a changed number is unverified again: account-fields.ts).
// A verifier that fails or does not answer is PHONE_SERVICE_UNAVAILABLE, and leaves no interval to wait.

import {
  AppError,
  assertValid,
  phoneCode,
  PHONE_CODE_INTERVAL_MS,
  PHONE_CODE_TTL_SECONDS,
  required,
  type PhoneVerificationResult,
  type PhoneVerificationStarted,
} from '@partage/graphql';
import { logger } from '../../adapters/log';
import { phoneVerifier, type CheckOutcome } from '../../adapters/phone-verifier';
import {
  claimPhoneVerification,
  completePhoneVerification,
  getPhoneVerification,
  releasePhoneVerification,
  type PhoneVerificationRecord,
} from '../../data/phone-verifications';
import { getUser, type UserRecord } from '../../data/users';
import { now } from '../clock';
import { enforceRateLimit, rateLimited } from '../rate-limits';

const secondsUntil = (instant: string) => Math.max(1, Math.ceil((new Date(instant).getTime() - now().getTime()) / 1000));

const tooSoon = (nextCodeAt: string) =>
  new AppError('PHONE_CODE_TOO_SOON', 'Wait before asking for another code', [], secondsUntil(nextCodeAt));

const nextCodeAtOf = (record: PhoneVerificationRecord) =>
  new Date(new Date(record.sentAt).getTime() + PHONE_CODE_INTERVAL_MS).toISOString();

async function existingUser(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/** The verifier failed (Twilio answering 5xx, a timeout): the cause is the operator's, the user is told to try again. */
function smsServiceDown(error: unknown): AppError {
  logger().error('phone verifier failed', { error });
  return new AppError('PHONE_SERVICE_UNAVAILABLE', 'The SMS service failed; try again');
}

/** Sends a code to the profile's number. NO_CHANGE when that number is already verified. */
export async function sendPhoneVerificationCode(userId: string): Promise<PhoneVerificationStarted> {
  const user = await existingUser(userId);
  assertValid([['phoneNumber', required(user.phoneNumber)]]);
  const phoneNumber = user.phoneNumber!;
  if (user.phoneVerified) throw new AppError('NO_CHANGE', 'The phone number is already verified');

  const previous = await getPhoneVerification(userId);
  // Refused without spending the hourly allowance: the dialog's countdown makes this the common case.
  if (previous && nextCodeAtOf(previous) > now().toISOString()) throw tooSoon(nextCodeAtOf(previous));
  // SMS cost money: a bound per account over the hour, whatever the interval allows.
  await enforceRateLimit('phoneCodeSend', userId);

  const sentAt = now();
  const record: PhoneVerificationRecord = {
    phoneNumber,
    sentAt: sentAt.toISOString(),
    expiresAt: new Date(sentAt.getTime() + PHONE_CODE_TTL_SECONDS * 1000).toISOString(),
  };
  // A concurrent request that claimed the interval first wins; this one waits like any other.
  if (!(await claimPhoneVerification(userId, record, new Date(sentAt.getTime() - PHONE_CODE_INTERVAL_MS).toISOString()))) {
    const current = await getPhoneVerification(userId);
    throw tooSoon(current ? nextCodeAtOf(current) : new Date(sentAt.getTime() + PHONE_CODE_INTERVAL_MS).toISOString());
  }
  const sent = await phoneVerifier()
    .then((verifier) => verifier.send({ userId, phoneNumber, language: user.language }))
    .catch(async (error: unknown) => {
      await releasePhoneVerification(userId, record, previous);
      throw smsServiceDown(error);
    });
  if (sent === 'tooManySends') {
    await releasePhoneVerification(userId, record, previous);
    // The verifier's own window per number (Twilio: 5 sends in 10 minutes).
    throw rateLimited(PHONE_CODE_TTL_SECONDS, 'Too many codes sent to this number');
  }
  if (sent === 'undeliverable') {
    // Nothing was sent: the profile's number is at fault, and fixing it may be followed by a code at once.
    await releasePhoneVerification(userId, record, previous);
    throw new AppError('VALIDATION_FAILED', 'No SMS can reach this number', [{ path: 'phoneNumber', rule: 'phone' }]);
  }
  return { phoneNumber, nextCodeAt: nextCodeAtOf(record), expiresAt: record.expiresAt };
}

const CHECK_REFUSALS: Record<Exclude<CheckOutcome, 'approved'>, AppError> = {
  invalid: new AppError('PHONE_CODE_INVALID', 'Invalid code'),
  none: new AppError('PHONE_NO_VERIFICATION', 'No verification in progress'),
  tooManyAttempts: new AppError('PHONE_TOO_MANY_ATTEMPTS', 'Too many attempts: ask for a new code'),
};

/** Checks `code` against the code sent to the profile's number; the phone is verified on success. */
export async function verifyPhoneCode(userId: string, sent: string | null | undefined): Promise<PhoneVerificationResult> {
  assertValid([['input.code', required(sent) ?? phoneCode(sent)]]);
  const code = String(sent);
  await enforceRateLimit('phoneCodeCheck', userId);
  const record = await getPhoneVerification(userId);
  if (!record) throw CHECK_REFUSALS.none;
  if (record.expiresAt <= now().toISOString()) throw new AppError('PHONE_CODE_EXPIRED', 'The code has expired');
  const user = await existingUser(userId);
  // The number changed since the code was sent: that code proves nothing about the new one.
  if (user.phoneNumber !== record.phoneNumber) throw CHECK_REFUSALS.none;

  const outcome = await phoneVerifier()
    .then((verifier) => verifier.check({ userId, phoneNumber: record.phoneNumber, code }))
    .catch((error: unknown) => {
      throw smsServiceDown(error);
    });
  if (outcome !== 'approved') throw CHECK_REFUSALS[outcome];
  if (!(await completePhoneVerification(userId, record.phoneNumber))) throw CHECK_REFUSALS.none;
  return { phoneVerified: true };
}
