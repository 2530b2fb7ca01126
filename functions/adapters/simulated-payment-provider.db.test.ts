// The local payment simulator behind the port, on DynamoDB Local: it answers as Stripe does where the
// app depends on it (the same idempotency key gets the first answer, or the first refusal; a transfer
// needs an account that can be paid, only an open session expires; a refund or a reversal takes no more
// than what is left, a refund none of a charge under a chargeback), and its money events come in
// Stripe's shape once the call has answered, so code written against it behaves the same on Stripe.
// The events are captured through the `deliver` hook and read back through the port's verifyWebhook.

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getSimulatorRecord,
  heldSimulatorEvents,
  simulatedCharges,
  simulatedTransfers,
  updateSimulatorRecord,
} from '../data/payment-simulator';
import { manualClock, useClock } from '../domain/clock';
import { TEST_PAYMENT_WEBHOOK_SECRET, useTestEnvironment } from '../testing/fixtures';
import { PaymentProviderError } from './payment-errors';
import {
  actOnCharge,
  actOnCheckout,
  deliverHeldEvents,
  restrictSimulatedAccount,
  seedCompletedSimulatorAccount,
  simulatorEventsDelivered,
  type SimulatorEventDelivery,
} from './payment-simulator';
import type { PaymentEvent } from './payment-provider';
import { simulatedPaymentProvider } from './simulated-payment-provider';

beforeAll(async () => {
  await useTestEnvironment();
});

/** The events the simulator delivered, as the webhook reads them (verified, money decoded). */
const events: PaymentEvent[] = [];
const capture: SimulatorEventDelivery = async (payload, signature) => {
  events.push(provider().verifyWebhook(payload, signature));
};
beforeEach(() => {
  events.length = 0;
});
afterEach(() => simulatorEventsDelivered());

const provider = () => simulatedPaymentProvider({ webhookSecret: TEST_PAYMENT_WEBHOOK_SECRET, deliver: capture });
const checkout = (idempotencyKey: string, amountCents = 10_000, contractId = 'c1') =>
  provider().createCheckoutSession({
    contractId,
    contractVersion: 2,
    adId: 'a1',
    ownerId: 'u-owner',
    tenantId: 'u-tenant',
    amountCents,
    description: 'Camion réfrigéré',
    successUrl: 'http://partage.test/paiement/succes',
    cancelUrl: 'http://partage.test/paiement/annule',
    expiresAt: new Date('2030-01-01T00:30:00Z'),
    language: 'fr',
    idempotencyKey,
  });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the payment simulator', () => {
  it('creates one account per user id, and reads it back', async () => {
    const first = await provider().createConnectedAccount({ userId: 'sim-u1', email: 'a@exemple.ca' });
    expect(await provider().createConnectedAccount({ userId: 'sim-u1', email: 'a@exemple.ca' })).toEqual(first);
    expect(await provider().retrieveAccount(first.accountId)).toEqual({ ...first, detailsSubmitted: false });
    expect(await failure(provider().retrieveAccount('acct_unknown'))).toMatchObject({ kind: 'invalidRequest', statusCode: 404 });
  });

  it('answers the same Checkout Session to the same key, a new one to another key', async () => {
    const first = await checkout('sim-key-1');
    expect(await checkout('sim-key-1')).toEqual(first);
    expect(first.expiresAt).toEqual(new Date('2030-01-01T00:30:00Z'));
    expect((await checkout('sim-key-2')).sessionId).not.toBe(first.sessionId);
    expect(await getSimulatorRecord('SESSION', first.sessionId)).toMatchObject({
      amountCents: 10_000,
      contractVersion: 2,
      adId: 'a1',
      status: 'open',
    });
  });

  it('refuses an amount that is not whole cents of at least 50', async () => {
    for (const amount of [49, 100.5])
      expect(await failure(checkout(`sim-amount-${amount}`, amount))).toMatchObject({ kind: 'invalidRequest' });
  });

  it('transfers once per key, and only to an account that can be paid', async () => {
    const { accountId } = await provider().createConnectedAccount({ userId: 'sim-u2', email: 'b@exemple.ca' });
    const transfer = {
      amountCents: 9_000,
      destination: accountId,
      sourceTransaction: 'ch_1',
      transferGroup: 'c1',
      idempotencyKey: 'payout-c1',
    };
    expect(await failure(provider().createTransfer(transfer))).toBeInstanceOf(PaymentProviderError);
    await updateSimulatorRecord('ACCOUNT', accountId, { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    const retried = { ...transfer, idempotencyKey: 'payout-c1-retry' };
    const [one, two] = await Promise.all([provider().createTransfer(retried), provider().createTransfer(retried)].map(failure));
    // Two calls at once with one key: one transfer, the other refused as in flight (Stripe's 409), never two.
    for (const answer of [one, two])
      if (answer instanceof Error) expect(answer).toMatchObject({ kind: 'api', statusCode: 409, retryable: true });
    expect(await provider().createTransfer(retried)).toEqual({ transferId: expect.stringMatching(/^tr_/) });
    expect(await simulatedTransfers(accountId)).toHaveLength(1);
  });

  it('expires an open session only, and gives a dashboard link once onboarding is done', async () => {
    const { accountId } = await provider().createConnectedAccount({ userId: 'sim-u3', email: 'c@exemple.ca' });
    expect(await failure(provider().createDashboardLink(accountId))).toMatchObject({ kind: 'invalidRequest' });
    const { sessionId } = await checkout('sim-key-expire');
    await updateSimulatorRecord('SESSION', sessionId, { status: 'complete', paymentStatus: 'paid' });
    await provider().expireCheckoutSession(sessionId, 'sim-expire-1');
    expect((await getSimulatorRecord('SESSION', sessionId))?.status).toBe('complete');
  });
});

/** A contract paid through the simulator's checkout page: its session, payment intent and charge. */
async function paid(contractId: string, amountCents = 10_000) {
  const { sessionId } = await checkout(`checkout-${contractId}`, amountCents, contractId);
  const session = (await getSimulatorRecord('SESSION', sessionId))!;
  await actOnCheckout(session, 'pay', capture);
  events.length = 0;
  return { sessionId, paymentIntentId: session.paymentIntentId, chargeId: await provider().checkoutCharge(sessionId) };
}

const refund = (paymentIntentId: string, key: string, amountCents?: number) =>
  provider().createRefund({ paymentIntentId, amountCents, contractId: 'c-refund', idempotencyKey: key });

describe('the payment simulator: charges and refunds', () => {
  it("makes a charge of the contract's payment when the session is paid, and lists it", async () => {
    const { chargeId, paymentIntentId, sessionId } = await paid('c-charge', 12_000);
    expect(await getSimulatorRecord('CHARGE', chargeId)).toMatchObject({
      paymentIntentId,
      sessionId,
      transferGroup: 'c-charge',
      amountCents: 12_000,
      amountRefundedCents: 0,
    });
    expect(await provider().chargeTransferGroup(chargeId)).toBe('c-charge');
    expect((await simulatedCharges())[0]).toMatchObject({ chargeId });
    expect(await failure(provider().chargeTransferGroup('ch_unknown'))).toMatchObject({ kind: 'invalidRequest', statusCode: 404 });
  });

  it('refunds up to what is left, naming the contract, and sends its events only once the call has answered', async () => {
    const { chargeId, paymentIntentId } = await paid('c-refund');
    const answer = await refund(paymentIntentId, 'refund-1', 2_500);
    expect(answer).toEqual({ refundId: expect.stringMatching(/^re_sim/), state: 'SUCCEEDED' });
    expect(events).toEqual([]);
    await simulatorEventsDelivered();
    expect(events.map((event) => [event.type, event.money])).toEqual([
      [
        'refund.created',
        {
          kind: 'REFUND',
          chargeId,
          paymentIntentId,
          refund: { refundId: answer.refundId, amountCents: 2_500, state: 'SUCCEEDED', contractId: 'c-refund' },
        },
      ],
      [
        'charge.refunded',
        {
          kind: 'CHARGE_REFUNDED',
          chargeId,
          paymentIntentId,
          transferGroup: 'c-refund',
          amountCents: 10_000,
          amountRefundedCents: 2_500,
          refunds: [],
        },
      ],
    ]);

    // A replay answers the same and makes no refund nor event.
    expect(await refund(paymentIntentId, 'refund-1', 2_500)).toEqual(answer);
    await simulatorEventsDelivered();
    expect(events).toHaveLength(2);

    const tooMuch = await failure(refund(paymentIntentId, 'refund-2', 7_501));
    expect(tooMuch).toMatchObject({ kind: 'invalidRequest', statusCode: 400, providerCode: 'amount_too_large', retryable: false });
    // Its key answers the same refusal again, as Stripe's does.
    expect(await failure(refund(paymentIntentId, 'refund-2', 7_501))).toMatchObject({ providerCode: 'amount_too_large' });

    await refund(paymentIntentId, 'refund-3');
    expect(await failure(refund(paymentIntentId, 'refund-4', 1))).toMatchObject({ providerCode: 'charge_already_refunded' });
    await simulatorEventsDelivered();
    expect(events.at(-1)?.money).toMatchObject({ kind: 'CHARGE_REFUNDED', amountRefundedCents: 10_000 });
    expect(await getSimulatorRecord('CHARGE', chargeId)).toMatchObject({ amountRefundedCents: 10_000 });
    expect(await failure(refund('pi_unknown', 'refund-5'))).toMatchObject({ kind: 'invalidRequest', providerCode: 'resource_missing' });
  });

  it('refunds two at once no further than the charge: one goes, the other is refused or told to retry', async () => {
    const { chargeId, paymentIntentId } = await paid('c-race');
    const answers = await Promise.all([refund(paymentIntentId, 'race-1', 6_000), refund(paymentIntentId, 'race-2', 6_000)].map(failure));
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(1);
    expect(answers.find((answer) => answer !== undefined)).toBeInstanceOf(PaymentProviderError);
    expect(await getSimulatorRecord('CHARGE', chargeId)).toMatchObject({ amountRefundedCents: 6_000 });
  });

  it('logs an event the app did not take, and still answers the call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { paymentIntentId } = await paid('c-webhook-down');
    const down = simulatedPaymentProvider({
      webhookSecret: TEST_PAYMENT_WEBHOOK_SECRET,
      deliver: () => Promise.reject(new Error('The webhook answered 500')),
    });
    try {
      expect(await down.createRefund({ paymentIntentId, contractId: 'c', idempotencyKey: 'refund-down' })).toMatchObject({
        state: 'SUCCEEDED',
      });
      await simulatorEventsDelivered();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('refund.created, charge.refunded'), expect.any(Error));
    } finally {
      warn.mockRestore();
    }
  });
});

describe("the payment simulator: the dashboard's actions on a charge", () => {
  it('opens a dispute (funds withdrawn, evidence due in 7 days) that refuses refunds until it is won', async () => {
    const { chargeId, paymentIntentId } = await paid('c-dispute');
    const restore = useClock(manualClock('2030-03-01T12:00:00Z'));
    try {
      await actOnCharge(chargeId, 'dispute', { deliver: capture });
    } finally {
      restore();
    }
    expect(events.map((event) => event.type)).toEqual(['charge.dispute.created', 'charge.dispute.funds_withdrawn']);
    expect(events[0]!.money).toEqual({
      kind: 'DISPUTE',
      disputeId: expect.stringMatching(/^dp_sim/),
      chargeId,
      paymentIntentId,
      amountCents: 10_000,
      state: 'OPEN',
      providerStatus: 'needs_response',
      reason: 'fraudulent',
      evidenceDueBy: '2030-03-08T12:00:00.000Z',
      phase: 'created',
    });
    expect(events[1]!.money).toMatchObject({ state: 'OPEN', phase: 'funds_withdrawn' });

    expect(await failure(refund(paymentIntentId, 'refund-disputed'))).toMatchObject({ providerCode: 'charge_disputed' });
    expect(await failure(actOnCharge(chargeId, 'dispute', { deliver: capture }))).toMatchObject({ providerCode: 'charge_disputed' });

    events.length = 0;
    await actOnCharge(chargeId, 'disputeWon', { deliver: capture });
    expect(events.map((event) => [event.type, event.money])).toEqual([
      ['charge.dispute.closed', expect.objectContaining({ state: 'WON', evidenceDueBy: null, phase: 'closed' })],
      ['charge.dispute.funds_reinstated', expect.objectContaining({ state: 'WON', phase: 'funds_reinstated' })],
    ]);
    expect(await failure(actOnCharge(chargeId, 'disputeLost', { deliver: capture }))).toBeInstanceOf(PaymentProviderError);
    expect(await refund(paymentIntentId, 'refund-after-won')).toMatchObject({ state: 'SUCCEEDED' });
  });

  it('loses a dispute, after which the charge cannot be refunded', async () => {
    const { chargeId, paymentIntentId } = await paid('c-lost');
    await actOnCharge(chargeId, 'dispute', { deliver: capture });
    events.length = 0;
    await actOnCharge(chargeId, 'disputeLost', { deliver: capture });
    expect(events.map((event) => [event.type, event.money])).toEqual([
      ['charge.dispute.closed', expect.objectContaining({ state: 'LOST', providerStatus: 'lost' })],
    ]);
    expect(await failure(refund(paymentIntentId, 'refund-lost'))).toMatchObject({ providerCode: 'charge_disputed' });
  });

  it('refunds from the dashboard with no contract named, and sends an early fraud warning', async () => {
    const { chargeId } = await paid('c-dashboard');
    await actOnCharge(chargeId, 'refund', { amountCents: 1_000, deliver: capture });
    expect(events[0]!.money).toMatchObject({ kind: 'REFUND', refund: { amountCents: 1_000, contractId: null } });
    expect(await failure(actOnCharge(chargeId, 'refund', { amountCents: 9_001, deliver: capture }))).toMatchObject({
      providerCode: 'amount_too_large',
    });
    events.length = 0;
    await actOnCharge(chargeId, 'fraudWarning', { deliver: capture });
    expect(events.map((event) => event.money)).toEqual([
      {
        kind: 'FRAUD_WARNING',
        warningId: expect.stringMatching(/^issfr_/),
        chargeId,
        paymentIntentId: expect.any(String),
        fraudType: 'made_with_stolen_card',
        actionable: true,
      },
    ]);
    expect(await failure(actOnCharge('ch_unknown', 'dispute'))).toMatchObject({ statusCode: 404 });
  });

  it('holds the payment event of a session paid "late" until the charges page delivers it', async () => {
    const { sessionId } = await checkout('checkout-late', 10_000, 'c-late');
    const session = (await getSimulatorRecord('SESSION', sessionId))!;
    expect(await actOnCheckout(session, 'payLate', capture)).toBe(session.successUrl);
    expect(events).toEqual([]);
    expect(await getSimulatorRecord('SESSION', sessionId)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    expect(await provider().checkoutCharge(sessionId)).toBe(session.chargeId);
    expect(await heldSimulatorEvents()).toHaveLength(2);

    expect(await deliverHeldEvents(capture)).toBe(2);
    expect(events.map((event) => event.type).sort()).toEqual(['charge.succeeded', 'checkout.session.completed']);
    expect(events.find((event) => event.type === 'checkout.session.completed')).toMatchObject({
      session: { sessionId, paid: true },
      money: null,
    });
    expect(await deliverHeldEvents(capture)).toBe(0);
  });

  it('keeps an event held when its delivery fails, to try again', async () => {
    const { sessionId } = await checkout('checkout-late-2', 10_000, 'c-late-2');
    await actOnCheckout((await getSimulatorRecord('SESSION', sessionId))!, 'payLate', capture);
    await expect(deliverHeldEvents(() => Promise.reject(new Error('The webhook answered 500')))).rejects.toThrow(/500/);
    expect(await deliverHeldEvents(capture)).toBe(2);
  });
});

describe('the payment simulator: transfers and their reversals', () => {
  const owner = { accountId: 'acct_simreversal', userId: 'u-reversal', email: 'r@exemple.ca' };
  const transfer = (contractId: string, key: string) =>
    provider().createTransfer({
      amountCents: 9_000,
      destination: owner.accountId,
      sourceTransaction: 'ch_1',
      transferGroup: contractId,
      idempotencyKey: key,
    });
  const reverse = (transferId: string, key: string, amountCents?: number) =>
    provider().reverseTransfer({ transferId, amountCents, contractId: 'c-reverse', idempotencyKey: key });

  beforeAll(() => seedCompletedSimulatorAccount(owner));

  it("finds a contract's transfer by its group, and none for a group with none", async () => {
    const { transferId } = await transfer('c-find', 'payout-find');
    expect(await provider().findTransfer('c-find')).toEqual({
      transferId,
      amountCents: 9_000,
      amountReversedCents: 0,
      destination: owner.accountId,
    });
    expect(await provider().findTransfer('c-none')).toBeNull();
  });

  it('reverses up to what is left, once per key, with transfer.reversed once the call has answered', async () => {
    const { transferId } = await transfer('c-reverse', 'payout-reverse');
    expect(await reverse(transferId, 'reverse-1', 4_000)).toEqual({ reversalId: expect.stringMatching(/^trr_/), amountCents: 4_000 });
    expect(events).toEqual([]);
    await simulatorEventsDelivered();
    expect(events.map((event) => [event.type, event.money])).toEqual([
      [
        'transfer.reversed',
        { kind: 'TRANSFER_REVERSED', transferId, transferGroup: 'c-reverse', amountCents: 9_000, amountReversedCents: 4_000 },
      ],
    ]);
    await reverse(transferId, 'reverse-1', 4_000);
    expect(await failure(reverse(transferId, 'reverse-2', 5_001))).toMatchObject({
      kind: 'invalidRequest',
      providerCode: 'amount_too_large',
    });
    expect(await reverse(transferId, 'reverse-3')).toMatchObject({ amountCents: 5_000 });
    expect(await provider().findTransfer('c-reverse')).toMatchObject({ transferId, amountReversedCents: 9_000 });
    expect((await simulatedTransfers(owner.accountId)).find((made) => made.transferId === transferId)).toMatchObject({
      amountReversedCents: 9_000,
    });
    expect(await failure(reverse(transferId, 'reverse-4'))).toMatchObject({ providerCode: 'amount_too_large' });
    expect(await failure(reverse('tr_unknown', 'reverse-5'))).toMatchObject({ statusCode: 404, providerCode: 'resource_missing' });
  });

  it('finds, of a group, the newest transfer still holding money', async () => {
    const { transferId: reversed } = await transfer('c-two', 'payout-two-1');
    const { transferId: kept } = await transfer('c-two', 'payout-two-2');
    await reverse(kept, 'reverse-two');
    expect(await provider().findTransfer('c-two')).toMatchObject({ transferId: reversed, amountReversedCents: 0 });
  });

  it('restricts an account from its dashboard: account.updated with payouts disabled, once', async () => {
    const restricted = { accountId: 'acct_simrestricted', userId: 'u-restricted', email: 'x@exemple.ca' };
    await seedCompletedSimulatorAccount(restricted);
    await restrictSimulatedAccount((await getSimulatorRecord('ACCOUNT', restricted.accountId))!, capture);
    await restrictSimulatedAccount((await getSimulatorRecord('ACCOUNT', restricted.accountId))!, capture);
    expect(events).toMatchObject([
      {
        type: 'account.updated',
        account: { accountId: restricted.accountId, userId: restricted.userId, payoutsEnabled: false, chargesEnabled: true },
      },
    ]);
    expect(await provider().retrieveAccount(restricted.accountId)).toMatchObject({ payoutsEnabled: false });
  });
});
