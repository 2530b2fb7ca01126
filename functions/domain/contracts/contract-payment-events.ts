// What the provider's Checkout events do to a contract (issue 20 §4–§6). The contract becomes PAID
// here only, from a verified event, never from the browser's return. Each handler is safe to run
// again (the webhook claims an event once by id, and gives the claim back when a handler fails so
// the provider's retry redoes it in full) and tolerates events in any order:
// - a payment (`checkout.session.completed` paid, `checkout.session.async_payment_succeeded`) of the
//   contract's SUBMITTED version keeps the dates held for good and makes the contract PAID; one that
//   can no longer apply (the dates were lost meanwhile, the contract was edited, cancelled or already
//   paid through another session) is refunded in full, the contract left as it is;
// - a session that ends unpaid (`checkout.session.expired`, `checkout.session.async_payment_failed`)
//   frees the dates if it is still the contract's current attempt; a late one changes nothing.

import type { PaymentEvent } from '../../adapters/payment-provider';
import { paymentProvider } from '../../adapters/payment-provider';
import { getContract, releaseBookingHold, replaceContractHolding, type ContractRecord } from '../../data/contracts';
import { DataRefusal } from '../../data/errors';
import { now } from '../clock';
import { announceContractStep, emailPaymentRefundedDatesTaken } from './contract-notices';
import { scheduleRatingReminders } from '../ratings/rating-reminders';
import { schedulePayout } from './contract-payouts';
import { nextStatus } from './contract-states';
import { step } from './contracts';

/** What a payment sets going: the payout and closing, and the reminders to rate the rental once over. */
async function scheduleAfterPayment(contract: Parameters<typeof schedulePayout>[0]): Promise<void> {
  await schedulePayout(contract);
  await scheduleRatingReminders(contract);
}

/** What a Checkout Session event says of the platform's contracts; undefined for a session of no contract. */
interface SessionFacts {
  sessionId: string;
  contractId: string;
  contractVersion: number;
  paymentIntentId: string | null;
  amountCents: number | null;
  paid: boolean;
}

function sessionFacts(object: Record<string, unknown>): SessionFacts | undefined {
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const contractVersion = Number(metadata.contractVersion);
  if (typeof object.id !== 'string' || typeof metadata.contractId !== 'string' || !Number.isSafeInteger(contractVersion)) return undefined;
  const intent = object.payment_intent;
  return {
    sessionId: object.id,
    contractId: metadata.contractId,
    contractVersion,
    // A string in events; an object only when a caller expanded it.
    paymentIntentId:
      typeof intent === 'string' ? intent : typeof (intent as { id?: unknown })?.id === 'string' ? (intent as { id: string }).id : null,
    amountCents: typeof object.amount_total === 'number' ? object.amount_total : null,
    paid: object.payment_status === 'paid',
  };
}

/** Rounds of read-then-conditional-write against other writers of the contract (an edit, a cancel, another event). */
const CONTRACT_TRIES = 5;

/** The whole payment goes back to the tenant; the key makes a retried event refund once. */
async function refundSession(facts: SessionFacts, reason: string): Promise<void> {
  const paymentIntentId = facts.paymentIntentId!;
  console.warn(`[payments] refunding session ${facts.sessionId} of contract ${facts.contractId}: ${reason}`);
  await (await paymentProvider()).createRefund({ paymentIntentId, idempotencyKey: `refund-session-${facts.sessionId}` });
}

/** Why this payment cannot make the contract PAID; null when it can. */
function refusalOf(contract: ContractRecord, facts: SessionFacts): string | null {
  if (contract.status !== 'SUBMITTED') return `the contract is ${contract.status}`;
  if (contract.version !== facts.contractVersion)
    return `the session paid version ${facts.contractVersion}, the contract is at ${contract.version}`;
  if (facts.amountCents !== contract.content.totalPriceCents)
    return `the session paid ${facts.amountCents} cents of ${contract.content.totalPriceCents}`;
  return null;
}

async function paymentSucceeded({ object }: PaymentEvent): Promise<void> {
  const facts = sessionFacts(object);
  if (!facts) return;
  // A paid session always names its payment and amount: without them there is nothing to record or refund.
  if (!facts.paymentIntentId || facts.amountCents === null) throw new Error(`Checkout Session ${facts.sessionId} is paid but incomplete`);
  for (let attempt = 1; ; attempt++) {
    const contract = await getContract(facts.contractId);
    if (!contract) return;
    // This very payment made it PAID already (a duplicate event of another id, the async success after the
    // completion, or the provider's retry of a run that failed after PAID): only the payout's schedule,
    // which changes nothing when it exists, is made sure of.
    if (contract.payment?.sessionId === facts.sessionId) return scheduleAfterPayment(contract);
    const refusal = refusalOf(contract, facts);
    if (refusal) return refundSession(facts, refusal);
    const at = now().toISOString();
    try {
      const verdict = nextStatus(contract.status, 'PAY', 'SYSTEM');
      if (!verdict.allowed) throw new Error(`PAY refused from ${contract.status}`);
      // PAID and the dates kept for good (expiresAt null) in one write; a hold that lapsed while the
      // tenant paid is placed again if the dates are still free.
      const paid = await replaceContractHolding(
        contract,
        {
          ...contract,
          status: verdict.to,
          updatedAt: at,
          payment: { sessionId: facts.sessionId, paymentIntentId: facts.paymentIntentId, amountCents: facts.amountCents, paidAt: at },
          history: [...contract.history, step('PAID', { status: verdict.to, version: contract.version }, null, at)],
        },
        { startAt: contract.content.startAt, endAt: contract.content.endAt, expiresAt: null },
        at,
      );
      // Both safe to redo (the provider's retry of a failed event redoes them); side by side, the
      // webhook answers sooner. The tenant's act: the conversation's line is in their name.
      await Promise.all([scheduleAfterPayment(paid), announceContractStep(paid, 'PAID', paid.tenantId)]);
      return;
    } catch (error) {
      if (error instanceof DataRefusal && error.reason === 'DATES_TAKEN') {
        await refundSession(facts, 'its dates are held for another contract');
        // The tenant paid and holds nothing: they hear why the money comes back (the other refusals
        // follow a step of theirs or the owner's, which told them already).
        return emailPaymentRefundedDatesTaken(contract, facts.amountCents);
      }
      // The contract changed meanwhile: read it again and decide anew.
      if (!(error instanceof DataRefusal && error.reason === 'STALE_VERSION') || attempt >= CONTRACT_TRIES) throw error;
    }
  }
}

async function paymentEnded({ object }: PaymentEvent): Promise<void> {
  const facts = sessionFacts(object);
  if (!facts) return;
  const contract = await getContract(facts.contractId);
  // A session replaced by a newer attempt, or a contract paid, cancelled or gone: the dates are not this session's to free.
  if (!contract || contract.status !== 'SUBMITTED' || contract.checkout?.sessionId !== facts.sessionId) return;
  await releaseBookingHold(contract.adId, contract.id, now().toISOString());
}

async function checkoutCompleted(event: PaymentEvent): Promise<void> {
  // A delayed method (a bank debit) completes the session unpaid; its async event says how it ends.
  if (event.object.payment_status !== 'paid') return;
  await paymentSucceeded(event);
}

export const CHECKOUT_EVENT_HANDLERS = {
  'checkout.session.completed': checkoutCompleted,
  'checkout.session.async_payment_succeeded': paymentSucceeded,
  'checkout.session.expired': paymentEnded,
  'checkout.session.async_payment_failed': paymentEnded,
} as const;
