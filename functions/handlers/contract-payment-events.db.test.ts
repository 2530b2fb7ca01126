// The Checkout events of a contract through POST /webhooks/stripe on DynamoDB Local, sent by the payment
// simulator or signed here as Stripe signs them: a payment makes the contract PAID (and nothing else
// does), a replay or a late event changes nothing, a session that ends unpaid frees the dates only if
// it is the contract's current one, and a payment for dates lost meanwhile is refunded.

import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatEvent, ContractCheckout, ContractEvent } from '@partage/graphql';
import { OPEN_SESSION, actOnCheckout, sessionObject } from '../adapters/payment-simulator';
import { bookedPeriods, getContract, placeBookingHold } from '../data/contracts';
import { getSimulatorRecord, updateSimulatorRecord, type SimulatedSession } from '../data/payment-simulator';
import type { UserRecord } from '../data/users';
import { epochSeconds, manualClock, now, useClock } from '../domain/clock';
import {
  asUser,
  errorCodeOf,
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

/** A SUBMITTED contract of `owner`'s to `payer` and the session `payer` opened for it. */
async function givenPaymentStarted(payer = tenant, period?: { start: string; end: string }) {
  const contract = await givenContract(payer, owner, period ? { period: { precision: 'DAY', ...period } } : {});
  const checkout = (await call(
    'Mutation.acceptAndPayContract',
    { input: { contractId: contract.id, expectedVersion: 1 } },
    asUser(payer),
  )) as ContractCheckout;
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
async function deliver(payload: string) {
  const event = httpEvent('POST', '/webhooks/stripe', payload);
  event.headers = {
    'content-type': 'application/json',
    'stripe-signature': Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: TEST_PAYMENT_WEBHOOK_SECRET,
      timestamp: epochSeconds(),
    }),
  };
  const response = await webhookHandler(event);
  expect(response.statusCode).toBe(200);
  return (JSON.parse(response.body!) as { outcome: string }).outcome;
}
const paid = (session: SimulatedSession): SimulatedSession => ({ ...session, status: 'complete', paymentStatus: 'paid' });
const refundCall = (sessionId: string) => getSimulatorRecord('CALL', `refund-session-${sessionId}`);
/** The text with its no-break spaces as spaces and the one-dot leaders (that keep mail clients from making links) as dots. */
const plain = (text = '') => text.replace(/\s/g, ' ').replace(/\u2024/g, '.');
const held = (adId: string) => bookedPeriods(adId, now().toISOString());

describe('checkout.session.completed', () => {
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

    const [tenantReceipt] = await outbox.emailsTo(tenant.email);
    expect(tenantReceipt?.subject).toBe(`Receipt: contract no. ${contract.id} paid`);
    expect(plain(tenantReceipt?.text)).toContain('Total amount paid: 250.00 $ CA');
    expect(tenantReceipt?.text).toContain('Owner: Cuisine partagée Hochelaga');
    expect(tenantReceipt?.html).toContain(contract.id);
    const [ownerReceipt] = await outbox.emailsTo(owner.email);
    expect(ownerReceipt?.subject).toBe(`Reçu : contrat n° ${contract.id} payé`);
    expect(plain(ownerReceipt?.text)).toContain('Part du propriétaire : 250,00 $ CA');

    const events = publishedEvents();
    const contractEvents = events
      .filter((event) => event.mutation === 'publishContractEvent')
      .map((event) => event.result as ContractEvent)
      .filter((event) => event.contractId === contract.id && event.kind === 'PAID');
    expect(contractEvents.map((event) => event.userId).sort()).toEqual([owner.id, tenant.id].sort());
    expect(contractEvents[0]).toMatchObject({ status: 'PAID', version: 1 });
    const lines = events
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

    await deliver(sessionEvent('checkout.session.completed', paid(session)));
    expect((await getContract(contract.id))?.status).toBe('SUBMITTED');
    expect(await refundCall(session.sessionId)).toBeDefined();
    // Delivered again (the provider retried), it is refunded once: the same idempotency key.
    await deliver(sessionEvent('checkout.session.completed', paid(session)));
    expect((await getContract(contract.id))?.status).toBe('SUBMITTED');
  });

  it('refunds a second payment of a contract already paid through another session', async () => {
    const { contract, session } = await givenPaymentStarted();
    const retried = (await call(
      'Mutation.acceptAndPayContract',
      { input: { contractId: contract.id, expectedVersion: 1 } },
      asUser(tenant),
    )) as ContractCheckout;
    const second = (await getSimulatorRecord('SESSION', new URL(retried.url).searchParams.get('session')!))!;
    await deliver(sessionEvent('checkout.session.completed', paid(second)));
    // The first session had been paid in another tab before it was expired.
    await deliver(sessionEvent('checkout.session.completed', paid(session)));
    expect((await getContract(contract.id))?.payment?.sessionId).toBe(second.sessionId);
    expect(await refundCall(session.sessionId)).toBeDefined();
    expect(await refundCall(second.sessionId)).toBeUndefined();
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

  it('frees the dates on a failed delayed payment', async () => {
    const { contract, session } = await givenPaymentStarted();
    await updateSimulatorRecord('SESSION', session.sessionId, { status: 'complete' }, OPEN_SESSION);
    await deliver(sessionEvent('checkout.session.async_payment_failed', { ...session, status: 'complete', paymentStatus: 'unpaid' }));
    expect(await held(contract.adId)).toEqual([]);
  });
});
