// What a person does on the local payment simulator's pages (infra/local/dev-payments.ts), and the
// webhook events that follow: built in Stripe's shape, signed with the local webhook secret by the
// `stripe` package's own helper (the same header Stripe sends), and posted to the app's webhook route,
// so the app learns of them exactly as it learns of Stripe's.

import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  getSimulatorRecord,
  putSimulatorRecord,
  simulatedTransfers,
  updateSimulatorRecord,
  type SimulatedAccount,
  type SimulatedLink,
  type SimulatedSession,
  type SimulatedTransfer,
} from '../data/payment-simulator';
import { epochSeconds, now } from '../domain/clock';
import { publicUrl, requireEnv } from './env';

/** The simulator's pages, served by the local host. */
export const SIMULATOR_PATHS = {
  onboarding: '/_dev/payments/onboarding',
  dashboard: '/_dev/payments/dashboard',
  checkout: '/_dev/payments/checkout',
} as const;

/** An id shaped like Stripe's (`acct_…`), ordered by creation so listings read newest first. */
export const simulatorId = (prefix: string) =>
  `${prefix}_sim${now().getTime().toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;

/** The condition of a change that only an open session may take. */
export const OPEN_SESSION = { expression: '#status = :open', names: { '#status': 'status' }, values: { ':open': 'open' } };

/** The app's webhook route (HTTP_ROUTES in handlers/catalog.ts). */
export const WEBHOOK_PATH = '/webhooks/stripe';

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

/** Builds an event of `type` about `object`, signs it with the local secret and delivers it (to the webhook route unless told). */
export async function deliverSimulatorEvent(
  type: string,
  object: Record<string, unknown>,
  deliver: SimulatorEventDelivery = postToWebhookRoute,
): Promise<void> {
  const created = epochSeconds();
  const payload = JSON.stringify({
    id: simulatorId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: requireEnv('PAYMENT_SIMULATOR_WEBHOOK_SECRET'),
    timestamp: created,
  });
  await deliver(payload, signature);
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
 */
export async function actOnOnboarding({ link, account }: OnboardingVisit, choice: OnboardingChoice): Promise<string> {
  if (choice === 'expire' || link.ttl <= epochSeconds()) return link.refreshUrl;
  if (choice === 'complete' && !(account.detailsSubmitted && account.chargesEnabled && account.payoutsEnabled)) {
    const done = { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true };
    await updateSimulatorRecord('ACCOUNT', account.accountId, done);
    await deliverSimulatorEvent('account.updated', accountObject({ ...account, ...done }));
  }
  return link.returnUrl;
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

export type CheckoutChoice = 'pay' | 'decline' | 'cancel' | 'expire';

/**
 * `pay`: the card is charged (checkout.session.completed), the browser goes to the success URL;
 * `decline`: the card is refused, the page says so and the session stays open (undefined: stay);
 * `cancel`: back to the cancel URL, the session stays open until it expires, as on Stripe;
 * `expire`: the session ends now (checkout.session.expired), back to the cancel URL.
 * The events go to the webhook route unless `deliver` hands them to the app another way (the demo
 * seed runs before the local host answers, and the benchmark times the handling itself).
 */
export async function actOnCheckout(
  session: SimulatedSession,
  choice: CheckoutChoice,
  deliver?: SimulatorEventDelivery,
): Promise<string | undefined> {
  if (session.status !== 'open') return session.status === 'complete' ? session.successUrl : session.cancelUrl;
  if (choice === 'decline') return undefined;
  if (choice === 'cancel') return session.cancelUrl;
  if (choice === 'expire') {
    await expire(session, deliver);
    return session.cancelUrl;
  }
  const paid = { status: 'complete' as const, paymentStatus: 'paid' as const };
  if (await updateSimulatorRecord('SESSION', session.sessionId, paid, OPEN_SESSION)) {
    await deliverSimulatorEvent('checkout.session.completed', sessionObject({ ...session, ...paid }), deliver);
  }
  return session.successUrl;
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
