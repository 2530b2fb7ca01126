// Twilio Verify (https://www.twilio.com/docs/verify/api): Verify writes and sends the SMS, keeps the
// code, its expiry and its tries. Only the base client and the Verify domain are imported, not the
// whole SDK (every Twilio product), to keep the Lambda bundle small.

import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import BaseTwilio from 'twilio/lib/base/BaseTwilio';
import RequestClient from 'twilio/lib/base/RequestClient';
import Verify from 'twilio/lib/rest/Verify';
import type { CheckOutcome, PhoneVerifier, SendOutcome } from './phone-verifier';

export interface TwilioCredentials {
  accountSid: string;
  /** The auth token, or an API key's secret when `apiKeySid` is given. */
  authToken: string;
  apiKeySid?: string;
  /** The Verify service (its code length, expiry and tries are set on it: 6 digits, 10 min, 5 tries). */
  serviceSid: string;
}

/** The secret holds the credentials as JSON: `{ accountSid, authToken, serviceSid, apiKeySid? }`. */
export async function loadTwilioCredentials(secretArn: string, client: SecretsManagerClient): Promise<TwilioCredentials> {
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!SecretString) throw new Error(`Secret ${secretArn} has no SecretString`);
  const credentials = JSON.parse(SecretString) as Partial<TwilioCredentials>;
  for (const name of ['accountSid', 'authToken', 'serviceSid'] as const) {
    if (!credentials[name]) throw new Error(`Secret ${secretArn} has no ${name}`);
  }
  return credentials as TwilioCredentials;
}

/** Sends every request to `baseUrl` instead of Twilio's hosts, same path and query (the tests' loopback fake). */
class RebasedRequestClient extends RequestClient {
  constructor(
    private readonly baseUrl: string,
    timeout: number,
  ) {
    super({ timeout });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const { pathname, search } = new URL(opts.uri);
    return super.request({ ...opts, uri: new URL(`${pathname}${search}`, this.baseUrl).href });
  }
}

// Twilio error codes (https://www.twilio.com/docs/api/errors).
const NOT_FOUND = 20404; // no pending verification for this number (expired, approved or never sent)
const MAX_CHECK_ATTEMPTS = 60202;
const MAX_SEND_ATTEMPTS = 60203;
/** The number is refused by Verify: 60200 invalid parameter (the `To` number), 60205 a landline. */
const UNDELIVERABLE = new Set([60200, 60205]);

const twilioErrorCode = (error: unknown): number | undefined =>
  error instanceof Error && 'status' in error ? ((error as { code?: number }).code ?? (error as { status: number }).status) : undefined;

/**
 * Milliseconds a Verify call may take (the SDK's default is 30 s): a Twilio that does not answer fails
 * the request with a message well within the Lambda's 10 s, rather than the Lambda timing out.
 */
export const TWILIO_TIMEOUT_MS = 5000;

/** `baseUrl` and `timeoutMs`: tests only, where the fake Verify API listens and how long to wait for it. */
export function twilioPhoneVerifier(credentials: TwilioCredentials, baseUrl?: string, timeoutMs = TWILIO_TIMEOUT_MS): PhoneVerifier {
  // The SDK retries nothing here (autoRetry is off): a failed send is the user's to ask again.
  const client = new BaseTwilio.Client(credentials.apiKeySid ?? credentials.accountSid, credentials.authToken, {
    accountSid: credentials.accountSid,
    timeout: timeoutMs,
    ...(baseUrl ? { httpClient: new RebasedRequestClient(baseUrl, timeoutMs) } : {}),
  });
  const service = new Verify(client).v2.services(credentials.serviceSid);

  return {
    async send({ phoneNumber, language }): Promise<SendOutcome> {
      try {
        await service.verifications.create({ to: phoneNumber, channel: 'sms', locale: language });
        return 'sent';
      } catch (error) {
        const code = twilioErrorCode(error);
        if (code === MAX_SEND_ATTEMPTS) return 'tooManySends';
        if (code !== undefined && UNDELIVERABLE.has(code)) return 'undeliverable';
        throw error;
      }
    },

    async check({ phoneNumber, code }): Promise<CheckOutcome> {
      try {
        const { status } = await service.verificationChecks.create({ to: phoneNumber, code });
        if (status === 'approved') return 'approved';
        if (status === 'pending') return 'invalid';
        return status === 'max_attempts_reached' ? 'tooManyAttempts' : 'none';
      } catch (error) {
        const code = twilioErrorCode(error);
        if (code === NOT_FOUND || code === 404) return 'none';
        if (code === MAX_CHECK_ATTEMPTS) return 'tooManyAttempts';
        throw error;
      }
    },
  };
}
