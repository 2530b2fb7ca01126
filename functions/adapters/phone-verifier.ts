// The phone verification port: sends a one-time code by SMS and checks it. The adapter is chosen once,
// from PHONE_VERIFIER_ADAPTER, on first use: Twilio Verify in AWS (credentials in the Secrets Manager
// secret TWILIO_SECRET_ARN), the outbox (shown at the local dev mailbox page) on the local host
// (registered by it: local-adapters.ts).

import { chosenOnce } from './chosen-once';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { UiLanguage } from '@partage/graphql';
import { requireEnv } from './env';
import { localAdapters } from './local-adapters';
import { loadTwilioCredentials, twilioPhoneVerifier } from './twilio-phone-verifier';

/**
 * `tooManySends`: the verifier refuses more codes to this number for a while; `undeliverable`: no
 * SMS can reach this number (not a valid number, a landline).
 */
export type SendOutcome = 'sent' | 'tooManySends' | 'undeliverable';

/**
 * `none`: no code pending for this number (never sent, expired, already used); `tooManyAttempts`:
 * the pending code can no longer be checked.
 */
export type CheckOutcome = 'approved' | 'invalid' | 'none' | 'tooManyAttempts';

export interface PhoneVerifier {
  send(request: { userId: string; phoneNumber: string; language: UiLanguage }): Promise<SendOutcome>;
  check(request: { userId: string; phoneNumber: string; code: string }): Promise<CheckOutcome>;
}

// A failed secret read (throttling, network) is retried by the next call (chosenOnce).
export const phoneVerifier: () => Promise<PhoneVerifier> = chosenOnce(() => choosePhoneVerifier(requireEnv('PHONE_VERIFIER_ADAPTER')));

async function choosePhoneVerifier(adapter: string): Promise<PhoneVerifier> {
  if (adapter === 'twilio')
    return twilioPhoneVerifier(await loadTwilioCredentials(requireEnv('TWILIO_SECRET_ARN'), new SecretsManagerClient({})));
  if (adapter === 'outbox') return localAdapters('PHONE_VERIFIER_ADAPTER=outbox').phoneVerifier();
  throw new Error(`Unknown PHONE_VERIFIER_ADAPTER "${adapter}" (expected twilio or outbox)`);
}
