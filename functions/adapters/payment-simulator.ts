// What a person does on the local payment simulator's pages (infra/local/dev-payments.ts), the money
// movements the simulated provider and its dashboard share (refunds, disputes), and the webhook events
// that follow: built in Stripe's shape, signed with the local webhook secret by the `stripe` package's
// own helper (the same header Stripe sends), and posted to the app's webhook route, so the app learns of
// them exactly as it learns of Stripe's. The events of a call the app made come once it has answered
// (deliverAfterAnswer), as Stripe's come asynchronously.

import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  getSimulatorRecord,
  heldSimulatorEvents,
  holdSimulatorEvent,
  putSimulatedCharge,
  putSimulatorRecord,
  releaseHeldSimulatorEvent,
  simulatedTransfers,
  updateSimulatorRecord,
  type SimulatedAccount,
  type SimulatedCharge,
  type SimulatedDispute,
  type SimulatedLink,
  type SimulatedRefund,
  type SimulatedSession,
  type SimulatedTransfer,
} from '../data/payment-simulator';
import { epochSeconds, now } from '../domain/clock';
import { publicUrl, requireEnv } from './env';
import { PaymentProviderError } from './payment-errors';

/** The simulator's pages, served by the local host. */
export const SIMULATOR_PATHS = {
  onboarding: '/_dev/payments/onboarding',
  dashboard: '/_dev/payments/dashboard',
  checkout: '/_dev/payments/checkout',
  charges: '/_dev/payments/charges',
} as const;

/** Stripe gives 7 to 21 days to answer a chargeback; the simulator's disputes take the shortest. */
const EVIDENCE_SECONDS = 7 * 24 * 3600;

/** An id shaped like Stripe's (`acct_…`), ordered by creation so listings read newest first. */
export const simulatorId = (prefix: string) =>
  `${prefix}_sim${now().getTime().toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;

/** The condition of a change that only an open session may take. */
export const OPEN_SESSION = { expression: '#status = :open', names: { '#status': 'status' }, values: { ':open': 'open' } };

/** The app's webhook route (HTTP_ROUTES in handlers/catalog.ts). */
export const WEBHOOK_PATH = '/webhooks/stripe';

/**
 * A fingerprint as Stripe gives one: the same card (or bank account) number, the same fingerprint,
 * whichever account uses it. So two accounts paying with one test card number share it.
 */
const simulatedFingerprint = (number: string) => createHash('sha256').update(number.replace(/[\s-]/g, '')).digest('base64url').slice(0, 16);

const accountObject = (account: SimulatedAccount) => ({
  id: account.accountId,
  object: 'account',
  type: 'express',
  country: 'CA',
  default_currency: 'cad',
  email: account.email,
  charges_enabled: account.chargesEnabled,
  payouts_enabled: account.payoutsEnabled,
  details_submitted: account.detailsSubmitted,
  external_accounts: {
    object: 'list',
    has_more: false,
    data: account.bankAccountFingerprint
      ? [
          {
            id: `ba_${account.bankAccountFingerprint}`,
            object: 'bank_account',
            account: account.accountId,
            country: 'CA',
            currency: 'cad',
            fingerprint: account.bankAccountFingerprint,
            last4: '6789',
            status: 'new',
          },
        ]
      : [],
  },
  metadata: { userId: account.userId },
  created: account.created,
});

export const sessionObject = (session: SimulatedSession) => ({
  id: session.sessionId,
  object: 'checkout.session',
  mode: 'payment',
  currency: 'cad',
  amount_total: session.amountCents,
  amount_subtotal: session.amountCents,
  status: session.status,
  payment_status: session.paymentStatus,
  payment_intent: session.paymentIntentId,
  client_reference_id: session.contractId,
  metadata: {
    contractId: session.contractId,
    contractVersion: String(session.contractVersion),
    ...(session.adId ? { adId: session.adId } : {}),
    ...(session.ownerId && session.tenantId ? { ownerId: session.ownerId, tenantId: session.tenantId } : {}),
  },
  customer_email: session.customerEmail ?? null,
  expires_at: session.expiresAt,
  created: session.created,
  success_url: session.successUrl,
  cancel_url: session.cancelUrl,
  url: session.status === 'open' ? `${publicUrl()}${SIMULATOR_PATHS.checkout}?session=${session.sessionId}` : null,
  livemode: false,
});

const chargeObject = (charge: SimulatedCharge) => ({
  id: charge.chargeId,
  object: 'charge',
  amount: charge.amountCents,
  amount_captured: charge.amountCents,
  amount_refunded: charge.amountRefundedCents,
  captured: true,
  currency: 'cad',
  disputed: charge.dispute !== undefined,
  paid: true,
  payment_intent: charge.paymentIntentId,
  payment_method_details: { type: 'card', card: { brand: 'visa', fingerprint: charge.cardFingerprint ?? null, last4: '4242' } },
  refunded: charge.amountRefundedCents === charge.amountCents,
  status: 'succeeded',
  transfer_group: charge.transferGroup,
  // Checkout puts the payment's metadata (payment_intent_data) on its charge.
  metadata: { contractId: charge.transferGroup, ...(charge.tenantId ? { tenantId: charge.tenantId } : {}) },
  created: charge.created,
  livemode: false,
});

const refundObject = (refund: SimulatedRefund) => ({
  id: refund.refundId,
  object: 'refund',
  amount: refund.amountCents,
  charge: refund.chargeId,
  payment_intent: refund.paymentIntentId,
  currency: 'cad',
  status: 'succeeded',
  reason: null,
  metadata: refund.contractId ? { contractId: refund.contractId } : {},
  created: refund.created,
});

const disputeObject = (charge: SimulatedCharge, dispute: SimulatedDispute) => ({
  id: dispute.disputeId,
  object: 'dispute',
  amount: dispute.amountCents,
  charge: charge.chargeId,
  payment_intent: charge.paymentIntentId,
  currency: 'cad',
  status: dispute.status,
  reason: dispute.reason,
  evidence_details: { due_by: dispute.evidenceDueBy, has_evidence: false, past_due: false, submission_count: 0 },
  is_charge_refundable: false,
  metadata: {},
  created: dispute.created,
  livemode: false,
});

export const transferObject = (transfer: SimulatedTransfer) => ({
  id: transfer.transferId,
  object: 'transfer',
  amount: transfer.amountCents,
  amount_reversed: transfer.amountReversedCents ?? 0,
  currency: 'cad',
  destination: transfer.accountId,
  reversed: transfer.amountReversedCents === transfer.amountCents,
  reversals: {
    object: 'list',
    has_more: false,
    data: (transfer.reversals ?? []).map((reversal) => ({
      id: reversal.reversalId,
      object: 'transfer_reversal',
      amount: reversal.amountCents,
      currency: 'cad',
      transfer: transfer.transferId,
      metadata: { contractId: reversal.contractId },
      created: reversal.created,
    })),
  },
  source_transaction: transfer.sourceTransaction,
  transfer_group: transfer.transferGroup,
  metadata: {},
  created: transfer.created,
  livemode: false,
});

/** How a signed event reaches the app: its raw body and `Stripe-Signature` header. */
export type SimulatorEventDelivery = (payload: string, signature: string) => Promise<void>;

/** Posts the event to the app's webhook route, as Stripe does; throws when the app does not acknowledge it. */
export const postToWebhookRoute: SimulatorEventDelivery = async (payload, signature) => {
  const response = await fetch(`${publicUrl()}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  const type = (JSON.parse(payload) as { type: string }).type;
  if (!response.ok) throw new Error(`The webhook answered ${response.status} to ${type}: ${await response.text()}`);
};

/** An event made (its id and time fixed then), to be signed when it is delivered. */
export interface SimulatorEvent {
  eventId: string;
  eventType: string;
  created: number;
  payload: string;
}

export function simulatorEvent(type: string, object: Record<string, unknown>): SimulatorEvent {
  const eventId = simulatorId('evt');
  const created = epochSeconds();
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  return { eventId, eventType: type, created, payload };
}

/** Signs the event now (a late delivery is signed when it goes, as Stripe's retries are) and delivers it. */
async function deliverEvent(event: SimulatorEvent, deliver: SimulatorEventDelivery = postToWebhookRoute): Promise<void> {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: event.payload,
    secret: requireEnv('PAYMENT_SIMULATOR_WEBHOOK_SECRET'),
    timestamp: epochSeconds(),
  });
  await deliver(event.payload, signature);
}

/** Builds an event of `type` about `object`, signs it with the local secret and delivers it (to the webhook route unless told). */
export async function deliverSimulatorEvent(
  type: string,
  object: Record<string, unknown>,
  deliver?: SimulatorEventDelivery,
): Promise<void> {
  await deliverEvent(simulatorEvent(type, object), deliver);
}

async function deliverInTurn(events: SimulatorEvent[], deliver?: SimulatorEventDelivery): Promise<void> {
  for (const event of events) await deliverEvent(event, deliver);
}

/** Where the events of the calls made within `deliveringWith` go instead of the webhook route. */
const scopedDelivery = new AsyncLocalStorage<SimulatorEventDelivery>();

/**
 * Runs `work` with the events its calls lead to handed to `deliver` (the demo seed: the host answers
 * no request while it seeds, so the webhook route would be unreachable and the refund's events lost).
 */
export const deliveringWith = <T>(deliver: SimulatorEventDelivery, work: () => Promise<T>): Promise<T> => scopedDelivery.run(deliver, work);

/** The deliveries not yet done, one after the other in the order they were asked for. */
let deliveries: Promise<void> = Promise.resolve();

/**
 * Delivers the events of a call once it has answered (on a later turn of the event loop): delivered
 * within the call, an event would reach the app's webhook while the app is still in the middle of
 * what it called for. A failed delivery is logged, never thrown at the caller (Stripe retries; here
 * the dev pages or a test can send the event again).
 */
export function deliverAfterAnswer(events: SimulatorEvent[], deliver = scopedDelivery.getStore()): void {
  if (!events.length) return;
  deliveries = deliveries
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => deliverInTurn(events, deliver))
    .catch((error: unknown) => {
      console.warn(`The payment simulator could not deliver ${events.map((event) => event.eventType).join(', ')}:`, error);
    });
}

/** Resolves once every delivery asked for so far, and those they led to, is done. */
export async function simulatorEventsDelivered(): Promise<void> {
  let awaited: Promise<void>;
  do {
    awaited = deliveries;
    await awaited;
  } while (awaited !== deliveries);
}

/** Stripe's refusal of a request (`code`: its error code). */
export const refused = (message: string, code?: string, statusCode = 400) =>
  new PaymentProviderError('invalidRequest', message, statusCode, code);

/** Stripe's answer when another request is changing the same object: retry later. */
export const locked = () =>
  new PaymentProviderError(
    'rateLimit',
    'This object cannot be accessed right now because another API request or Stripe process is currently accessing it.',
    429,
    'lock_timeout',
  );

export async function existingCharge(chargeId: string): Promise<SimulatedCharge> {
  const charge = await getSimulatorRecord('CHARGE', chargeId);
  if (!charge) throw refused(`No such charge: '${chargeId}'`, 'resource_missing', 404);
  return charge;
}

/** Changes a charge unless it changed since it was read: Stripe locks an object one request at a time. */
async function changeCharge(charge: SimulatedCharge, changes: Partial<SimulatedCharge>): Promise<SimulatedCharge> {
  const changed = { ...charge, ...changes, revision: charge.revision + 1 };
  const unchanged = { expression: '#revision = :revision', names: { '#revision': 'revision' }, values: { ':revision': charge.revision } };
  if (!(await updateSimulatorRecord('CHARGE', charge.chargeId, { ...changes, revision: changed.revision }, unchanged))) throw locked();
  return changed;
}

/**
 * Refunds a charge, all that is left of it unless `amountCents` says, as Stripe does or refuses to
 * (nothing left, more than what is left, a chargeback that is not won); `contractId` goes in the
 * refund's metadata (null: made in the dashboard). Returns the refund and its events, not yet delivered.
 */
export async function refundCharge(
  charge: SimulatedCharge,
  amountCents: number | undefined,
  contractId: string | null,
): Promise<{ refund: SimulatedRefund; events: SimulatorEvent[] }> {
  const { chargeId } = charge;
  if (charge.dispute && charge.dispute.status !== 'won')
    throw refused(`Charge ${chargeId} has been charged back; it cannot be refunded.`, 'charge_disputed');
  const left = charge.amountCents - charge.amountRefundedCents;
  if (left === 0) throw refused(`Charge ${chargeId} has already been refunded.`, 'charge_already_refunded');
  const amount = amountCents ?? left;
  if (!Number.isSafeInteger(amount) || amount < 1)
    throw refused('The amount must be a positive integer of cents.', 'parameter_invalid_integer');
  if (amount > left) throw refused(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`, 'amount_too_large');
  const refund: SimulatedRefund = {
    refundId: simulatorId('re'),
    chargeId,
    paymentIntentId: charge.paymentIntentId,
    amountCents: amount,
    contractId,
    created: epochSeconds(),
  };
  const refunded = await changeCharge(charge, { amountRefundedCents: charge.amountRefundedCents + amount });
  await putSimulatorRecord('REFUND', refund.refundId, refund);
  return {
    refund,
    events: [simulatorEvent('refund.created', refundObject(refund)), simulatorEvent('charge.refunded', chargeObject(refunded))],
  };
}

export interface OnboardingVisit {
  link: SimulatedLink;
  account: SimulatedAccount;
}

/** The onboarding link and its account; undefined when the link is unknown or expired (Stripe then sends to refresh_url). */
export async function onboardingVisit(token: string): Promise<OnboardingVisit | undefined> {
  const link = await getSimulatorRecord('LINK', token);
  if (!link) return undefined;
  const account = await getSimulatorRecord('ACCOUNT', link.accountId);
  return account && { link, account };
}

export type OnboardingChoice = 'complete' | 'leave' | 'expire';

/**
 * `complete`: every requirement given, the account can be paid (account.updated); `leave`: back to the
 * app unfinished (nothing changes, as when one closes Stripe's page); `expire`: the link no longer
 * works, the app is sent to its refresh URL for a new one. Returns where the browser goes next.
 * `bankAccount`: the number given (two accounts given the same share its fingerprint); none, one of
 * the account's own.
 */
export async function actOnOnboarding({ link, account }: OnboardingVisit, choice: OnboardingChoice, bankAccount?: string): Promise<string> {
  if (choice === 'expire' || link.ttl <= epochSeconds()) return link.refreshUrl;
  if (choice === 'complete' && !(account.detailsSubmitted && account.chargesEnabled && account.payoutsEnabled)) {
    const done = {
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      bankAccountFingerprint: simulatedFingerprint(bankAccount || `account:${account.accountId}`),
    };
    await updateSimulatorRecord('ACCOUNT', account.accountId, done);
    await deliverSimulatorEvent('account.updated', accountObject({ ...account, ...done }));
  }
  return link.returnUrl;
}

/** The dashboard's "restrict": the account can no longer be paid out (account.updated), as when Stripe needs more information. */
export async function restrictSimulatedAccount(account: SimulatedAccount, deliver?: SimulatorEventDelivery): Promise<void> {
  const restricted = { payoutsEnabled: false };
  const payable = { expression: '#payouts = :yes', names: { '#payouts': 'payoutsEnabled' }, values: { ':yes': true } };
  if (await updateSimulatorRecord('ACCOUNT', account.accountId, restricted, payable))
    await deliverSimulatorEvent('account.updated', accountObject({ ...account, ...restricted }), deliver);
}

export async function simulatedDashboard(
  accountId: string,
): Promise<{ account: SimulatedAccount; transfers: SimulatedTransfer[] } | undefined> {
  const account = await getSimulatorRecord('ACCOUNT', accountId);
  return account && { account, transfers: await simulatedTransfers(accountId) };
}

export async function checkoutVisit(sessionId: string): Promise<SimulatedSession | undefined> {
  const session = await getSimulatorRecord('SESSION', sessionId);
  // A session past its time is expired, whether or not anyone looked (Stripe's own sweep).
  if (session?.status === 'open' && session.expiresAt <= epochSeconds()) return expire(session);
  return session;
}

async function expire(session: SimulatedSession, deliver?: SimulatorEventDelivery): Promise<SimulatedSession> {
  if (await updateSimulatorRecord('SESSION', session.sessionId, { status: 'expired' }, OPEN_SESSION)) {
    await deliverSimulatorEvent('checkout.session.expired', sessionObject({ ...session, status: 'expired' }), deliver);
  }
  return { ...session, status: 'expired' };
}

export type CheckoutChoice = 'pay' | 'payLate' | 'decline' | 'cancel' | 'expire';

/**
 * `pay`: the card is charged (charge.succeeded, then checkout.session.completed), the browser goes to
 * the success URL; `card`: its number (two accounts paying with the same share its fingerprint), none:
 * a card of the tenant's own; `payLate`: the same, but the events are held back until the charges
 * page delivers them (a webhook delayed or down); `decline`: the card is refused, the page says so and the session stays open
 * (undefined: stay); `cancel`: back to the cancel URL, the session stays open until it expires, as on
 * Stripe; `expire`: the session ends now (checkout.session.expired), back to the cancel URL.
 * The events go to the webhook route unless `deliver` hands them to the app another way (the demo
 * seed runs before the local host answers, and the benchmark times the handling itself).
 */
export async function actOnCheckout(
  session: SimulatedSession,
  choice: CheckoutChoice,
  deliver?: SimulatorEventDelivery,
  card?: string,
): Promise<string | undefined> {
  if (session.status !== 'open') return session.status === 'complete' ? session.successUrl : session.cancelUrl;
  if (choice === 'decline') return undefined;
  if (choice === 'cancel') return session.cancelUrl;
  if (choice === 'expire') {
    await expire(session, deliver);
    return session.cancelUrl;
  }
  const charge = await paySimulatedSession(session, card);
  if (charge) {
    const events = [
      simulatorEvent('charge.succeeded', chargeObject(charge)),
      simulatorEvent('checkout.session.completed', sessionObject({ ...session, ...PAID })),
    ];
    for (const event of events) await (choice === 'payLate' ? holdSimulatorEvent(event) : deliverEvent(event, deliver));
  }
  return session.successUrl;
}

const PAID = { status: 'complete' as const, paymentStatus: 'paid' as const };

/**
 * The card (`card`, or the tenant's own) goes through: the open session is paid and its charge made
 * (refunds, disputes and `chargeTransferGroup` need it), with no event. Null when the session was no
 * longer open. Tests that deliver a `checkout.session.completed` of their own make the payment real
 * with it first.
 */
export async function paySimulatedSession(session: SimulatedSession, card?: string): Promise<SimulatedCharge | null> {
  const charge: SimulatedCharge = {
    chargeId: session.chargeId,
    paymentIntentId: session.paymentIntentId,
    sessionId: session.sessionId,
    transferGroup: session.contractId,
    amountCents: session.amountCents,
    amountRefundedCents: 0,
    ...(session.tenantId ? { tenantId: session.tenantId } : {}),
    cardFingerprint: simulatedFingerprint(card || `tenant:${session.tenantId ?? session.sessionId}`),
    created: epochSeconds(),
    revision: 0,
  };
  return (await putSimulatedCharge(charge, { changes: PAID, condition: OPEN_SESSION })) ? charge : null;
}

/** Delivers the events held back, oldest first; each is forgotten once the app acknowledged it. Returns how many went. */
export async function deliverHeldEvents(deliver?: SimulatorEventDelivery): Promise<number> {
  const held = await heldSimulatorEvents();
  for (const event of held) {
    await deliverEvent(event, deliver);
    await releaseHeldSimulatorEvent(event);
  }
  return held.length;
}

/** What the simulator's dashboard does to a charge (the charges page). */
export type ChargeAction = 'refund' | 'dispute' | 'disputeWon' | 'disputeLost' | 'fraudWarning';

async function chargeActionEvents(charge: SimulatedCharge, action: ChargeAction, amountCents?: number): Promise<SimulatorEvent[]> {
  if (action === 'refund') return (await refundCharge(charge, amountCents, null)).events;
  if (action === 'fraudWarning')
    return [
      simulatorEvent('radar.early_fraud_warning.created', {
        id: simulatorId('issfr'),
        object: 'radar.early_fraud_warning',
        actionable: true,
        charge: charge.chargeId,
        payment_intent: charge.paymentIntentId,
        fraud_type: 'made_with_stolen_card',
        created: epochSeconds(),
        livemode: false,
      }),
    ];
  if (action === 'dispute') {
    if (charge.dispute) throw refused(`Charge ${charge.chargeId} is already disputed.`, 'charge_disputed');
    const amount = charge.amountCents - charge.amountRefundedCents;
    if (amount === 0) throw refused(`Charge ${charge.chargeId} has been refunded: nothing to dispute.`, 'charge_already_refunded');
    const created = epochSeconds();
    const dispute: SimulatedDispute = {
      disputeId: simulatorId('dp'),
      status: 'needs_response',
      reason: 'fraudulent',
      amountCents: amount,
      evidenceDueBy: created + EVIDENCE_SECONDS,
      created,
    };
    const object = disputeObject(await changeCharge(charge, { dispute }), dispute);
    return [simulatorEvent('charge.dispute.created', object), simulatorEvent('charge.dispute.funds_withdrawn', object)];
  }
  if (charge.dispute?.status !== 'needs_response') throw refused(`Charge ${charge.chargeId} has no open dispute.`);
  const dispute = { ...charge.dispute, status: action === 'disputeWon' ? ('won' as const) : ('lost' as const) };
  const object = disputeObject(await changeCharge(charge, { dispute }), dispute);
  const closed = simulatorEvent('charge.dispute.closed', object);
  return dispute.status === 'won' ? [closed, simulatorEvent('charge.dispute.funds_reinstated', object)] : [closed];
}

/**
 * Does what Stripe's dashboard would to a charge: a refund (whole unless `amountCents`, no contract in
 * its metadata: made elsewhere), a chargeback opened (evidence due in 7 days, the funds withdrawn), won
 * (the funds reinstated) or lost, an early fraud warning; then delivers its events, in order, before it
 * answers (as the other pages' actions do). A refusal is a PaymentProviderError, as Stripe's.
 */
export async function actOnCharge(
  chargeId: string,
  action: ChargeAction,
  { amountCents, deliver }: { amountCents?: number; deliver?: SimulatorEventDelivery } = {},
): Promise<void> {
  await deliverInTurn(await chargeActionEvents(await existingCharge(chargeId), action, amountCents), deliver);
}

/**
 * An account that went through the simulator's onboarding already (the demo owner's): written with
 * a fixed id, once, so that seeding again or twice at once changes nothing.
 */
export async function seedCompletedSimulatorAccount(account: Pick<SimulatedAccount, 'accountId' | 'userId' | 'email'>): Promise<void> {
  await putSimulatorRecord('ACCOUNT', account.accountId, {
    ...account,
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
    created: epochSeconds(),
  });
}
