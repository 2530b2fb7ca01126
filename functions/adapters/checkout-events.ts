// Stripe's Checkout Session, charge and account events in the port's terms (CheckoutSessionFacts,
// ChargePaymentFacts, ConnectedAccountEvent): what a session the platform opened for a contract says in
// its metadata, its payment and its amount and currency; which card paid a contract's charge; what an
// account the platform created says of its state and which bank accounts it is paid out to. Pure:
// the Stripe adapter and the simulator decode their verified events with it, so that no Stripe shape
// reaches the domain.

import {
  CHARGE_PAYMENT_EVENT_TYPE,
  type ChargePaymentFacts,
  type CheckoutSessionFacts,
  type ConnectedAccountEvent,
} from './payment-provider';

type StripeObject = Record<string, unknown>;

const metadataOf = (object: StripeObject): StripeObject => (object.metadata ?? {}) as StripeObject;
const optionalString = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const isObject = (value: unknown): value is StripeObject => typeof value === 'object' && value !== null && !Array.isArray(value);

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
    bankAccountFingerprints: bankAccountFingerprints(object),
  };
}

/** The fingerprints of an account's bank accounts (`external_accounts`: listed for the accounts the platform controls; cards left out). */
function bankAccountFingerprints(account: StripeObject): string[] {
  const listed = isObject(account.external_accounts) && Array.isArray(account.external_accounts.data) ? account.external_accounts.data : [];
  const fingerprints = listed.flatMap((external: unknown) =>
    isObject(external) && external.object === 'bank_account' && optionalString(external.fingerprint)
      ? [external.fingerprint as string]
      : [],
  );
  return [...new Set(fingerprints)];
}

/**
 * A `charge.succeeded` event's payment, when the charge is a contract's (Checkout copies the contract id
 * as `transfer_group`, and the payment intent's metadata, naming the tenant, onto its charge); null
 * otherwise, or for a charge that did not succeed.
 */
export function decodeChargePayment(type: string, object: StripeObject): ChargePaymentFacts | null {
  if (type !== CHARGE_PAYMENT_EVENT_TYPE || typeof object.id !== 'string' || object.status !== 'succeeded') return null;
  const metadata = metadataOf(object);
  const contractId = optionalString(object.transfer_group) ?? optionalString(metadata.contractId);
  if (!contractId) return null;
  const details = isObject(object.payment_method_details) ? object.payment_method_details : {};
  const card = isObject(details.card) ? details.card : {};
  return {
    chargeId: object.id,
    contractId,
    tenantId: optionalString(metadata.tenantId) ?? null,
    cardFingerprint: optionalString(card.fingerprint) ?? null,
  };
}
