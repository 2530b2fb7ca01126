// Stripe's money events in the port's terms (MoneyEvent): refunds, disputes, early fraud warnings and
// reversed transfers, read from the event's `data.object` as Stripe sends it (ids or expanded objects,
// amounts in the currency's smallest unit). Anything the platform cannot account for (another currency
// than CAD, a missing or malformed field, a status it does not know) is UNUSABLE with the reason, never
// a guess. Pure: the Stripe adapter and the simulator decode their verified events with it.

import type { DisputeState, MoneyEvent, RefundFacts, RefundState } from './payment-provider';

type StripeObject = Record<string, unknown>;

class Unusable extends Error {}

const isObject = (value: unknown): value is StripeObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(object: StripeObject, name: string): string {
  const value = object[name];
  if (typeof value !== 'string' || !value) throw new Unusable(`no ${name}`);
  return value;
}

const optionalText = (object: StripeObject, name: string): string | null => (object[name] == null ? null : text(object, name));

function cents(object: StripeObject, name: string): number {
  const value = object[name];
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new Unusable(`${name} is not an amount`);
  return value as number;
}

/** A reference Stripe sends as an id, or as the object when expanded. */
function idOf(object: StripeObject, name: string): string {
  const value = object[name];
  return isObject(value) ? text(value, 'id') : text(object, name);
}

const optionalIdOf = (object: StripeObject, name: string): string | null => (object[name] == null ? null : idOf(object, name));

function requireCad(object: StripeObject): void {
  const currency = object.currency;
  if (currency !== 'cad') throw new Unusable(`currency ${typeof currency === 'string' ? currency : 'missing'}, not cad`);
}

const REFUND_STATES: Record<string, RefundState> = {
  pending: 'PENDING',
  requires_action: 'PENDING',
  succeeded: 'SUCCEEDED',
  failed: 'FAILED',
  canceled: 'CANCELED',
};

/** A refund's Stripe status in the port's terms (Stripe's type allows a null status: pending); undefined for a status unknown. */
export const refundStateOf = (status: unknown): RefundState | undefined => REFUND_STATES[typeof status === 'string' ? status : 'pending'];

function refundFacts(refund: StripeObject): RefundFacts {
  requireCad(refund);
  const state = refund.status === null || refund.status === undefined ? 'PENDING' : refundStateOf(refund.status);
  if (!state) throw new Unusable(`refund status ${String(refund.status)}`);
  const metadata = isObject(refund.metadata) ? refund.metadata : {};
  return {
    refundId: text(refund, 'id'),
    amountCents: cents(refund, 'amount'),
    state,
    contractId: typeof metadata.contractId === 'string' && metadata.contractId ? metadata.contractId : null,
  };
}

/** Stripe's dispute statuses; an appeal is still open. Others (`prevented`) are unusable. */
const DISPUTE_STATES: Record<string, DisputeState> = {
  warning_needs_response: 'OPEN',
  warning_under_review: 'OPEN',
  needs_response: 'OPEN',
  under_review: 'OPEN',
  appeal_needs_response: 'OPEN',
  appeal_under_review: 'OPEN',
  warning_closed: 'WARNING_CLOSED',
  won: 'WON',
  lost: 'LOST',
};

function dispute(object: StripeObject, phase: string): MoneyEvent {
  requireCad(object);
  const providerStatus = text(object, 'status');
  const state = DISPUTE_STATES[providerStatus];
  if (!state) throw new Unusable(`dispute status ${providerStatus}`);
  // Stripe keeps `due_by` after the evidence is in; it is a deadline only while a response is awaited.
  const dueBy = isObject(object.evidence_details) ? object.evidence_details.due_by : null;
  const awaitsEvidence = providerStatus.endsWith('needs_response') && Number.isSafeInteger(dueBy);
  return {
    kind: 'DISPUTE',
    disputeId: text(object, 'id'),
    chargeId: idOf(object, 'charge'),
    paymentIntentId: optionalIdOf(object, 'payment_intent'),
    amountCents: cents(object, 'amount'),
    state,
    providerStatus,
    reason: text(object, 'reason'),
    evidenceDueBy: awaitsEvidence ? new Date((dueBy as number) * 1000).toISOString() : null,
    phase,
  };
}

function chargeRefunded(charge: StripeObject): MoneyEvent {
  requireCad(charge);
  // Absent from recent API versions unless expanded; listed when present.
  const refunds = isObject(charge.refunds) && Array.isArray(charge.refunds.data) ? charge.refunds.data : [];
  return {
    kind: 'CHARGE_REFUNDED',
    chargeId: text(charge, 'id'),
    paymentIntentId: optionalIdOf(charge, 'payment_intent'),
    transferGroup: optionalText(charge, 'transfer_group'),
    amountCents: cents(charge, 'amount'),
    amountRefundedCents: cents(charge, 'amount_refunded'),
    refunds: refunds.map((refund) => {
      if (!isObject(refund)) throw new Unusable('a refund is not an object');
      return refundFacts(refund);
    }),
  };
}

const DISPUTE_PREFIX = 'charge.dispute.';

function decode(type: string, object: StripeObject): MoneyEvent | null {
  if (type.startsWith(DISPUTE_PREFIX)) return dispute(object, type.slice(DISPUTE_PREFIX.length));
  switch (type) {
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return {
        kind: 'REFUND',
        chargeId: idOf(object, 'charge'),
        paymentIntentId: optionalIdOf(object, 'payment_intent'),
        refund: refundFacts(object),
      };
    case 'charge.refunded':
      return chargeRefunded(object);
    case 'radar.early_fraud_warning.created':
      // A warning carries no amount (nor currency): the charge it names has them.
      return {
        kind: 'FRAUD_WARNING',
        warningId: text(object, 'id'),
        chargeId: idOf(object, 'charge'),
        paymentIntentId: optionalIdOf(object, 'payment_intent'),
        fraudType: text(object, 'fraud_type'),
        actionable: object.actionable === true,
      };
    case 'transfer.reversed':
      requireCad(object);
      return {
        kind: 'TRANSFER_REVERSED',
        transferId: text(object, 'id'),
        transferGroup: optionalText(object, 'transfer_group'),
        amountCents: cents(object, 'amount'),
        amountReversedCents: cents(object, 'amount_reversed'),
      };
    default:
      return null;
  }
}

/** The money event of a verified event's type and `data.object`; null for a type that is no money event. */
export function decodeMoneyEvent(type: string, object: StripeObject): MoneyEvent | null {
  try {
    return decode(type, object);
  } catch (error) {
    if (error instanceof Unusable) return { kind: 'UNUSABLE', reason: `${type}: ${error.message}` };
    throw error;
  }
}
