// The payments port: Stripe Connect (Express accounts created by the platform, Checkout, separate
// charges and transfers, refunds, signed webhooks). The adapter is chosen once, from
// PAYMENT_PROVIDER_ADAPTER, on first use: Stripe in AWS (keys in the Secrets Manager secret
// STRIPE_SECRET_ARN), the local simulator on the local host (its pages under /_dev/payments, its events
// signed with a local webhook secret and posted to the same webhook handler; registered by the local
// host: local-adapters.ts). Money is integer cents.

import { chosenOnce } from './chosen-once';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { UiLanguage } from '@partage/graphql';
import { requireEnv } from './env';
import { localAdapters } from './local-adapters';
import { loadStripeCredentials, stripePaymentProvider } from './stripe-payment-provider';

/** What the platform needs to know of a connected account (Stripe's own flags). */
export interface ConnectedAccountState {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/**
 * A verified webhook event, decoded by the adapter from the provider's shape (checkout-events.ts,
 * money-events.ts): at most one of `session`, `account` and `money` says what it is about; an event
 * of another type, or about an object that is not the platform's, has none.
 */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Epoch seconds, when the provider made the event (used to ignore one older than the state it would change). */
  created: number;
  /** `checkout.session.*`: the session the platform opened for a contract. */
  session: CheckoutSessionFacts | null;
  /** `account.updated`: an account the platform created for a user. */
  account: ConnectedAccountEvent | null;
  /** A refund, a dispute, a fraud warning, a reversed transfer. */
  money: MoneyEvent | null;
  /** `charge.succeeded`: a tenant's card charged for a contract (its fingerprint links accounts). */
  charge: ChargePaymentFacts | null;
}

/**
 * What a charge of a Checkout Session the platform opened says of who paid: the contract (its
 * `transfer_group`, or the payment's metadata), the tenant when the metadata names them, and the card's
 * fingerprint (the same card gives the same one, whichever account pays with it; null for another
 * method than a card).
 */
export interface ChargePaymentFacts {
  chargeId: string;
  contractId: string;
  tenantId: string | null;
  cardFingerprint: string | null;
}

/** What a Checkout Session's event says of the contract it was opened for. */
export interface CheckoutSessionFacts {
  sessionId: string;
  contractId: string;
  /** The contract version the session charges. */
  contractVersion: number;
  /** The contract's ad and parties (absent from sessions opened before the metadata named them). */
  adId: string | undefined;
  ownerId: string | undefined;
  tenantId: string | undefined;
  /** Null until paid. */
  paymentIntentId: string | null;
  /** Integer cents. */
  amountCents: number | null;
  /** Lowercase ISO 4217; the platform charges in `cad` only. */
  currency: string | null;
  paid: boolean;
}

/** An account the platform created, as its `account.updated` event tells it. */
export interface ConnectedAccountEvent extends ConnectedAccountState {
  /** The user the platform created it for (its metadata). */
  userId: string;
  /** The fingerprints of the bank accounts it is paid out to (its external accounts), when the event lists them. */
  bankAccountFingerprints: string[];
}

/** A refund's state at the provider (Stripe's `refund.status`, `requires_action` counted as pending). */
export type RefundState = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';

/** One refund of a charge. */
export interface RefundFacts {
  refundId: string;
  amountCents: number;
  state: RefundState;
  /** The contract the platform named in the refund's metadata when it asked for it (null: made elsewhere, the dashboard). */
  contractId: string | null;
}

/**
 * Where a dispute stands: OPEN (an inquiry or a chargeback waiting for evidence or the bank's
 * decision), WON, LOST, or WARNING_CLOSED (an inquiry closed without a chargeback).
 */
export type DisputeState = 'OPEN' | 'WON' | 'LOST' | 'WARNING_CLOSED';

/**
 * The payment events the platform acts on, in the domain's terms: amounts in integer cents, always
 * CAD (an event in another currency is UNUSABLE), ids of the provider. The charge names the payment;
 * `transferGroup` (the contract id, set on every payment the platform takes) when the event carries it.
 */
export type MoneyEvent =
  /** `refund.created`, `refund.updated`, `refund.failed`. */
  | { kind: 'REFUND'; chargeId: string; paymentIntentId: string | null; refund: RefundFacts }
  /** `charge.refunded`: the charge's refunded total (and its refunds when the event lists them). */
  | {
      kind: 'CHARGE_REFUNDED';
      chargeId: string;
      paymentIntentId: string | null;
      transferGroup: string | null;
      amountCents: number;
      amountRefundedCents: number;
      refunds: RefundFacts[];
    }
  /** `charge.dispute.created|updated|funds_withdrawn|funds_reinstated|closed`. */
  | {
      kind: 'DISPUTE';
      disputeId: string;
      chargeId: string;
      paymentIntentId: string | null;
      amountCents: number;
      state: DisputeState;
      /** Stripe's own status (`needs_response`, `under_review`, `lost`…), for administrators. */
      providerStatus: string;
      reason: string;
      /** ISO 8601: when the evidence must be in (null once submitted or closed). */
      evidenceDueBy: string | null;
      /** The event's own verb: `created`, `updated`, `funds_withdrawn`, `funds_reinstated`, `closed`. */
      phase: string;
    }
  /** `radar.early_fraud_warning.created`: the card's issuer reports fraud; a dispute often follows. */
  | { kind: 'FRAUD_WARNING'; warningId: string; chargeId: string; paymentIntentId: string | null; fraudType: string; actionable: boolean }
  /** `transfer.reversed`: money taken back from a connected account (by the platform, here or in the dashboard). */
  | { kind: 'TRANSFER_REVERSED'; transferId: string; transferGroup: string | null; amountCents: number; amountReversedCents: number }
  /** A money event the platform cannot account for (another currency, a missing field): logged, acknowledged. */
  | { kind: 'UNUSABLE'; reason: string };

/** The charge's event that says which card paid (ChargePaymentFacts), subscribed to with the others (docs/payments.md). */
export const CHARGE_PAYMENT_EVENT_TYPE = 'charge.succeeded';

/** The money event types the webhook endpoint is subscribed to besides the account and Checkout ones (docs/payments.md). */
export const MONEY_EVENT_TYPES = [
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'charge.dispute.closed',
  'radar.early_fraud_warning.created',
  'transfer.reversed',
] as const;

export interface CheckoutRequest {
  contractId: string;
  /** The contract version the tenant saw and pays (a later edit makes a new one). */
  contractVersion: number;
  /** The contract's ad: the webhook keeps (or frees) the dates held on its calendar. */
  adId: string;
  /**
   * The contract's parties: with the ad and the version, all the webhook needs to make the contract
   * PAID without reading it first (conditioned on them) and to tell both parties' open pages.
   */
  ownerId: string;
  tenantId: string;
  /** Integer cents, CAD. */
  amountCents: number;
  /** The line's label on the hosted page. */
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** When the session expires (Stripe accepts 30 minutes to 24 hours from now). */
  expiresAt: Date;
  language: UiLanguage;
  customerEmail?: string;
  idempotencyKey: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** The hosted page the tenant is sent to. */
  url: string;
  expiresAt: Date;
}

export interface TransferRequest {
  amountCents: number;
  /** The connected account paid. */
  destination: string;
  /** The charge the money comes from (so the transfer waits for its funds). */
  sourceTransaction: string;
  transferGroup: string;
  idempotencyKey: string;
}

export interface RefundRequest {
  paymentIntentId: string;
  /** The whole payment when absent. */
  amountCents?: number;
  /** Named in the refund's metadata (`contractId`), so that its events are known as the platform's. */
  contractId: string;
  idempotencyKey: string;
}

export interface TransferReversalRequest {
  transferId: string;
  /** The whole transfer (what is left of it) when absent. */
  amountCents?: number;
  /** Named in the reversal's metadata (`contractId`). */
  contractId: string;
  idempotencyKey: string;
}

/** A transfer as the provider keeps it. */
export interface TransferFacts {
  transferId: string;
  amountCents: number;
  amountReversedCents: number;
  destination: string;
}

export interface PaymentProvider {
  /** An Express account in Canada, created once per user (the key is derived from the user id). */
  createConnectedAccount(request: { userId: string; email: string }): Promise<ConnectedAccountState>;
  /** A one-use link to the hosted onboarding; `refreshUrl` when it expired, `returnUrl` when the user leaves it. */
  createOnboardingLink(request: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<ConnectedAccountState>;
  /** A one-use link to the account's Express dashboard (payouts). */
  createDashboardLink(accountId: string): Promise<{ url: string }>;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Ends an open session (a retry replaces it); an already expired or completed one is left as it is. */
  expireCheckoutSession(sessionId: string, idempotencyKey: string): Promise<void>;
  /** The charge a paid Checkout Session made (a payout's `sourceTransaction`); its events name only the payment. */
  checkoutCharge(sessionId: string): Promise<string>;
  createTransfer(request: TransferRequest): Promise<{ transferId: string }>;
  createRefund(request: RefundRequest): Promise<{ refundId: string; state: RefundState }>;
  /** Takes money back from a connected account (Stripe's `transfers.createReversal`). */
  reverseTransfer(request: TransferReversalRequest): Promise<{ reversalId: string; amountCents: number }>;
  /**
   * The transfer made for a contract (its `transfer_group`), if any: what a payout or a refund looks up
   * after a crash that may have come after the provider made it. Null when none was made.
   */
  findTransfer(transferGroup: string): Promise<TransferFacts | null>;
  /** The `transfer_group` of a charge (the contract it paid), for the money events that name only the charge. */
  chargeTransferGroup(chargeId: string): Promise<string | null>;
  /** The event of a webhook call; WebhookSignatureError when the body was not signed by the provider. */
  verifyWebhook(rawBody: string, signatureHeader: string): PaymentEvent;
}

export { PaymentProviderError, WebhookSignatureError, WEBHOOK_TOLERANCE_SECONDS, type PaymentProviderErrorKind } from './payment-errors';

// A failed secret read (throttling, network) is retried by the next call (chosenOnce).
export const paymentProvider: () => Promise<PaymentProvider> = chosenOnce(() =>
  choosePaymentProvider(requireEnv('PAYMENT_PROVIDER_ADAPTER')),
);

async function choosePaymentProvider(adapter: string): Promise<PaymentProvider> {
  if (adapter === 'stripe')
    return stripePaymentProvider(await loadStripeCredentials(requireEnv('STRIPE_SECRET_ARN'), new SecretsManagerClient({})));
  // Never imported here: no Lambda bundle carries the simulator or its records, whose keys live in the production table.
  if (adapter === 'simulator') return localAdapters('PAYMENT_PROVIDER_ADAPTER=simulator').paymentProvider();
  throw new Error(`Unknown PAYMENT_PROVIDER_ADAPTER "${adapter}" (expected stripe or simulator)`);
}
