// Faults (docs/testing.md "Faults"): the vendors behind the API answering 500 or not answering, each
// a loopback fake of its HTTP API met by the real adapter (SES through MAIL_ADAPTER=ses and the SDK,
// Twilio Verify and Stripe through their adapters), on DynamoDB Local. A user is told what happened
// in words they can act on, nothing is left half done, and what should be retried is.
// Elsewhere: the sign-up whose confirmation cannot be sent (sign-up.db.test.ts), the contract-paid
// job's own retries when SES fails (contract-payouts.db.test.ts), the provider failing a checkout or
// a refund (contract-payment.db.test.ts, contract-payouts.db.test.ts), a digest run SES stops halfway
// (alert-digest.db.test.ts).

import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SendContactMessageInput } from '@partage/graphql';
import { forgetChoices } from '../adapters/chosen-once';
import * as paymentPort from '../adapters/payment-provider';
import * as phonePort from '../adapters/phone-verifier';
import { stripePaymentProvider } from '../adapters/stripe-payment-provider';
import { twilioPhoneVerifier } from '../adapters/twilio-phone-verifier';
import { listOneTimeSchedules } from '../data/scheduled-jobs';
import { bookedPeriods, getContract } from '../data/contracts';
import { getPhoneVerification } from '../data/phone-verifications';
import { getUser, type UserRecord } from '../data/users';
import { now } from '../domain/clock';
import {
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenContract,
  givenConversation,
  givenPaidContract,
  givenUser,
  newSourceAddress,
  resolverCaller,
  resolverEvent,
  routeSimulatorWebhooks,
  useTestEnvironment,
} from '../testing/fixtures';
import { captureLogLines } from '../testing/log-lines';
import { NO_ANSWER, startLoopback, type Loopback } from '../testing/loopback-server';
import { startSesFake, type SesFake } from '../testing/ses-fake';
import { handler as chatReminders } from './chat-reminders';
import { handler as contact } from './contact';
import { handler as contracts } from './contracts';
import { handler as phone } from './phone';

const TEAM = 'equipe@exemple.ca';
/** How long the adapters wait for the fakes that do not answer (the Lambdas wait 5 s for Twilio, 8 s for Stripe). */
const SHORT_TIMEOUT_MS = 300;

let ses: SesFake;
let twilio: Loopback;
let twilioMode: 'up' | '500' | 'no answer' = 'up';
let hungStripe: Loopback;

/** Twilio Verify as the adapter calls it: a code sent, a code approved, or the outage the test set. */
function answerVerify(path: string) {
  if (twilioMode === 'no answer') return NO_ANSWER;
  if (twilioMode === '500') return { status: 500, json: { code: 20500, message: 'Internal Server Error', status: 500 } };
  if (path.endsWith('/Verifications')) return { status: 201, json: { sid: 'VE1', status: 'pending', valid: false } };
  return { status: 200, json: { sid: 'VE1', status: 'approved', valid: true } };
}

beforeAll(async () => {
  await useTestEnvironment();
  [ses, twilio, hungStripe] = await Promise.all([
    startSesFake(),
    startLoopback((request) => answerVerify(request.path)),
    startLoopback(() => NO_ANSWER),
  ]);
  // E-mails go out through the SES adapter, to the fake.
  vi.stubEnv('MAIL_ADAPTER', 'ses');
  vi.stubEnv('MAIL_FROM', 'Partage <noreply@exemple.ca>');
  vi.stubEnv('AWS_ENDPOINT_URL_SESV2', ses.endpoint);
  vi.stubEnv('CONTACT_EMAIL', TEAM);
  forgetChoices();
  return routeSimulatorWebhooks();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  forgetChoices();
  await Promise.all([ses.close(), twilio.close(), hungStripe.close()]);
});
afterEach(() => {
  ses.recover();
  twilioMode = 'up';
  vi.restoreAllMocks();
});

const sentTo = (address: string) => ses.sent.filter((mail) => mail.to.includes(address));

describe('SES answering 500 or not answering', () => {
  const aMessage = (): SendContactMessageInput => ({
    name: 'Luc Tremblay',
    email: `luc-${randomUUID()}@exemple.ca`,
    organization: null,
    subject: `Chambre froide ${randomUUID()}`,
    message: 'Avez-vous une chambre froide à louer près de Rimouski ?',
    language: 'FRENCH',
    elapsedMs: 45_000,
  });
  const sendToTeam = (input: SendContactMessageInput) =>
    contact(resolverEvent('Mutation.sendContactMessage', { input }, ANONYMOUS, newSourceAddress()));
  const teamMailsAbout = (input: SendContactMessageInput) => sentTo(TEAM).filter((mail) => mail.subject.includes(input.subject));

  it('a 500 to the first attempt is retried by the SDK: the message reaches the team once', async () => {
    ses.fail('500', 1);
    const input = aMessage();
    expect(await sendToTeam(input)).toBe(true);
    expect(teamMailsAbout(input)).toHaveLength(1);
  });

  it.each(['500', 'no answer'] as const)(
    'an e-mail sent while the user waits (the contact form), SES %s for good: SERVICE_BUSY, and sending again once SES is back delivers it once',
    async (outage) => {
      captureLogLines();
      ses.fail(outage);
      const input = aMessage();
      expect(errorCodeOf(await sendToTeam(input))).toBe('SERVICE_BUSY');
      expect(teamMailsAbout(input)).toEqual([]);
      ses.recover();
      expect(await sendToTeam(input)).toBe(true);
      expect(teamMailsAbout(input)).toHaveLength(1);
    },
  );

  it('an e-mail a job sends (the chat reminder), SES 500 for good: the run fails for its invoker to retry, and the retry sends it once', async () => {
    const [asker, owner] = await Promise.all([givenUser(), givenUser()]);
    const { id: conversationId } = await givenConversation(asker, owner);
    const [schedule] = (await listOneTimeSchedules()).filter(
      (s) => s.job === 'chat-reminder' && s.payload.conversationId === conversationId && s.payload.userId === owner.id,
    );
    const run = () => chatReminders({ job: schedule!.job, scheduledAt: schedule!.at, payload: schedule!.payload });
    captureLogLines();
    ses.fail('500');
    await expect(run()).rejects.toMatchObject({ $metadata: { httpStatusCode: 500 } });
    expect(sentTo(owner.email)).toEqual([]);
    ses.recover();
    // The invoker's retry (EventBridge Scheduler's retry policy, then the Lambda's own), and a duplicate delivery.
    expect(await run()).toEqual({ sent: true });
    expect(await run()).toEqual({ sent: false });
    expect(sentTo(owner.email)).toHaveLength(1);
  });
});

describe('Twilio Verify answering 500 or not answering', () => {
  const CREDENTIALS = { accountSid: 'AC0123', authToken: 'token-1', serviceSid: 'VA0123' };
  const callPhone = resolverCaller(phone);
  let phoneCounter = 200;
  const givenPhoneOwner = () => givenUser({ phoneNumber: `+1514555${String(phoneCounter++).padStart(4, '0')}`, phoneVerified: false });
  const useTwilio = () =>
    vi.spyOn(phonePort, 'phoneVerifier').mockResolvedValue(twilioPhoneVerifier(CREDENTIALS, twilio.url, SHORT_TIMEOUT_MS));

  it.each(['500', 'no answer'] as const)(
    'sending a code, Twilio %s: PHONE_SERVICE_UNAVAILABLE, no code kept as sent, and asking again at once sends one',
    async (outage) => {
      useTwilio();
      captureLogLines();
      const user = await givenPhoneOwner();
      twilioMode = outage;
      expect(errorCodeOf(await callPhone('Mutation.sendPhoneVerificationCode', {}, asUser(user)))).toBe('PHONE_SERVICE_UNAVAILABLE');
      // No interval to wait out: the next request is not PHONE_CODE_TOO_SOON.
      expect(await getPhoneVerification(user.id)).toBeUndefined();
      twilioMode = 'up';
      expect(await callPhone('Mutation.sendPhoneVerificationCode', {}, asUser(user))).toMatchObject({ phoneNumber: user.phoneNumber });
    },
  );

  it('checking a code, Twilio 500: PHONE_SERVICE_UNAVAILABLE, the phone still unverified, and the same code checked again verifies it', async () => {
    useTwilio();
    captureLogLines();
    const user = await givenPhoneOwner();
    await callPhone('Mutation.sendPhoneVerificationCode', {}, asUser(user));
    twilioMode = '500';
    const check = () => callPhone('Mutation.verifyPhoneCode', { input: { code: '123456' } }, asUser(user));
    expect(errorCodeOf(await check())).toBe('PHONE_SERVICE_UNAVAILABLE');
    expect((await getUser(user.id))?.phoneVerified).toBe(false);
    twilioMode = 'up';
    expect(await check()).toEqual({ phoneVerified: true });
  });
});

describe('Stripe not answering', () => {
  const callContracts = resolverCaller(contracts);
  /** The simulator, but for `call`, made through the Stripe adapter to a Stripe that never answers. */
  async function stripeHungFor(call: 'createCheckoutSession' | 'createRefund') {
    const real = await paymentPort.paymentProvider();
    const hung = stripePaymentProvider(
      { secretKey: 'sk_test_platform', webhookSecret: 'whsec_test' },
      { host: '127.0.0.1', port: hungStripe.port, protocol: 'http', timeout: SHORT_TIMEOUT_MS },
    );
    return vi.spyOn(paymentPort, 'paymentProvider').mockResolvedValue({ ...real, [call]: hung[call] });
  }

  it('opening the checkout: PAYMENT_PROVIDER_UNAVAILABLE, the dates not held, and paying again opens it', async () => {
    const tenant = await givenUser();
    const contract = await givenContract(tenant);
    const pay = () =>
      callContracts('Mutation.acceptAndPayContract', { input: { contractId: contract.id, expectedVersion: 1 } }, asUser(tenant));
    const hung = await stripeHungFor('createCheckoutSession');
    captureLogLines();
    expect(errorCodeOf(await pay())).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await bookedPeriods(contract.adId, now().toISOString())).toEqual([]);
    hung.mockRestore();
    expect(await pay()).toMatchObject({ url: expect.any(String) });
  });

  it('a refund: PAYMENT_PROVIDER_UNAVAILABLE, the contract still PAID with no refund under way, and refunding again works', async () => {
    const tenant: UserRecord = await givenUser();
    const { contract, owner } = await givenPaidContract(tenant);
    const refund = () =>
      callContracts('Mutation.refundContract', { input: { contractId: contract.id, expectedVersion: 1 } }, asUser(owner));
    const hung = await stripeHungFor('createRefund');
    captureLogLines();
    expect(errorCodeOf(await refund())).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const stored = (await getContract(contract.id))!;
    expect(stored.status).toBe('PAID');
    expect(stored.refund).toBeUndefined();
    hung.mockRestore();
    expect(await refund()).toMatchObject({ status: 'REFUNDED' });
  });
});
