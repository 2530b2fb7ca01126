// The local payment simulator behind the payments port (`npm start`, no Stripe keys). It keeps what
// Stripe would keep in the table (data/payment-simulator.ts), answers idempotent calls as Stripe does
// (the same key gets the first answer; the same key in flight is refused), and hands out links to its
// own pages on the local host (infra/local/dev-payments.ts), where a person completes or abandons
// onboarding and pays, declines, cancels or lets a Checkout Session expire. What happens there reaches
// the app only as webhook events signed like Stripe's (payment-simulator.ts).

import { randomBytes } from 'node:crypto';
import {
  getSimulatorRecord,
  putSimulatedTransfer,
  putSimulatorRecord,
  updateSimulatorRecord,
  type SimulatedAccount,
  type SimulatedSession,
} from '../data/payment-simulator';
import { epochSeconds } from '../domain/clock';
import { publicUrl } from './env';
import { deliverSimulatorEvent, OPEN_SESSION, sessionObject, SIMULATOR_PATHS, simulatorId } from './payment-simulator';
import { PaymentProviderError } from './payment-errors';
import type { ConnectedAccountState, PaymentProvider } from './payment-provider';
import { verifyStripeSignature } from './stripe-payment-provider';

const DAY_SECONDS = 24 * 3600;
/** Stripe's Account Links live a few minutes. */
const LINK_SECONDS = 300;

export const accountStateOf = (account: SimulatedAccount): ConnectedAccountState => ({
  accountId: account.accountId,
  chargesEnabled: account.chargesEnabled,
  payoutsEnabled: account.payoutsEnabled,
  detailsSubmitted: account.detailsSubmitted,
});

/** Runs `make` once per key, as Stripe's idempotency keys do (kept a day); 409 while the first call runs. */
async function idempotent<T>(key: string, make: () => Promise<T>): Promise<T> {
  if (await putSimulatorRecord('CALL', key, { key, answer: null }, epochSeconds() + DAY_SECONDS)) {
    const answer = await make();
    await putSimulatorRecord('CALL', `${key}#answer`, { key, answer }, epochSeconds() + DAY_SECONDS);
    return answer;
  }
  const done = await getSimulatorRecord('CALL', `${key}#answer`);
  // Stripe answers 409, which its SDK raises as an API error: worth retrying once the first call is done.
  if (!done) throw new PaymentProviderError('api', 'A request with this idempotency key is in progress', 409);
  return done.answer as T;
}

async function existingAccount(accountId: string): Promise<SimulatedAccount> {
  const account = await getSimulatorRecord('ACCOUNT', accountId);
  if (!account) throw new PaymentProviderError('invalidRequest', `No such account: '${accountId}'`, 404, 'resource_missing');
  return account;
}

export function simulatedPaymentProvider({ webhookSecret }: { webhookSecret: string }): PaymentProvider {
  return {
    createConnectedAccount: ({ userId, email }) =>
      idempotent(`account-${userId}`, async () => {
        const account: SimulatedAccount = {
          accountId: simulatorId('acct'),
          userId,
          email,
          detailsSubmitted: false,
          chargesEnabled: false,
          payoutsEnabled: false,
          created: epochSeconds(),
        };
        await putSimulatorRecord('ACCOUNT', account.accountId, account);
        return accountStateOf(account);
      }),

    async createOnboardingLink({ accountId, refreshUrl, returnUrl }) {
      await existingAccount(accountId);
      const token = randomBytes(18).toString('base64url');
      const ttl = epochSeconds() + LINK_SECONDS;
      await putSimulatorRecord('LINK', token, { token, accountId, refreshUrl, returnUrl, ttl }, ttl);
      return { url: `${publicUrl()}${SIMULATOR_PATHS.onboarding}?link=${token}` };
    },

    retrieveAccount: async (accountId) => accountStateOf(await existingAccount(accountId)),

    async createDashboardLink(accountId) {
      const account = await existingAccount(accountId);
      if (!account.detailsSubmitted)
        throw new PaymentProviderError(
          'invalidRequest',
          'Cannot create a login link for an account that has not completed onboarding',
          400,
        );
      return { url: `${publicUrl()}${SIMULATOR_PATHS.dashboard}?account=${encodeURIComponent(accountId)}` };
    },

    createCheckoutSession: async (request) => {
      // Kept as the table stores it (epoch seconds), the answer is the same on a replay.
      const answer = await idempotent(request.idempotencyKey, async () => {
        if (!Number.isSafeInteger(request.amountCents) || request.amountCents < 50)
          throw new PaymentProviderError('invalidRequest', 'The amount must be an integer of at least 50 cents', 400, 'amount_too_small');
        const session: SimulatedSession = {
          sessionId: simulatorId('cs'),
          contractId: request.contractId,
          contractVersion: request.contractVersion,
          adId: request.adId,
          ownerId: request.ownerId,
          tenantId: request.tenantId,
          amountCents: request.amountCents,
          description: request.description,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          language: request.language,
          ...(request.customerEmail ? { customerEmail: request.customerEmail } : {}),
          expiresAt: epochSeconds(request.expiresAt),
          created: epochSeconds(),
          status: 'open',
          paymentStatus: 'unpaid',
          paymentIntentId: simulatorId('pi'),
          chargeId: simulatorId('ch'),
        };
        await putSimulatorRecord('SESSION', session.sessionId, session);
        return {
          sessionId: session.sessionId,
          url: `${publicUrl()}${SIMULATOR_PATHS.checkout}?session=${session.sessionId}`,
          expiresAt: session.expiresAt,
        };
      });
      return { ...answer, expiresAt: new Date(answer.expiresAt * 1000) };
    },

    async expireCheckoutSession(sessionId, idempotencyKey) {
      await idempotent(idempotencyKey, async () => {
        // Only an open session expires; a completed or expired one stays as it is.
        const session = await getSimulatorRecord('SESSION', sessionId);
        if (session && (await updateSimulatorRecord('SESSION', sessionId, { status: 'expired' }, OPEN_SESSION)))
          await deliverSimulatorEvent('checkout.session.expired', sessionObject({ ...session, status: 'expired' }));
        return null;
      });
    },

    async checkoutCharge(sessionId) {
      const session = await getSimulatorRecord('SESSION', sessionId);
      if (session?.paymentStatus !== 'paid')
        throw new PaymentProviderError('invalidRequest', `Checkout Session ${sessionId} has no charge`, 404, 'resource_missing');
      return session.chargeId;
    },

    createTransfer: (request) =>
      idempotent(request.idempotencyKey, async () => {
        const account = await existingAccount(request.destination);
        if (!account.payoutsEnabled)
          throw new PaymentProviderError('invalidRequest', 'The destination account cannot receive transfers', 400, 'account_invalid');
        const transfer = {
          transferId: simulatorId('tr'),
          accountId: account.accountId,
          amountCents: request.amountCents,
          sourceTransaction: request.sourceTransaction,
          transferGroup: request.transferGroup,
          created: epochSeconds(),
        };
        await putSimulatedTransfer(transfer);
        return { transferId: transfer.transferId };
      }),

    createRefund: (request) => idempotent(request.idempotencyKey, async () => ({ refundId: simulatorId('re'), status: 'succeeded' })),

    verifyWebhook: (rawBody, signatureHeader) => verifyStripeSignature(rawBody, signatureHeader, webhookSecret),
  };
}
