// The Checkout events of a contract through POST /webhooks/stripe on DynamoDB Local, sent by the payment
// simulator or signed here as Stripe signs them: a payment makes the contract PAID (and nothing else
// does), a replay or a late event changes nothing, a session that ends unpaid frees the dates only if
// it is the contract's current one, and a payment for dates lost meanwhile is refunded. A duplicate
// delivered at the same moment is refused by the event's claim in the handling's transaction.

import Stripe from 'stripe';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatEvent, ContractCheckout, ContractEvent } from '@partage/graphql';
import { OPEN_SESSION, actOnCheckout, paySimulatedSession, sessionObject } from '../adapters/payment-simulator';
import { paymentProvider } from '../adapters/payment-provider';
import * as schedulerPort from '../adapters/scheduler';
import { db, readTogether } from '../data/client';
import { bookedPeriods, getContract, placeBookingHold, replaceContract } from '../data/contracts';
import { paymentEventHandled } from '../data/payment-events';
import { createConversation } from '../domain/chat/conversations';
import { proposeContract } from '../domain/contracts/contracts';
import { getSimulatorRecord, updateSimulatorRecord, type SimulatedSession } from '../data/payment-simulator';
import { listOneTimeSchedules } from '../data/scheduled-jobs';
import type { UserRecord } from '../data/users';
import { epochSeconds, manualClock, now, useClock } from '../domain/clock';
import {
  firstMessage,
  asUser,
  contractInput,
  errorCodeOf,
  givenAd,
  givenContract,
  givenUser,
  httpEvent,
  publishedEvents,
  resolverCaller,
  routeSimulatorWebhooks,
  TEST_PAYMENT_WEBHOOK_SECRET,
  useTestOutbox,
} from '../testing/fixtures';
import { handler as contractsHandler } from './contracts';
import { handler as contractJobs } from './contract-payouts';
import { handler as webhookHandler } from './stripe-webhook';

const outbox = useTestOutbox();
const call = resolverCaller(contractsHandler);
const clock = manualClock();
let tenant: UserRecord;
let owner: UserRecord;

beforeAll(async () => {
  [tenant, owner] = await Promise.all([givenUser({ language: 'en' }), givenUser({ organizationName: 'Cuisine partagée Hochelaga' })]);
  const restoreClock = useClock(clock);
  const restoreFetch = routeSimulatorWebhooks();
  return () => {
    restoreFetch();
    restoreClock();
  };
});

/** A payment attempt of `payer`'s at the contract's version 1 (a retry opens a new session and expires the previous one). */
const startPayment = (contractId: string, payer = tenant) =>
  call('Mutation.acceptAndPayContract', { input: { contractId, expectedVersion: 1 } }, asUser(payer)) as Promise<ContractCheckout>;

/** A SUBMITTED contract of `owner`'s to `payer` and the session `payer` opened for it. */
async function givenPaymentStarted(payer = tenant, period?: { start: string; end: string }) {
  const contract = await givenContract(payer, owner, period ? { period: { precision: 'DAY', ...period } } : {});
  const checkout = await startPayment(contract.id, payer);
  const sessionId = new URL(checkout.url).searchParams.get('session')!;
  return { contract, session: (await getSimulatorRecord('SESSION', sessionId))! };
}

let eventCounter = 0;
/** A signed event of `session` as Stripe sends it; the same payload delivered again is a replay. */
function sessionEvent(type: string, session: SimulatedSession) {
  return JSON.stringify({
    id: `evt_contract_${++eventCounter}`,
    object: 'event',
    type,
    created: epochSeconds(),
    data: { object: sessionObject(session) },
  });
}
/** The route's answer to a signed delivery of `payload`. */
function post(payload: string) {
  const event = httpEvent('POST', '/webhooks/stripe', payload);
  event.headers = {
    'content-type': 'application/json',
    'stripe-signature': Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: TEST_PAYMENT_WEBHOOK_SECRET,
      timestamp: epochSeconds(),
    }),
  };
  return webhookHandler(event);
}
async function deliver(payload: string) {
  const response = await post(payload);
  expect(response.statusCode).toBe(200);
  return (JSON.parse(response.body!) as { outcome: string }).outcome;
}
const paid = (session: SimulatedSession): SimulatedSession => ({ ...session, status: 'complete', paymentStatus: 'paid' });
/** The session paid at the provider (its charge made, which a refund needs), and its state as its event tells it. */
async function paidAtProvider(session: SimulatedSession): Promise<SimulatedSession> {
  await paySimulatedSession(session);
  return paid(session);
}
const refundCall = (sessionId: string) => getSimulatorRecord('CALL', `refund-session-${sessionId}`);
/** The text with its no-break spaces as spaces and the one-dot leaders (that keep mail clients from making links) as dots. */
const plain = (text = '') => text.replace(/\s/g, ' ').replace(/\u2024/g, '.');
const held = (adId: string) => bookedPeriods(adId, now().toISOString());
const eventHandled = (payload: string) => readTogether(paymentEventHandled((JSON.parse(payload) as { id: string }).id));

/** The DynamoDB requests `run` sends, by command, in order: the webhook's requests in a row. */
async function requestsOf<T>(run: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
  const requests: string[] = [];
  const name = 'requestsOf';
  db().middlewareStack.add(
    (next, context) => async (args) => {
      requests.push(String(context.commandName).replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return { result: await run(), requests };
  } finally {
    db().middlewareStack.remove(name);
  }
}
/** The live PAID events of the contract, one per party's open pages. */
const paidEventsOf = (contractId: string) =>
  publishedEvents()
    .filter((event) => event.mutation === 'publishContractEvent')
    .map((event) => event.result as ContractEvent)
    .filter((event) => event.contractId === contractId && event.kind === 'PAID');

/**
 * Runs `run` with `meanwhile` done once just before its first TransactWriteItems goes out: another
 * delivery's whole handling before this one's write.
 */
async function withStepBeforeTransaction<T>(meanwhile: () => Promise<unknown>, run: () => Promise<T>): Promise<T> {
  let step: (() => Promise<unknown>) | undefined = meanwhile;
  const name = 'stepBeforeTransaction';
  db().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'TransactWriteItemsCommand' && step) {
        const pending = step;
        step = undefined;
        await pending();
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return await run();
  } finally {
    db().middlewareStack.remove(name);
  }
}

describe('checkout.session.completed', () => {
  it('gives a registered owner’s receipts their GST and QST lines with the owner’s numbers', async () => {
    const registered = await givenUser({ taxStatus: 'REGISTERED', gstNumber: '123456789RT0001', qstNumber: '1234567890TQ0001' });
    const payer = await givenUser({ language: 'en' });
    const contract = await givenContract(payer, registered, { totalPriceCents: 10_000 });
    const checkout = await startPayment(contract.id, payer);
    const session = (await getSimulatorRecord('SESSION', new URL(checkout.url).searchParams.get('session')!))!;
    await actOnCheckout(session, 'pay');
    const job = (await listOneTimeSchedules()).find((schedule) => schedule.name === `paid-${contract.id}`)!;
    await contractJobs({ job: job.job, scheduledAt: job.at, payload: job.payload });
    const receipt = (await outbox.emailsTo(payer.email)).find((mail) => mail.subject === `Receipt: contract no. ${contract.id} paid`);
    expect(plain(receipt?.text)).toContain('Total amount paid: $114.98');
    expect(receipt?.text).toContain(
      'Price before taxes: $100.00\nGST (5%), no. 123456789RT0001: $5.00\nQST (9.975%), no. 1234567890TQ0001: $9.98',
    );
    // The platform collects no taxes here (no numbers configured): its fee says so.
    expect(receipt?.text).toContain('The platform fee carries no GST or QST.');
  });

  it('gives the owner’s receipt the GST and QST the platform’s fee includes, with the platform’s numbers', async () => {
    const env = { PLATFORM_FEE_BASIS_POINTS: '1000', PLATFORM_GST_NUMBER: '987654321 RT 0001', PLATFORM_QST_NUMBER: '9876543210tq0001' };
    const registered = await givenUser({ taxStatus: 'REGISTERED', gstNumber: '123456789RT0001', qstNumber: '1234567890TQ0001' });
    const payer = await givenUser({ language: 'en' });
    Object.assign(process.env, env);
    let contract: { id: string };
    try {
      contract = await givenContract(payer, registered, { totalPriceCents: 10_000 });
    } finally {
      for (const key of Object.keys(env)) delete process.env[key];
    }
    const checkout = await startPayment(contract.id, payer);
    const session = (await getSimulatorRecord('SESSION', new URL(checkout.url).searchParams.get('session')!))!;
    await actOnCheckout(session, 'pay');
    const job = (await listOneTimeSchedules()).find((schedule) => schedule.name === `paid-${contract.id}`)!;
    await contractJobs({ job: job.job, scheduledAt: job.at, payload: job.payload });
    const receipt = (await outbox.emailsTo(registered.email)).find((mail) => mail.subject === `Reçu : contrat n° ${contract.id} payé`);
    expect(plain(receipt?.text)).toContain('Frais de la plateforme : 10,00 $');
    expect(plain(receipt?.text)).toContain(
      'Taxes incluses dans les frais de la plateforme : TPS (5 %), no 987654321RT0001 : 0,43 $ TVQ (9,975 %), no 9876543210TQ0001 : 0,87 $',
    );
  });

  it('makes the contract PAID, keeps its dates for good, and tells both parties (receipts, system line, live events)', async () => {
    const { contract, session } = await givenPaymentStarted();
    expect(await actOnCheckout(session, 'pay')).toBe(session.successUrl);

    const stored = (await getContract(contract.id))!;
    expect(stored).toMatchObject({
      status: 'PAID',
      payment: { sessionId: session.sessionId, paymentIntentId: session.paymentIntentId, amountCents: 25_000 },
    });
    expect(stored.history.at(-1)).toMatchObject({ kind: 'PAID', actorId: null, status: 'PAID' });
    expect(await held(contract.adId)).toEqual([expect.objectContaining({ contractId: contract.id, expiresAt: null })]);
    // Both parties' open pages at once; the receipts and the conversation's line come with the
    // contract-paid job, which the webhook scheduled for at once.
    const paidEvents = () =>
      publishedEvents()
        .filter((event) => event.mutation === 'publishContractEvent')
        .map((event) => event.result as ContractEvent)
        .filter((event) => event.contractId === contract.id && event.kind === 'PAID');
    expect(paidEvents()).toHaveLength(2);
    expect((await outbox.emailsTo(tenant.email)).filter((mail) => mail.subject?.startsWith('Receipt'))).toEqual([]);
    const job = (await listOneTimeSchedules()).find((schedule) => schedule.name === `paid-${contract.id}`)!;
    expect(job).toMatchObject({ job: 'contract-paid', at: now().toISOString(), payload: { contractId: contract.id } });
    await contractJobs({ job: job.job, scheduledAt: job.at, payload: job.payload });

    const [tenantReceipt] = await outbox.emailsTo(tenant.email);
    expect(tenantReceipt?.subject).toBe(`Receipt: contract no. ${contract.id} paid`);
    expect(plain(tenantReceipt?.text)).toContain('Total amount paid: $250.00');
    expect(tenantReceipt?.text).toContain('Owner: Cuisine partagée Hochelaga');
    expect(tenantReceipt?.html).toContain(contract.id);
    const [ownerReceipt] = await outbox.emailsTo(owner.email);
    expect(ownerReceipt?.subject).toBe(`Reçu : contrat n° ${contract.id} payé`);
    expect(plain(ownerReceipt?.text)).toContain('Part du propriétaire : 250,00 $');
    expect(plain(ownerReceipt?.text)).toContain('Ce contrat ne compte ni TPS ni TVQ');

    const contractEvents = paidEvents();
    expect(contractEvents.map((event) => event.userId).sort()).toEqual([owner.id, tenant.id].sort());
    expect(contractEvents[0]).toMatchObject({ status: 'PAID', version: 1 });
    const lines = publishedEvents()
      .filter((event) => event.mutation === 'publishChatEvent')
      .map((event) => (event.result as ChatEvent).message)
      .filter((message) => message?.contractStep?.contractId === contract.id && message.contractStep.kind === 'PAID');
    // In the tenant's name (who paid), once to each participant.
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((message) => message?.senderId === tenant.id)).toBe(true);
  });

  it('changes nothing on a replay, a duplicate of another id, or a late expiry of the paid session', async () => {
    const { contract, session } = await givenPaymentStarted();
    const completed = sessionEvent('checkout.session.completed', paid(session));
    expect(await deliver(completed)).toBe('handled');
    const after = (await getContract(contract.id))!;
    expect(await deliver(completed)).toBe('duplicate');
    expect(await deliver(sessionEvent('checkout.session.completed', paid(session)))).toBe('handled');
    expect(await deliver(sessionEvent('checkout.session.async_payment_succeeded', paid(session)))).toBe('handled');
    expect(await deliver(sessionEvent('checkout.session.expired', { ...session, status: 'expired' }))).toBe('handled');
    expect(await getContract(contract.id)).toEqual(after);
    expect(await held(contract.adId)).toEqual([expect.objectContaining({ contractId: contract.id, expiresAt: null })]);
    expect(await refundCall(session.sessionId)).toBeUndefined();
  });

  it('answers 2xx duplicate and changes nothing when a duplicate delivered at the same moment won the event before its write', async () => {
    const { contract, session } = await givenPaymentStarted();
    const completed = sessionEvent('checkout.session.completed', paid(session));
    let other: string | undefined;
    const outcome = await withStepBeforeTransaction(
      async () => (other = await deliver(completed)),
      () => deliver(completed),
    );
    expect([outcome, other]).toEqual(['duplicate', 'handled']);
    const stored = (await getContract(contract.id))!;
    expect(stored).toMatchObject({ status: 'PAID', payment: { sessionId: session.sessionId } });
    expect(stored.history.filter((step) => step.kind === 'PAID')).toHaveLength(1);
    expect(await held(contract.adId)).toEqual([expect.objectContaining({ contractId: contract.id, expiresAt: null })]);
    expect(await refundCall(session.sessionId)).toBeUndefined();
    // The refused delivery kept the winner's claim: a later replay is still a duplicate.
    expect(await eventHandled(completed)).toBe(true);
    expect(await deliver(completed)).toBe('duplicate');
  });

  it('answers 500 and gives the claim back when scheduling fails after PAID; the provider’s retry schedules the contract-paid job, whose run tells both parties once', async () => {
    const { contract, session } = await givenPaymentStarted();
    const completed = sessionEvent('checkout.session.completed', paid(session));
    const down = vi.spyOn(schedulerPort, 'scheduler').mockReturnValue({
      scheduleOnce: () => Promise.reject(new Error('EventBridge Scheduler is unavailable')),
      cancel: () => Promise.resolve(),
    });
    try {
      // An unexpected failure fails the invocation (the HTTP API answers 500), so that Stripe retries.
      await expect(post(completed)).rejects.toThrow('EventBridge Scheduler is unavailable');
    } finally {
      down.mockRestore();
    }
    expect((await getContract(contract.id))?.status).toBe('PAID');
    expect(await eventHandled(completed)).toBe(false);

    expect(await deliver(completed)).toBe('handled');
    // The retry finds the contract paid by this very session: the job that tells the parties is scheduled again.
    const job = (await listOneTimeSchedules()).find((schedule) => schedule.name === `paid-${contract.id}`);
    expect(job).toMatchObject({ job: 'contract-paid', payload: { contractId: contract.id } });
    expect(await contractJobs({ job: job!.job, scheduledAt: job!.at, payload: job!.payload })).toBe('TOLD');
    const receipts = (await outbox.emailsTo(tenant.email)).filter((mail) => mail.subject === `Receipt: contract no. ${contract.id} paid`);
    expect(receipts).toHaveLength(1);
    const payout = (await listOneTimeSchedules()).find((schedule) => schedule.name === `payout-${contract.id}`);
    expect(payout).toMatchObject({ job: 'contract-payout', payload: { contractId: contract.id } });
    expect(await refundCall(session.sessionId)).toBeUndefined();
  });

  it('leaves an unpaid completion (a delayed method) to its async event', async () => {
    const { contract, session } = await givenPaymentStarted();
    await deliver(sessionEvent('checkout.session.completed', { ...session, status: 'complete' }));
    expect((await getContract(contract.id))?.status).toBe('SUBMITTED');
    await deliver(sessionEvent('checkout.session.async_payment_succeeded', paid(session)));
    expect((await getContract(contract.id))?.status).toBe('PAID');
  });

  it('pays a contract whose hold lapsed while the dates are still free', async () => {
    const { contract, session } = await givenPaymentStarted();
    clock.advance(40 * 60_000);
    expect(await held(contract.adId)).toEqual([]);
    await deliver(sessionEvent('checkout.session.completed', paid(session)));
    expect((await getContract(contract.id))?.status).toBe('PAID');
  });

  it('refunds a payment for dates another contract holds now, and leaves the contract payable', async () => {
    const other = await givenUser();
    const { contract, session } = await givenPaymentStarted();
    clock.advance(40 * 60_000); // the first tenant's hold lapses, and another contract (a rival) takes the dates
    const rival = await givenContract(other, owner);
    const { startAt, endAt } = (await getContract(contract.id))!.content;
    await placeBookingHold(
      { adId: contract.adId, contractId: rival.id, startAt, endAt, expiresAt: null },
      { status: 'SUBMITTED', version: 1 },
      now().toISOString(),
    );

    await deliver(sessionEvent('checkout.session.completed', await paidAtProvider(session)));
    expect((await getContract(contract.id))?.status).toBe('SUBMITTED');
    expect(await refundCall(session.sessionId)).toBeDefined();
    // The tenant is told why the money comes back, in their language (English), with the amount.
    const [mail] = (await outbox.emailsTo(tenant.email)).filter((email) => email.subject?.startsWith('Payment refunded'));
    expect(mail?.subject).toBe('Payment refunded: these dates are no longer free');
    expect(mail?.text).toContain(`Contract no. ${contract.id}`);
    expect(plain(mail?.text)).toContain('Amount refunded: $250.00');
    expect(mail?.html).toContain('booked for another contract');
    // Delivered again (the provider retried), it is refunded once: the same idempotency key.
    await deliver(sessionEvent('checkout.session.completed', await paidAtProvider(session)));
    expect((await getContract(contract.id))?.status).toBe('SUBMITTED');
  });

  it('refunds a second payment of a contract already paid through another session', async () => {
    const { contract, session } = await givenPaymentStarted();
    await paySimulatedSession(session); // paid in another tab; its event comes late
    clock.advance(25 * 60_000); // a session with little time left is replaced rather than offered again
    const retried = await startPayment(contract.id);
    const second = (await getSimulatorRecord('SESSION', new URL(retried.url).searchParams.get('session')!))!;
    await deliver(sessionEvent('checkout.session.completed', await paidAtProvider(second)));
    // The first session had been paid in another tab before it was expired.
    await deliver(sessionEvent('checkout.session.completed', paid(session)));
    expect((await getContract(contract.id))?.payment?.sessionId).toBe(second.sessionId);
    expect(await refundCall(session.sessionId)).toBeDefined();
    expect(await refundCall(second.sessionId)).toBeUndefined();
  });
});

describe('a payment written without reading first, and when that write is refused', () => {
  it('takes one request: PAID, the dates kept, the event claimed and the contract-paid job scheduled together; a replay is refused by its claim in one request', async () => {
    const { contract, session } = await givenPaymentStarted();
    const completed = sessionEvent('checkout.session.completed', paid(session));
    expect(await requestsOf(() => deliver(completed))).toEqual({ result: 'handled', requests: ['TransactWriteItems'] });
    expect(await getContract(contract.id)).toMatchObject({ status: 'PAID', payment: { sessionId: session.sessionId } });
    expect(await held(contract.adId)).toEqual([expect.objectContaining({ contractId: contract.id, expiresAt: null })]);
    expect(await eventHandled(completed)).toBe(true);
    expect((await listOneTimeSchedules()).find((schedule) => schedule.name === `paid-${contract.id}`)).toMatchObject({
      job: 'contract-paid',
      payload: { contractId: contract.id },
    });
    expect(
      paidEventsOf(contract.id)
        .map((event) => event.userId)
        .sort(),
    ).toEqual([owner.id, tenant.id].sort());

    const after = await getContract(contract.id);
    expect(await requestsOf(() => deliver(completed))).toEqual({ result: 'duplicate', requests: ['TransactWriteItems'] });
    expect(await getContract(contract.id)).toEqual(after);
  });

  it('refunds a session that paid another amount than the version’s total, and leaves the contract payable with its hold', async () => {
    const { contract, session } = await givenPaymentStarted();
    await deliver(sessionEvent('checkout.session.completed', { ...(await paidAtProvider(session)), amountCents: 100 }));
    expect((await getContract(contract.id))?.status).toBe('SUBMITTED');
    expect(await refundCall(session.sessionId)).toBeDefined();
    // Still the attempt's hold, which lapses with the session, not one kept for good.
    expect(await held(contract.adId)).toEqual([expect.objectContaining({ contractId: contract.id, expiresAt: expect.any(String) })]);
  });

  it('refunds a session paid in another currency than CAD, and leaves the contract payable', async () => {
    const { contract, session } = await givenPaymentStarted();
    const event = JSON.parse(sessionEvent('checkout.session.completed', await paidAtProvider(session)));
    event.data.object.currency = 'usd';
    await deliver(JSON.stringify(event));
    expect((await getContract(contract.id))?.status).toBe('SUBMITTED');
    expect(await refundCall(session.sessionId)).toBeDefined();
  });

  it('refunds the payment of a version the owner replaced, when it arrives before the edit freed its hold', async () => {
    const { contract, session } = await givenPaymentStarted();
    const before = (await getContract(contract.id))!;
    // The edit is written; its hold is not freed yet (endOpenCheckout comes after).
    await replaceContract(before, { ...before, version: 2, content: { ...before.content, totalPriceCents: 30_000 } });
    await deliver(sessionEvent('checkout.session.completed', await paidAtProvider(session)));
    expect(await getContract(contract.id)).toMatchObject({ status: 'SUBMITTED', version: 2 });
    expect(await refundCall(session.sessionId)).toBeDefined();
  });

  it('refunds the payment of a contract cancelled before its hold was freed', async () => {
    const { contract, session } = await givenPaymentStarted();
    const before = (await getContract(contract.id))!;
    await replaceContract(before, { ...before, status: 'CANCELLED' });
    await deliver(sessionEvent('checkout.session.completed', await paidAtProvider(session)));
    expect((await getContract(contract.id))?.status).toBe('CANCELLED');
    expect(await refundCall(session.sessionId)).toBeDefined();
  });

  it('pays from the contract it reads when the session names other parties, and tells the contract’s own', async () => {
    const { contract, session } = await givenPaymentStarted();
    const stranger = await givenUser();
    await deliver(sessionEvent('checkout.session.completed', paid({ ...session, tenantId: stranger.id })));
    expect((await getContract(contract.id))?.status).toBe('PAID');
    expect(
      paidEventsOf(contract.id)
        .map((event) => event.userId)
        .sort(),
    ).toEqual([owner.id, tenant.id].sort());
  });

  it('reads first, then pays, a session opened before its metadata named the parties', async () => {
    const { contract, session } = await givenPaymentStarted();
    const { requests } = await requestsOf(() =>
      deliver(sessionEvent('checkout.session.completed', paid({ ...session, ownerId: undefined, tenantId: undefined }))),
    );
    expect(requests[0]).toBe('BatchGetItem');
    expect((await getContract(contract.id))?.status).toBe('PAID');
    expect(paidEventsOf(contract.id)).toHaveLength(2);
  });

  it('leaves a lapsed hold to the read path, which holds the dates again while they are free', async () => {
    const { contract, session } = await givenPaymentStarted();
    clock.advance(40 * 60_000);
    const { requests } = await requestsOf(() => deliver(sessionEvent('checkout.session.completed', paid(session))));
    // The one-request write was refused by the lapsed hold; the handling read, then wrote.
    expect(requests.slice(0, 3)).toEqual(['TransactWriteItems', 'BatchGetItem', 'TransactWriteItems']);
    expect((await getContract(contract.id))?.status).toBe('PAID');
    expect(await held(contract.adId)).toEqual([expect.objectContaining({ contractId: contract.id, expiresAt: null })]);
  });

  it('pays after an expiry delivered first freed the dates, if they are still free', async () => {
    const { contract, session } = await givenPaymentStarted();
    await deliver(sessionEvent('checkout.session.expired', { ...session, status: 'expired' }));
    expect(await held(contract.adId)).toEqual([]);
    await deliver(sessionEvent('checkout.session.completed', paid(session)));
    expect((await getContract(contract.id))?.status).toBe('PAID');
    expect(await held(contract.adId)).toEqual([expect.objectContaining({ contractId: contract.id, expiresAt: null })]);
  });
});

describe('20 payments completing at once for overlapping dates of one ad', () => {
  it('make exactly one contract PAID; the others are refunded and stay payable', async () => {
    const ad = await givenAd(
      owner,
      { availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] } },
      { published: true },
    );
    const tenants = await Promise.all(Array.from({ length: 20 }, () => givenUser()));
    const day = (offset: number) => new Date(now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const contracts = [];
    for (const [index, each] of tenants.entries()) {
      const conversation = await createConversation(asUser(each), { adId: ad.id, message: firstMessage() });
      const period = { precision: 'DAY' as const, start: day(10 + (index % 3)), end: day(13) };
      contracts.push(await proposeContract(asUser(owner), contractInput({ conversationId: conversation.id, period })));
    }
    // Sessions opened for every one (as if each tenant's hold had lapsed before the next took the dates).
    const provider = await paymentProvider();
    const sessions = await Promise.all(
      contracts.map(async (contract, index) => {
        const { sessionId } = await provider.createCheckoutSession({
          contractId: contract.id,
          contractVersion: 1,
          adId: ad.id,
          ownerId: owner.id,
          tenantId: tenants[index]!.id,
          amountCents: 25_000,
          description: 'Cuisine',
          successUrl: 'http://partage.test/paiement/succes',
          cancelUrl: 'http://partage.test/paiement/annule',
          expiresAt: new Date(now().getTime() + 31 * 60_000),
          language: 'fr',
          idempotencyKey: `race-${contract.id}`,
        });
        return (await getSimulatorRecord('SESSION', sessionId))!;
      }),
    );
    await Promise.all(sessions.map(async (session) => deliver(sessionEvent('checkout.session.completed', await paidAtProvider(session)))));

    const statuses = await Promise.all(contracts.map(async (contract) => (await getContract(contract.id))!.status));
    expect(statuses.filter((status) => status === 'PAID')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'SUBMITTED')).toHaveLength(19);
    const refunds = await Promise.all(sessions.map((session) => refundCall(session.sessionId)));
    expect(refunds.filter(Boolean)).toHaveLength(19);
    expect(await held(ad.id)).toEqual([expect.objectContaining({ contractId: contracts[statuses.indexOf('PAID')]!.id, expiresAt: null })]);
  });
});

describe('a session that ends unpaid', () => {
  it("frees the dates when it is the contract's current session; the contract stays payable", async () => {
    const { contract, session } = await givenPaymentStarted();
    expect(await actOnCheckout(session, 'expire')).toBe(session.cancelUrl);
    expect(await held(contract.adId)).toEqual([]);
    expect((await getContract(contract.id))?.status).toBe('SUBMITTED');
    const again = await call('Mutation.acceptAndPayContract', { input: { contractId: contract.id, expectedVersion: 1 } }, asUser(tenant));
    expect(errorCodeOf(again)).toBeUndefined();
    expect(await held(contract.adId)).toHaveLength(1);
  });

  it('frees the dates in one request, claim included; a replay is refused by its claim', async () => {
    const { contract, session } = await givenPaymentStarted();
    const expired = sessionEvent('checkout.session.expired', { ...session, status: 'expired' });
    expect(await requestsOf(() => deliver(expired))).toEqual({ result: 'handled', requests: ['TransactWriteItems'] });
    expect(await held(contract.adId)).toEqual([]);
    expect(await requestsOf(() => deliver(expired))).toEqual({ result: 'duplicate', requests: ['TransactWriteItems'] });
  });

  it("leaves the dates of a retry's new session when the replaced session's expiry arrives", async () => {
    const { contract, session } = await givenPaymentStarted();
    clock.advance(25 * 60_000); // a session with little time left is replaced rather than offered again
    const retried = await startPayment(contract.id);
    const holds = await held(contract.adId);
    expect(holds).toEqual([expect.objectContaining({ contractId: contract.id, expiresAt: retried.expiresAt })]);
    await deliver(sessionEvent('checkout.session.expired', { ...session, status: 'expired' }));
    expect(await held(contract.adId)).toEqual(holds);
  });

  it('frees the dates once when a duplicate of the expiry won the event before its write', async () => {
    const { contract, session } = await givenPaymentStarted();
    const expired = sessionEvent('checkout.session.expired', { ...session, status: 'expired' });
    let other: string | undefined;
    const outcome = await withStepBeforeTransaction(
      async () => (other = await deliver(expired)),
      () => deliver(expired),
    );
    expect([outcome, other]).toEqual(['duplicate', 'handled']);
    expect(await held(contract.adId)).toEqual([]);
    expect((await getContract(contract.id))?.status).toBe('SUBMITTED');
    expect(await eventHandled(expired)).toBe(true);
  });

  it('frees the dates on a failed delayed payment', async () => {
    const { contract, session } = await givenPaymentStarted();
    await updateSimulatorRecord('SESSION', session.sessionId, { status: 'complete' }, OPEN_SESSION);
    await deliver(sessionEvent('checkout.session.async_payment_failed', { ...session, status: 'complete', paymentStatus: 'unpaid' }));
    expect(await held(contract.adId)).toEqual([]);
  });
});

describe('a change while the tenant pays', () => {
  const edit = (contractId: string, expectedVersion: number, totalPriceCents: number) =>
    call(
      'Mutation.updateContract',
      {
        input: {
          contractId,
          expectedVersion,
          period: contractInput({ conversationId: '' }).period,
          totalPriceCents,
          terms: '<p>Remise des clés à 8 h ; nettoyage inclus.</p>',
          files: [],
          disclaimerAccepted: true,
        },
      },
      asUser(owner),
    );

  it("an owner's edit expires the open session of the version the tenant saw and frees its dates; the new version is paid by a new attempt", async () => {
    const { contract, session } = await givenPaymentStarted();
    expect(await held(contract.adId)).toHaveLength(1);
    expect(await edit(contract.id, 1, 30_000)).toMatchObject({ version: 2 });
    expect((await getSimulatorRecord('SESSION', session.sessionId))?.status).toBe('expired');
    expect(await held(contract.adId)).toEqual([]);
    // Its page said "pay" for version 1 still: that session is gone, and paying it is refused there.
    expect(await actOnCheckout((await getSimulatorRecord('SESSION', session.sessionId))!, 'pay')).toBe(session.cancelUrl);
    expect((await getContract(contract.id))?.status).toBe('SUBMITTED');
    const retried = (await call(
      'Mutation.acceptAndPayContract',
      { input: { contractId: contract.id, expectedVersion: 2 } },
      asUser(tenant),
    )) as ContractCheckout;
    const fresh = (await getSimulatorRecord('SESSION', new URL(retried.url).searchParams.get('session')!))!;
    expect(fresh).toMatchObject({ status: 'open', contractVersion: 2, amountCents: 30_000 });
  });

  it('a cancellation expires the open session too', async () => {
    const { contract, session } = await givenPaymentStarted();
    await call('Mutation.cancelContract', { input: { contractId: contract.id, expectedVersion: 1 } }, asUser(tenant));
    expect((await getSimulatorRecord('SESSION', session.sessionId))?.status).toBe('expired');
    expect(await held(contract.adId)).toEqual([]);
  });
});
