// The local verifier on DynamoDB Local: its tries are counted even when checks arrive at once.

import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CODE_MAX_ATTEMPTS } from '@partage/graphql';
import { useTestEnvironment } from '../testing/fixtures';
import { readOutbox } from './outbox';
import { outboxPhoneVerifier } from './outbox-phone-verifier';

let outboxDir = '';
beforeAll(async () => {
  ({ outboxDir } = await useTestEnvironment());
});

describe('outboxPhoneVerifier', () => {
  it("signs the SMS with the product's name, in the user's language", async () => {
    const verifier = outboxPhoneVerifier(outboxDir);
    await verifier.send({ userId: 'u-fr', phoneNumber: '+15145550143', language: 'fr' });
    await verifier.send({ userId: 'u-en', phoneNumber: '+15145550144', language: 'en' });
    const textTo = async (to: string) => (await readOutbox(outboxDir)).find((entry) => entry.to === to)!.text;
    expect(await textTo('+15145550143')).toMatch(/^Partage : votre code de vérification est \d{6}\. Il est valide 10 minutes\./);
    expect(await textTo('+15145550144')).toMatch(/^Partage: your verification code is \d{6}\. It is valid for 10 minutes\./);
  });

  it(`compares at most ${PHONE_CODE_MAX_ATTEMPTS} codes, even checked all at once`, async () => {
    const verifier = outboxPhoneVerifier(outboxDir);
    const phoneNumber = '+15145550142';
    await verifier.send({ userId: 'u-race', phoneNumber, language: 'fr' });
    const code = /(\d{6})/.exec((await readOutbox(outboxDir)).find((entry) => entry.to === phoneNumber)!.text ?? '')![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => verifier.check({ userId: 'u-race', phoneNumber, code: wrong })));
    expect(outcomes.filter((outcome) => outcome === 'invalid')).toHaveLength(PHONE_CODE_MAX_ATTEMPTS);
    expect(outcomes.filter((outcome) => outcome === 'tooManyAttempts')).toHaveLength(20 - PHONE_CODE_MAX_ATTEMPTS);
    expect(await verifier.check({ userId: 'u-race', phoneNumber, code })).toBe('tooManyAttempts');
  });
});
