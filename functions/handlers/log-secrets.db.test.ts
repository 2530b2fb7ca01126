// A whole journey through the Lambdas' handlers on DynamoDB Local, with every line they write read
// back (debug lines included): a tenant signs up, confirms the address, logs in, verifies the phone by
// SMS code, asks about an ad, is proposed a contract and pays it on the simulator; the payout runs as
// its scheduled job; an administrator logs in with the e-mailed code; messages go both ways, one
// with a card number and an address in it; the web app logs an error quoting a link. No line carries
// a password, a token, a one-time code, the card number or a full e-mail address; every invocation
// logged under its handler, and the jobs under the correlation id of the request that scheduled them.

import { randomUUID } from 'node:crypto';
import type { AppSyncAuthorizerEvent } from 'aws-lambda';
import type { ContractCheckout } from '@partage/graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logger } from '../adapters/log';
import { recordedMetrics } from '../adapters/metrics-recorder';
import { readOutbox } from '../adapters/outbox';
import { actOnCheckout } from '../adapters/payment-simulator';
import { getContract } from '../data/contracts';
import { getSimulatorRecord } from '../data/payment-simulator';
import { listOneTimeSchedules, type StoredOneTimeSchedule } from '../data/scheduled-jobs';
import { findUserByEmail, type UserRecord } from '../data/users';
import { manualClock, useClock } from '../domain/clock';
import { payoutDueAt } from '../domain/contracts/contract-money';
import {
  asUser,
  contractInput,
  firstMessage,
  givenAd,
  givenPayableOwner,
  givenPaymentOnboarding,
  givenUser,
  httpEvent,
  resolverCaller,
  routeSimulatorWebhooks,
  signUpInput,
  TEST_PASSWORD,
  tokenLogin,
  useTestOutbox,
} from '../testing/fixtures';
import { captureLogLines, type LogLines } from '../testing/log-lines';
import { handler as accounts } from './accounts';
import { handler as authorizer } from './authorizer';
import { handler as chat } from './chat';
import { handler as contractJobs } from './contract-payouts';
import { handler as contracts } from './contracts';
import { handler as webLog } from './log';
import { handler as phone } from './phone';

const outbox = useTestOutbox();
const clock = manualClock();
const CARD_NUMBER = '4242 4242 4242 4242';

let log: LogLines;
let metricsBefore: ReturnType<typeof recordedMetrics>;
/** What must never be written, by what it is. */
const secrets: Record<string, string> = {};

beforeAll(() => {
  const restoreClock = useClock(clock);
  const restoreFetch = routeSimulatorWebhooks();
  // Every level: the debug lines must not leak either.
  logger().setLogLevel('DEBUG');
  log = captureLogLines();
  metricsBefore = recordedMetrics();
  return () => {
    log.restore();
    logger().setLogLevel('INFO');
    restoreFetch();
    restoreClock();
  };
});

afterAll(() => log.restore());

/** Runs a one-time job the way the local scheduler does: its stored event, through its handler. */
const runJob = ({ job, at, payload }: StoredOneTimeSchedule) => contractJobs({ job, scheduledAt: at, payload });

async function pendingJob(job: string, contractId: string): Promise<StoredOneTimeSchedule> {
  const schedule = (await listOneTimeSchedules()).find((s) => s.job === job && s.payload.contractId === contractId);
  if (!schedule) throw new Error(`No ${job} job for contract ${contractId}`);
  return schedule;
}

describe('a journey from sign-up to payout', () => {
  let tenant: UserRecord;
  let owner: UserRecord;
  let contractId: string;

  it('signs up, confirms the address, logs in and verifies the phone, through the handlers', async () => {
    const input = signUpInput({ password: `Phrase-Secrète-${randomUUID().slice(0, 8)}` });
    Object.assign(secrets, { password: input.password, tenantEmail: input.email });
    const call = resolverCaller(accounts);
    expect(await call('Mutation.createUserAccount', { input })).toEqual({ id: expect.any(String) });
    const link = await outbox.lastLinkEmail(input.email);
    secrets.confirmationToken = link.token;
    expect(await call('Mutation.confirmEmail', { input: { email: input.email, token: link.token } })).toBeTruthy();

    // A wrong password first, then the right one.
    const login = tokenLogin(`device-${randomUUID()}`);
    expect((await login(input.email, 'Pas-Le-Bon-42')).statusCode).toBe(401);
    const signedIn = await login(input.email, input.password);
    expect(signedIn.statusCode).toBe(200);
    const tokens = JSON.parse(signedIn.body ?? '') as { token: string; refreshToken: string; deviceToken: string };
    Object.assign(secrets, { accessToken: tokens.token, refreshToken: tokens.refreshToken, deviceToken: tokens.deviceToken });
    const authorized = await authorizer({
      authorizationToken: `Bearer ${tokens.token}`,
      requestContext: { requestId: randomUUID() },
      requestHeaders: {},
    } as unknown as AppSyncAuthorizerEvent);
    expect(authorized.isAuthorized).toBe(true);

    tenant = (await findUserByEmail(input.email))!;
    const verify = resolverCaller(phone, asUser(tenant));
    expect(await verify('Mutation.sendPhoneVerificationCode', {})).toBeTruthy();
    const sms = (await readOutbox(process.env.OUTBOX_DIR!)).find((entry) => entry.kind === 'sms');
    const code = /\b(\d{6})\b/.exec(sms?.text ?? '')![1]!;
    secrets.phoneCode = code;
    const wrong = code === '000000' ? '111111' : '000000';
    await verify('Mutation.verifyPhoneCode', { input: { code: wrong } });
    expect(await verify('Mutation.verifyPhoneCode', { input: { code } })).toBeTruthy();
    expect((await findUserByEmail(input.email))!.phoneVerified).toBe(true);
  });

  it('asks about an ad, is proposed a contract, pays it on the simulator; the payout runs as its job', async () => {
    ({ owner } = await givenPayableOwner());
    secrets.ownerEmail = owner.email;
    await givenPaymentOnboarding(owner.id);
    const ad = await givenAd(
      owner,
      { availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] } },
      { published: true },
    );
    const tenantChat = resolverCaller(chat, asUser(tenant));
    const conversation = (await tenantChat('Mutation.createConversation', { input: { adId: ad.id, message: firstMessage() } })) as {
      id: string;
    };
    const proposal = (await resolverCaller(contracts, asUser(owner))('Mutation.proposeContract', {
      input: contractInput({ conversationId: conversation.id }),
    })) as { id: string };
    contractId = proposal.id;

    const checkout = (await resolverCaller(contracts, asUser(tenant))('Mutation.acceptAndPayContract', {
      input: { contractId, expectedVersion: 1 },
    })) as ContractCheckout;
    const session = (await getSimulatorRecord('SESSION', new URL(checkout.url).searchParams.get('session')!))!;
    await actOnCheckout(session, 'pay');
    expect((await getContract(contractId))?.status).toBe('PAID');

    expect(await runJob(await pendingJob('contract-paid', contractId))).toBe('TOLD');
    clock.set(payoutDueAt((await getContract(contractId))!));
    expect(await runJob(await pendingJob('contract-payout', contractId))).toBe('PAID_OUT');
    expect((await getContract(contractId))?.status).toBe('PAYOUT_DONE');
  });

  it('sends messages both ways, one with a card number and an address in it', async () => {
    const sent = await resolverCaller(chat, asUser(tenant))('Mutation.sendMessage', {
      input: {
        conversationId: (await getContract(contractId))!.conversationId,
        clientMessageId: randomUUID(),
        body: `Ma carte ${CARD_NUMBER}, écrivez-moi à ${secrets.tenantEmail}`,
      },
    });
    expect(sent).toMatchObject({ id: expect.any(String) });
    const answer = await resolverCaller(chat, asUser(owner))('Mutation.sendMessage', {
      input: { conversationId: (await getContract(contractId))!.conversationId, clientMessageId: randomUUID(), body: 'Bien reçu.' },
    });
    expect(answer).toMatchObject({ id: expect.any(String) });
  });

  it('logs an administrator in with the e-mailed code, and takes the web app’s log of a failed link', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    secrets.adminEmail = admin.email;
    const login = tokenLogin(`device-${randomUUID()}`);
    expect((await login(admin.email)).statusCode).toBe(202);
    const code = await outbox.lastTwoFactorCode(admin.email);
    secrets.twoFactorCode = code;
    const signedIn = await login(admin.email, TEST_PASSWORD, code);
    expect(signedIn.statusCode).toBe(200);
    secrets.adminToken = (JSON.parse(signedIn.body ?? '') as { token: string }).token;

    const failed = `Échec de /confirmer?email=${encodeURIComponent(secrets.tenantEmail!)}&token=${secrets.confirmationToken} pour ${secrets.tenantEmail}`;
    expect((await webLog(httpEvent('POST', '/log', [{ message: failed, level: 'Error' }]))).statusCode).toBe(204);
  });

  it('wrote no password, token, code, card number or full e-mail address on any line', () => {
    const lines = log.lines();
    const forbidden = {
      ...secrets,
      tenantEmailInALink: encodeURIComponent(secrets.tenantEmail!),
      testPassword: TEST_PASSWORD,
      card: CARD_NUMBER,
      cardDigits: CARD_NUMBER.replaceAll(' ', ''),
    };
    const leaks = Object.entries(forbidden).flatMap(([what, value]) =>
      lines.filter((line) => line.includes(value)).map((line) => `${what}: ${line}`),
    );
    expect(leaks).toEqual([]);
    // The web app's line is there, masked.
    expect(log.entries()).toContainEqual(
      expect.objectContaining({ source: 'web', message: expect.stringMatching(/token=\[redacted\] pour \w\*\*\*@exemple\.ca$/) }),
    );
  });

  it('logged every invocation under its handler, and each job under the id of the request that scheduled it', () => {
    const entries = log.entries();
    const handlers = new Set(entries.map((entry) => entry.handler));
    for (const name of ['accounts', 'token', 'authorizer', 'phone', 'chat', 'contracts', 'stripe-webhook', 'contract-payouts', 'log'])
      expect(handlers, name).toContain(name);
    const invocations = entries.filter((entry) => entry.message === 'invocation');
    const webhook = invocations.filter((entry) => entry.handler === 'stripe-webhook').map((entry) => entry.correlation_id);
    const jobs = invocations.filter((entry) => entry.handler === 'contract-payouts');
    // contract-paid was scheduled by a webhook call, and the payout by contract-paid: one id from the payment on.
    expect(jobs).toHaveLength(2);
    for (const job of jobs) expect(webhook).toContain(job.correlation_id);
  });

  it('counted the journey’s business metrics', () => {
    const after = recordedMetrics();
    const counted = (metric: keyof typeof after) => (after[metric] ?? 0) - (metricsBefore[metric] ?? 0);
    expect(counted('SignUp')).toBe(1);
    expect(counted('ContractProposed')).toBe(1);
    expect(counted('ContractPaid')).toBe(1);
    expect(counted('ContractPaidOut')).toBe(1);
    expect(counted('MessageSent')).toBe(3);
  });
});
