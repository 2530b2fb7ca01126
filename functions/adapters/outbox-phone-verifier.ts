// The local stand-in for Twilio Verify: a 6-digit code, stored hashed in the table with its expiry
// (PHONE_CODE_TTL_SECONDS) and its tries (PHONE_CODE_MAX_ATTEMPTS), "sent" as an SMS entry of the
// outbox (the local dev mailbox page shows it). It answers as Twilio does: a wrong code leaves the
// verification pending; once the tries are used up, every check is refused.

import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_CODE_LENGTH, PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_TTL_SECONDS } from '@partage/graphql';
import { consumeOneTimeCode, getOneTimeCode, putOneTimeCode, takeOneTimeCodeAttempt } from '../data/one-time-codes';
import { epochSeconds } from '../domain/clock';
import { phoneCodeSms } from '../domain/phone/phone-code-sms';
import { writeOutboxEntry } from './outbox';
import type { PhoneVerifier } from './phone-verifier';

// Salted with the user and the number: a code only ever verifies the number it was sent to.
const hashCode = (userId: string, phoneNumber: string, code: string) =>
  createHash('sha256').update(`${userId}:${phoneNumber}:${code}`).digest('base64url');

export function outboxPhoneVerifier(outboxDir: string): PhoneVerifier {
  return {
    async send({ userId, phoneNumber, language }) {
      const code = String(randomInt(10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
      await putOneTimeCode('PHONE_CODE', userId, hashCode(userId, phoneNumber, code), epochSeconds() + PHONE_CODE_TTL_SECONDS);
      await writeOutboxEntry(outboxDir, { kind: 'sms', to: phoneNumber, text: phoneCodeSms(code, language) });
      return 'sent';
    },

    async check({ userId, phoneNumber, code }) {
      const pending = await getOneTimeCode('PHONE_CODE', userId);
      if (!pending || pending.ttl <= epochSeconds()) return 'none';
      if (!(await takeOneTimeCodeAttempt('PHONE_CODE', userId, PHONE_CODE_MAX_ATTEMPTS))) return 'tooManyAttempts';
      const hash = hashCode(userId, phoneNumber, code);
      if (!timingSafeEqual(Buffer.from(hash), Buffer.from(pending.codeHash))) return 'invalid';
      return (await consumeOneTimeCode('PHONE_CODE', userId, hash)) ? 'approved' : 'none';
    },
  };
}
