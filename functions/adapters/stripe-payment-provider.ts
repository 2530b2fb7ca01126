// Stripe (https://docs.stripe.com/connect): Express accounts in Canada created by the platform,
// Account Links for their hosted onboarding, Checkout for the tenant's card (the charge stays on the
// platform's account), transfers to the owner from that charge, their reversals, refunds. Every write
// carries an idempotency key, so a retried call (a Lambda retry, a webhook delivered twice) does it once.

import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { now } from '../domain/clock';
import { decodeAccount, decodeChargePayment, decodeCheckoutSession } from './checkout-events';
import { decodeMoneyEvent, refundStateOf } from './money-events';
import { PaymentProviderError, WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError, type PaymentProviderErrorKind } from './payment-errors';
import type { ConnectedAccountState, PaymentEvent, PaymentProvider } from './payment-provider';

export interface StripeCredentials {
  /** The platform's secret key (`sk_live_…`, `sk_test_…`) or a restricted key (`rk_…`). */
  secretKey: string;
  /** The signing secret of the webhook endpoint for the platform's own events (`whsec_…`). */
  webhookSecret: string;
  /**
   * The signing secret of the Connect endpoint (the connected accounts' events: `account.updated`).
   * Stripe sends an endpoint either kind, never both, each endpoint signing with its own secret; both
   * may share the one URL.
   */
  connectWebhookSecret?: string;
}

/** The secret holds `{ secretKey, webhookSecret, connectWebhookSecret? }` as JSON (docs/payments.md). */
export async function loadStripeCredentials(secretArn: string, client: SecretsManagerClient): Promise<StripeCredentials> {
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!SecretString) throw new Error(`Secret ${secretArn} has no SecretString`);
  const credentials = JSON.parse(SecretString) as Partial<StripeCredentials>;
  for (const name of ['secretKey', 'webhookSecret'] as const) {
    if (!credentials[name]) throw new Error(`Secret ${secretArn} has no ${name}`);
  }
  return credentials as StripeCredentials;
}

/** Where the tests' loopback fake listens instead of api.stripe.com. */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
  /** Milliseconds to wait for an answer, instead of the 8 s the Lambdas wait (a fake that never answers). */
  timeout?: number;
}

const KINDS: [new (...args: never[]) => Stripe.errors.StripeError, PaymentProviderErrorKind][] = [
  [Stripe.errors.StripeCardError, 'card'],
  [Stripe.errors.StripeIdempotencyError, 'idempotency'],
  [Stripe.errors.StripeInvalidRequestError, 'invalidRequest'],
  [Stripe.errors.StripeAuthenticationError, 'authentication'],
  [Stripe.errors.StripePermissionError, 'permission'],
  [Stripe.errors.StripeRateLimitError, 'rateLimit'],
  [Stripe.errors.StripeConnectionError, 'connection'],
];

/** Stripe's errors as the port's typed error; anything else (a bug of ours) goes through unchanged. */
function providerError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const kind = KINDS.find(([type]) => error instanceof type)?.[1] ?? 'api';
  return new PaymentProviderError(kind, error.message, error.statusCode, error.code);
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

const stateOf = (account: Stripe.Account): ConnectedAccountState => ({
  accountId: account.id,
  chargesEnabled: account.charges_enabled,
  payoutsEnabled: account.payouts_enabled,
  detailsSubmitted: account.details_submitted,
});

/** The event of a body signed with one of `secrets` (each endpoint's); the last refusal when none signed it. */
function constructEvent(rawBody: string, signatureHeader: string, secrets: readonly string[]): Stripe.Event {
  let refusal: unknown;
  for (const secret of secrets) {
    try {
      // milliseconds: the age is counted on the functions' clock
      return Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now().getTime());
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
      refusal = error;
    }
  }
  throw refusal;
}

/**
 * Verifies a webhook body with Stripe's own check (HMAC-SHA256 of `<t>.<body>`, timestamp within the
 * tolerance), and decodes what it is about (a Checkout Session, an account, money, a card's charge).
 */
export function verifyStripeSignature(rawBody: string, signatureHeader: string, webhookSecrets: string | readonly string[]): PaymentEvent {
  try {
    const event = constructEvent(rawBody, signatureHeader, typeof webhookSecrets === 'string' ? [webhookSecrets] : webhookSecrets);
    const object = event.data.object as unknown as Record<string, unknown>;
    return {
      id: event.id,
      type: event.type,
      created: event.created,
      session: decodeCheckoutSession(event.type, object),
      account: decodeAccount(event.type, object),
      money: decodeMoneyEvent(event.type, object),
      charge: decodeChargePayment(event.type, object),
    };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(error.message);
    // A body that is not an event (not JSON) fails after its signature matched: refused all the same.
    if (error instanceof SyntaxError) throw new WebhookSignatureError('The body is not a Stripe event');
    throw error;
  }
}

/** `endpoint`: tests only. */
export function stripePaymentProvider(credentials: StripeCredentials, endpoint?: StripeEndpoint): PaymentProvider {
  // Retries are ours to decide (the job's backoff, the next webhook); the SDK's own would repeat
  // behind the caller's back. Idempotency keys make either safe.
  const stripe = new Stripe(credentials.secretKey, { maxNetworkRetries: 0, timeout: 8000, telemetry: false, ...endpoint });

  return {
    createConnectedAccount: ({ userId, email }) =>
      call(async () =>
        stateOf(
          await stripe.accounts.create(
            {
              type: 'express',
              country: 'CA',
              email,
              capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
              metadata: { userId },
            },
            { idempotencyKey: `account-${userId}` },
          ),
        ),
      ),

    createOnboardingLink: ({ accountId, refreshUrl, returnUrl }) =>
      call(async () => {
        const link = await stripe.accountLinks.create(
          { account: accountId, type: 'account_onboarding', refresh_url: refreshUrl, return_url: returnUrl },
          // A link is single-use and short-lived: each request wants a new one, so the key is per call.
          { idempotencyKey: `account-link-${accountId}-${crypto.randomUUID()}` },
        );
        return { url: link.url };
      }),

    retrieveAccount: (accountId) => call(async () => stateOf(await stripe.accounts.retrieve(accountId))),

    createDashboardLink: (accountId) =>
      call(async () => {
        const link = await stripe.accounts.createLoginLink(
          accountId,
          {},
          { idempotencyKey: `login-link-${accountId}-${crypto.randomUUID()}` },
        );
        return { url: link.url };
      }),

    createCheckoutSession: (request) =>
      call(async () => {
        const metadata = {
          contractId: request.contractId,
          contractVersion: String(request.contractVersion),
          adId: request.adId,
          ownerId: request.ownerId,
          tenantId: request.tenantId,
        };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            currency: 'cad',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: 'cad', unit_amount: request.amountCents, product_data: { name: request.description } },
              },
            ],
            // Separate charges and transfers: the charge stays on the platform's account until the payout.
            payment_intent_data: { transfer_group: request.contractId, metadata },
            metadata,
            client_reference_id: request.contractId,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            locale: request.language,
            ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new PaymentProviderError('api', `Checkout Session ${session.id} has no URL`);
        return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
      }),

    expireCheckoutSession: (sessionId, idempotencyKey) =>
      call(async () => {
        try {
          await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey });
        } catch (error) {
          // Stripe refuses to expire a session that is no longer open: already what the caller wants.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
          const session = await stripe.checkout.sessions.retrieve(sessionId);
          if (session.status === 'open') throw error;
        }
      }),

    checkoutCharge: (sessionId) =>
      call(async () => {
        const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });
        const intent = session.payment_intent;
        const charge = intent && typeof intent !== 'string' ? intent.latest_charge : null;
        const chargeId = typeof charge === 'string' ? charge : charge?.id;
        if (!chargeId) throw new PaymentProviderError('invalidRequest', `Checkout Session ${sessionId} has no charge`);
        return chargeId;
      }),

    createTransfer: (request) =>
      call(async () => {
        const transfer = await stripe.transfers.create(
          {
            amount: request.amountCents,
            currency: 'cad',
            destination: request.destination,
            source_transaction: request.sourceTransaction,
            transfer_group: request.transferGroup,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { transferId: transfer.id };
      }),

    createRefund: (request) =>
      call(async () => {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentIntentId,
            ...(request.amountCents === undefined ? {} : { amount: request.amountCents }),
            metadata: { contractId: request.contractId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        // A status Stripe may add later reads as under way: its refund.* event tells the outcome.
        return { refundId: refund.id, state: refundStateOf(refund.status) ?? 'PENDING' };
      }),

    reverseTransfer: (request) =>
      call(async () => {
        const reversal = await stripe.transfers.createReversal(
          request.transferId,
          { ...(request.amountCents === undefined ? {} : { amount: request.amountCents }), metadata: { contractId: request.contractId } },
          { idempotencyKey: request.idempotencyKey },
        );
        return { reversalId: reversal.id, amountCents: reversal.amount };
      }),

    findTransfer: (transferGroup) =>
      call(async () => {
        const { data } = await stripe.transfers.list({ transfer_group: transferGroup, limit: 10 });
        // Newest first: the one still holding money is the payout that counts.
        const transfer = data.find((candidate) => candidate.amount_reversed < candidate.amount) ?? data[0];
        if (!transfer) return null;
        const destination = typeof transfer.destination === 'string' ? transfer.destination : transfer.destination?.id;
        if (!destination) throw new PaymentProviderError('api', `Transfer ${transfer.id} has no destination`);
        return { transferId: transfer.id, amountCents: transfer.amount, amountReversedCents: transfer.amount_reversed, destination };
      }),

    chargeTransferGroup: (chargeId) =>
      call(async () => {
        // Checkout sets the group on the payment intent; the charge copies it, but may not yet.
        const charge = await stripe.charges.retrieve(chargeId, { expand: ['payment_intent'] });
        const intent = charge.payment_intent;
        return charge.transfer_group ?? (intent && typeof intent !== 'string' ? intent.transfer_group : null);
      }),

    verifyWebhook: (rawBody, signatureHeader) =>
      verifyStripeSignature(rawBody, signatureHeader, [
        credentials.webhookSecret,
        ...(credentials.connectWebhookSecret ? [credentials.connectWebhookSecret] : []),
      ]),
  };
}
