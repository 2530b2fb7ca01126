// Stripe's Checkout Session and account events in the port's terms (CheckoutSessionFacts,
// ConnectedAccountEvent): what a session the platform opened for a contract says in its metadata, its
// payment and its amount and currency; what an account the platform created says of its state. Pure:
// the Stripe adapter and the simulator decode their verified events with it, so that no Stripe shape
// reaches the domain.

import type { CheckoutSessionFacts, ConnectedAccountEvent } from './payment-provider';

type StripeObject = Record<string, unknown>;

const metadataOf = (object: StripeObject): StripeObject => (object.metadata ?? {}) as StripeObject;
const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A `checkout.session.*` event's session; null for another type, or a session of no contract (not the platform's). */
export function decodeCheckoutSession(type: string, object: StripeObject): CheckoutSessionFacts | null {
  if (!type.startsWith('checkout.session.')) return null;
  const metadata = metadataOf(object);
  const contractVersion = Number(metadata.contractVersion);
  if (typeof object.id !== 'string' || typeof metadata.contractId !== 'string' || !Number.isSafeInteger(contractVersion)) return null;
  const intent = object.payment_intent;
  return {
    sessionId: object.id,
    contractId: metadata.contractId,
    contractVersion,
    // Absent from sessions opened before the metadata named them: such a payment is read first.
    adId: optionalString(metadata.adId),
    ownerId: optionalString(metadata.ownerId),
    tenantId: optionalString(metadata.tenantId),
    // A string in events; an object only when a caller expanded it.
    paymentIntentId:
      typeof intent === 'string' ? intent : typeof (intent as { id?: unknown })?.id === 'string' ? (intent as { id: string }).id : null,
    amountCents: Number.isSafeInteger(object.amount_total) ? (object.amount_total as number) : null,
    currency: typeof object.currency === 'string' ? object.currency.toLowerCase() : null,
    paid: object.payment_status === 'paid',
  };
}

/** An `account.updated` event's account, when the platform created it (its metadata names the user); null otherwise. */
export function decodeAccount(type: string, object: StripeObject): ConnectedAccountEvent | null {
  if (type !== 'account.updated') return null;
  const userId = optionalString(metadataOf(object).userId);
  if (typeof object.id !== 'string' || !userId) return null;
  return {
    accountId: object.id,
    userId,
    detailsSubmitted: object.details_submitted === true,
    chargesEnabled: object.charges_enabled === true,
    payoutsEnabled: object.payouts_enabled === true,
  };
}
