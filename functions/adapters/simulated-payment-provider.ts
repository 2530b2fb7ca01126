// The local payment simulator behind the payments port (`npm start`, no Stripe keys). It keeps what
// Stripe would keep in the table (data/payment-simulator.ts), answers idempotent calls as Stripe does
// (the same key gets the first answer; the same key in flight is refused), and hands out links to its
// own pages on the local host (infra/local/dev-payments.ts), where a person completes or abandons
// onboarding and pays, declines, cancels or lets a Checkout Session expire, and refunds or disputes a
// charge. What happens there reaches the app only as webhook events signed like Stripe's
// (payment-simulator.ts); so do the refunds and transfer reversals the app asks for, once it has its answer.

import { randomBytes } from 'node:crypto';
import {
  getSimulatedTransfer,
  getSimulatorRecord,
  putSimulatedTransfer,
  putSimulatorRecord,
  reverseSimulatedTransfer,
  simulatedGroupTransfers,
  updateSimulatorRecord,
  type SimulatedAccount,
  type SimulatedCall,
  type SimulatedSession,
  type SimulatedTransfer,
} from '../data/payment-simulator';
import { epochSeconds } from '../domain/clock';
import { publicUrl } from './env';
import {
  deliverAfterAnswer,
  deliverSimulatorEvent,
  existingCharge,
  locked,
  OPEN_SESSION,
  refundCharge,
  refused,
  sessionObject,
  SIMULATOR_PATHS,
  simulatorEvent,
  simulatorId,
  transferObject,
  type SimulatorEvent,
  type SimulatorEventDelivery,
} from './payment-simulator';
import { PaymentProviderError, type PaymentProviderErrorKind } from './payment-errors';
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

/**
 * Runs `make` once per key, as Stripe's idempotency keys do (kept a day): a replay gets the first
 * answer, or the first refusal again; 409 while the first call runs.
 */
async function idempotent<T>(key: string, make: () => Promise<T>): Promise<T> {
  if (await putSimulatorRecord('CALL', key, { key, answer: null }, epochSeconds() + DAY_SECONDS)) {
    const keep = (done: Omit<SimulatedCall, 'key'>) =>
      putSimulatorRecord('CALL', `${key}#answer`, { key, ...done }, epochSeconds() + DAY_SECONDS);
    try {
      const answer = await make();
      await keep({ answer });
      return answer;
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        const { kind, message, statusCode, providerCode } = error;
        await keep({ answer: null, error: { kind, message, statusCode, providerCode } });
      }
      throw error;
    }
  }
  const done = await getSimulatorRecord('CALL', `${key}#answer`);
  // Stripe answers 409, which its SDK raises as an API error: worth retrying once the first call is done.
  if (!done) throw new PaymentProviderError('api', 'A request with this idempotency key is in progress', 409);
  if (done.error)
    throw new PaymentProviderError(
      done.error.kind as PaymentProviderErrorKind,
      done.error.message,
      done.error.statusCode,
      done.error.providerCode,
    );
  return done.answer as T;
}

async function existingAccount(accountId: string): Promise<SimulatedAccount> {
  const account = await getSimulatorRecord('ACCOUNT', accountId);
  if (!account) throw new PaymentProviderError('invalidRequest', `No such account: '${accountId}'`, 404, 'resource_missing');
  return account;
}

/** The transfer as the port reads it (Stripe's `amount_reversed`). */
const transferFacts = (transfer: SimulatedTransfer) => ({
  transferId: transfer.transferId,
  amountCents: transfer.amountCents,
  amountReversedCents: transfer.amountReversedCents ?? 0,
  destination: transfer.accountId,
});

/** `deliver`: where the events of the app's calls go (the webhook route unless told: tests capture them). */
export function simulatedPaymentProvider({
  webhookSecret,
  deliver,
}: {
  webhookSecret: string;
  deliver?: SimulatorEventDelivery;
}): PaymentProvider {
  /** An idempotent call whose events go once it has answered, and only the first time (a replay makes none). */
  async function answerThenDeliver<T>(key: string, make: () => Promise<[T, SimulatorEvent[]]>): Promise<T> {
    let events: SimulatorEvent[] = [];
    const answer = await idempotent(key, async () => {
      const [made, madeEvents] = await make();
      events = madeEvents;
      return made;
    });
    deliverAfterAnswer(events, deliver);
    return answer;
  }

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
          amountReversedCents: 0,
          sourceTransaction: request.sourceTransaction,
          transferGroup: request.transferGroup,
          created: epochSeconds(),
        };
        await putSimulatedTransfer(transfer);
        return { transferId: transfer.transferId };
      }),

    createRefund: (request) =>
      answerThenDeliver(request.idempotencyKey, async () => {
        const payment = await getSimulatorRecord('INTENT', request.paymentIntentId);
        if (!payment) throw refused(`No such payment_intent: '${request.paymentIntentId}'`, 'resource_missing', 404);
        const { refund, events } = await refundCharge(await existingCharge(payment.chargeId), request.amountCents, request.contractId);
        return [{ refundId: refund.refundId, state: 'SUCCEEDED' }, events];
      }),

    reverseTransfer: (request) =>
      answerThenDeliver(request.idempotencyKey, async () => {
        const transfer = await getSimulatedTransfer(request.transferId);
        if (!transfer) throw refused(`No such transfer: '${request.transferId}'`, 'resource_missing', 404);
        const left = transfer.amountCents - (transfer.amountReversedCents ?? 0);
        const amountCents = request.amountCents ?? left;
        if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > left)
          throw refused(
            `The reversal amount (${amountCents}) must be positive and at most what is left of the transfer (${left}).`,
            'amount_too_large',
          );
        const reversal = { reversalId: simulatorId('trr'), amountCents, contractId: request.contractId, created: epochSeconds() };
        const reversed = await reverseSimulatedTransfer(transfer, reversal);
        if (!reversed) throw locked();
        return [{ reversalId: reversal.reversalId, amountCents }, [simulatorEvent('transfer.reversed', transferObject(reversed))]];
      }),

    async findTransfer(transferGroup) {
      const transfers = await simulatedGroupTransfers(transferGroup);
      const transfer = transfers.find((candidate) => (candidate.amountReversedCents ?? 0) < candidate.amountCents) ?? transfers[0];
      return transfer ? transferFacts(transfer) : null;
    },

    chargeTransferGroup: async (chargeId) => (await existingCharge(chargeId)).transferGroup,

    verifyWebhook: (rawBody, signatureHeader) => verifyStripeSignature(rawBody, signatureHeader, webhookSecret),
  };
}
