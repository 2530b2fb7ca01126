// The payments port: Stripe Connect (Express accounts created by the platform, Checkout, separate
// charges and transfers, refunds, signed webhooks). The adapter is chosen once, from
// PAYMENT_PROVIDER_ADAPTER, on first use: Stripe in AWS (keys in the Secrets Manager secret
// STRIPE_SECRET_ARN), the local simulator on the local host (its pages under /_dev/payments, its events
// signed with a local webhook secret and posted to the same webhook handler). Money is integer cents.

import { chosenOnce } from './chosen-once';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { UiLanguage } from '@partage/graphql';
import { requireEnv } from './env';
import { simulatedPaymentProvider } from './simulated-payment-provider';
import { loadStripeCredentials, stripePaymentProvider } from './stripe-payment-provider';

/** What the platform needs to know of a connected account (Stripe's own flags). */
export interface ConnectedAccountState {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** A verified webhook event, in Stripe's shape (the simulator sends the same). */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Epoch seconds, when the provider made the event (used to ignore one older than the state it would change). */
  created: number;
  /** The event's `data.object` (an account, a Checkout Session, …). */
  object: Record<string, unknown>;
}

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
  idempotencyKey: string;
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
  createRefund(request: RefundRequest): Promise<{ refundId: string; status: string }>;
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
  if (adapter === 'simulator') return simulatedPaymentProvider({ webhookSecret: requireEnv('PAYMENT_SIMULATOR_WEBHOOK_SECRET') });
  throw new Error(`Unknown PAYMENT_PROVIDER_ADAPTER "${adapter}" (expected stripe or simulator)`);
}
