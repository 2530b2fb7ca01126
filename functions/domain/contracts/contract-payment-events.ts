// What the provider's Checkout events do to a contract (issue 20 §4–§6). The contract becomes PAID
// here only, from a verified event, never from the browser's return. Each handler is safe to run
// again (the webhook handles an event once by id: its claim goes in the handler's transaction, and is
// given back when a handler fails so the provider's retry redoes it in full) and tolerates events in
// any order:
// - a payment (`checkout.session.completed` paid, `checkout.session.async_payment_succeeded`) of the
//   contract's SUBMITTED version keeps the dates held for good and makes the contract PAID; one that
//   can no longer apply (the dates were lost meanwhile, the contract was edited, cancelled or already
//   paid through another session) is refunded in full, the contract left as it is;
// - a session that ends unpaid (`checkout.session.expired`, `checkout.session.async_payment_failed`)
//   frees the dates if it is still the contract's current attempt; a late one changes nothing.
// The webhook does only what must be atomic with the payment's state, and acknowledges. The common
// case is one request with no read before it: the session's metadata names the contract, the version
// it charges, its ad and its parties, so one transaction writes PAID (conditioned on the contract
// being as the session says), the dates this attempt held kept for good (conditioned on that hold
// being live), the event's claim and, with the local host's table scheduler, the `contract-paid`
// one-time job (on AWS, EventBridge Scheduler is called once it is written); then the live events to
// both parties' open pages (the success page waits for them). An expiry frees its hold the same way.
// Only when that transaction is refused does the handling read (the event's marker, the contract and
// the ad's calendar, in one request: webhooks.ts) and decide as it always did: a replay, a lapsed hold
// placed again, lost dates refunded, a late or duplicate event. Everything else is the job's, safe to
// run again and retried with backoff: the payout's schedule, the receipts (once), the conversation's
// line, the closing, the rating reminders and the ratings due. The provider's retry of an event whose
// run failed after PAID (a scheduling failure) finds the contract paid by that session and schedules
// the job again.

import { logger } from '../../adapters/log';
import { countMetric } from '../../adapters/metrics';
import type { CheckoutSessionFacts, PaymentEvent } from '../../adapters/payment-provider';
import { paymentProvider } from '../../adapters/payment-provider';
import { scheduler, type OneTimeSchedule } from '../../adapters/scheduler';
import { noRead, readsBoth, type KeyedReads } from '../../data/client';
import {
  calendarRead,
  contractRead,
  getContract,
  payContractUnread,
  releaseBookingHold,
  releaseHoldUnread,
  replaceContractHolding,
  type BookingCalendar,
  type ContractRecord,
} from '../../data/contracts';
import { DataRefusal } from '../../data/errors';
import type { EventClaim, PaymentEventHandler } from '../payments/webhook-handlers';
import { now } from '../clock';
import { issueContractDocuments } from './contract-documents';
import { emailPaymentRefundedDatesTaken, publishContractStep, tellPartiesOfStep, type PublishedContract } from './contract-notices';
import { scheduleRatingReminders } from '../ratings/rating-reminders';
import { markRatingsDue } from '../ratings/ratings-to-give';
import { JOB_RETRY_DELAYS_MS, scheduleClose, schedulePayout, scheduleRetry } from './contract-payouts';
// Not migrated to receiving its ports yet (docs/payments.md, "How the money core gets its ports"): it asks the root for the payout's.
import { contractPorts } from '../../adapters/composition-root';
import { nextStatus } from './contract-states';
import { step } from './contracts';

export const CONTRACT_PAID_JOB = 'contract-paid';

/** The contract-paid job of a paid contract, due at once. */
const contractPaidJob = (contractId: string): OneTimeSchedule => ({
  name: `paid-${contractId}`,
  job: CONTRACT_PAID_JOB,
  at: now(),
  payload: { contractId },
});

/** Schedules the contract-paid job; scheduling it again while it is pending changes nothing. */
async function scheduleContractPaid(contractId: string): Promise<void> {
  await scheduler().scheduleOnce(contractPaidJob(contractId));
}

/**
 * The `contract-paid` job, run at once after the webhook made a contract PAID: the payout's schedule,
 * the closing's and the rating reminders' (a schedule pending is kept), the ratings due on the
 * parties' dashboards, the numbered receipt and fee invoice (each numbered once), the receipts (once) and the
 * conversation's line in the tenant's name (once per step), each safe to redo. A failed run schedules
 * its own retry with the payouts' backoff (the local host's scheduler does not run a failed job again;
 * `payload.failures` counts the failed runs); once those are spent, the failure is its invoker's.
 */
export async function runContractPaid(payload: Record<string, unknown>): Promise<'TOLD' | 'NOTHING_TO_DO' | 'RETRY_SCHEDULED'> {
  const contract = typeof payload.contractId === 'string' ? await getContract(payload.contractId) : undefined;
  if (!contract?.payment) return 'NOTHING_TO_DO';
  const failures = typeof payload.failures === 'number' ? payload.failures : 0;
  // Every step to its end, side by side: what succeeded is in place before a retry is scheduled.
  const failed = (
    await Promise.allSettled([
      schedulePayout(contractPorts, contract),
      scheduleClose(contractPorts, contract),
      scheduleRatingReminders(contract),
      markRatingsDue(contract),
      // The receipts e-mailed name the numbered receipt and fee invoice: issued first (once, whatever runs again).
      issueContractDocuments(contract.id).then(() => tellPartiesOfStep(contract, 'PAID', contract.tenantId)),
    ])
  ).find((outcome) => outcome.status === 'rejected');
  if (!failed) return 'TOLD';
  if (failures >= JOB_RETRY_DELAYS_MS.length) throw failed.reason;
  await scheduleRetry(contractPorts, {
    job: CONTRACT_PAID_JOB,
    prefix: 'paid',
    contractId: contract.id,
    failures: failures + 1,
    error: failed.reason,
  });
  return 'RETRY_SCHEDULED';
}

/** What a Checkout Session's event says of its contract (decoded by the adapter). */
type SessionFacts = CheckoutSessionFacts;

/** Rounds of read-then-conditional-write against other writers of the contract (an edit, a cancel, another event). */
const CONTRACT_TRIES = 5;

/**
 * The whole payment goes back to the tenant, once the event is claimed (a duplicate delivery refunds
 * and tells nothing again); the key makes a retried event refund once.
 */
async function refundSession(facts: SessionFacts, reason: string, claim: EventClaim): Promise<void> {
  await claim.alone();
  const paymentIntentId = facts.paymentIntentId!;
  logger().warn('refunding a Checkout Session', { sessionId: facts.sessionId, contractId: facts.contractId, reason });
  await (
    await paymentProvider()
  ).createRefund({ paymentIntentId, contractId: facts.contractId, idempotencyKey: `refund-session-${facts.sessionId}` });
}

/** Why this payment cannot make the contract PAID; null when it can. */
function refusalOf(contract: ContractRecord, facts: SessionFacts): string | null {
  if (contract.status !== 'SUBMITTED') return `the contract is ${contract.status}`;
  // The platform charges in CAD only: a payment in another currency is none it can account for.
  if (facts.currency !== 'cad') return `the session was paid in ${facts.currency ?? 'no currency'}`;
  if (contract.version !== facts.contractVersion)
    return `the session paid version ${facts.contractVersion}, the contract is at ${contract.version}`;
  if (facts.amountCents !== contract.content.totalPriceCents)
    return `the session paid ${facts.amountCents} cents of ${contract.content.totalPriceCents}`;
  return null;
}

/** What a session's handling starts from: its contract and its ad's calendar (none for a session of no contract). */
type SessionStart = [contract: ContractRecord | undefined, calendar: BookingCalendar | undefined];

const sessionStart = ({ session: facts }: PaymentEvent): KeyedReads<SessionStart> => {
  return readsBoth(facts ? contractRead(facts.contractId) : noRead, facts?.adId ? calendarRead(facts.adId) : noRead);
};

/**
 * Once PAID is written: the contract-paid job (unless the transaction wrote it) and the live events
 * to both parties' open pages, which the success page waits for, side by side. Both are safe to redo:
 * the provider's retry of an event whose run failed here schedules the job again.
 */
async function afterPaid(paid: PublishedContract, jobWritten: boolean): Promise<void> {
  countMetric('ContractPaid');
  await Promise.all([jobWritten ? undefined : scheduleContractPaid(paid.id), publishContractStep(paid, 'PAID')]);
}

/**
 * A payment's common case in one request, with no read before it: the session's metadata names the
 * contract, its version, ad and parties, so PAID (from SUBMITTED at that version and amount, between
 * those parties), the dates this attempt held kept for good, the event's claim and, when the scheduler
 * keeps its schedules in the table, the contract-paid job go in one transaction. False when a condition
 * did not hold and nothing was written (a hold lapsed, the dates lost, the contract changed, cancelled
 * or paid already, a session from before the metadata named the parties): the handling then reads and
 * decides (paymentSucceeded).
 */
async function paidUnread(facts: SessionFacts, claim: EventClaim): Promise<boolean> {
  const { contractId, contractVersion: version, adId, ownerId, tenantId, paymentIntentId, amountCents } = facts;
  // Another currency (refunded) is decided on the read path.
  if (!adId || !ownerId || !tenantId || !paymentIntentId || amountCents === null || facts.currency !== 'cad') return false;
  const verdict = nextStatus('SUBMITTED', 'PAY', 'SYSTEM');
  if (!verdict.allowed) throw new Error('PAY refused from SUBMITTED');
  const at = now().toISOString();
  const job = scheduler().scheduleWithin?.(contractPaidJob(contractId));
  const written = await payContractUnread(
    { contractId, adId },
    { status: 'SUBMITTED', version, totalPriceCents: amountCents, ownerId, tenantId },
    {
      status: verdict.to,
      updatedAt: at,
      payment: { sessionId: facts.sessionId, paymentIntentId, amountCents, paidAt: at },
      step: step('PAID', { status: verdict.to, version }, null, at),
    },
    at,
    { claim: claim.put, alongWith: job ? [job] : [] },
  );
  if (written) await afterPaid({ id: contractId, ownerId, tenantId, status: verdict.to, version, updatedAt: at }, Boolean(job));
  return written;
}

/** A paid session's event, tried with no read first; a session of no contract has nothing to do. */
async function paymentSucceededUnread({ session: facts }: PaymentEvent, claim: EventClaim): Promise<boolean> {
  return !facts || paidUnread(facts, claim);
}

async function paymentSucceeded({ session: facts }: PaymentEvent, [readAhead, calendar]: SessionStart, claim: EventClaim): Promise<void> {
  if (!facts) return;
  // A paid session always names its payment and amount: without them there is nothing to record or refund.
  if (!facts.paymentIntentId || facts.amountCents === null) throw new Error(`Checkout Session ${facts.sessionId} is paid but incomplete`);
  for (let attempt = 1; ; attempt++) {
    // The first round decides on the contract read with the event's marker; every write is conditioned on it.
    const contract = attempt === 1 ? readAhead : await getContract(facts.contractId);
    if (!contract) return;
    // This very payment made it PAID already (a duplicate event of another id, the async success after the
    // completion, or the provider's retry of a run that failed after PAID): only the contract-paid job,
    // which schedules the payout and tells the parties, is made sure of (running it again changes nothing).
    if (contract.payment?.sessionId === facts.sessionId) return scheduleContractPaid(contract.id);
    const refusal = refusalOf(contract, facts);
    if (refusal) return refundSession(facts, refusal, claim);
    const at = now().toISOString();
    try {
      const verdict = nextStatus(contract.status, 'PAY', 'SYSTEM');
      if (!verdict.allowed) throw new Error(`PAY refused from ${contract.status}`);
      // PAID, the dates kept for good (expiresAt null) and the event's claim in one write; a hold that
      // lapsed while the tenant paid is placed again if the dates are still free. A later round reads
      // the calendar anew.
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
        { calendar: attempt === 1 ? calendar : undefined, claim: claim.put },
      );
      return afterPaid(paid, false);
    } catch (error) {
      if (error instanceof DataRefusal && error.reason === 'DATES_TAKEN') {
        await refundSession(facts, 'its dates are held for another contract', claim);
        // The tenant paid and holds nothing: they hear why the money comes back (the other refusals
        // follow a step of theirs or the owner's, which told them already).
        return emailPaymentRefundedDatesTaken(contract, facts.amountCents);
      }
      // The contract changed meanwhile: read it again and decide anew.
      if (!(error instanceof DataRefusal && error.reason === 'STALE_VERSION') || attempt >= CONTRACT_TRIES) throw error;
    }
  }
}

/**
 * A session's end, tried with no read first: the dates freed if the contract is SUBMITTED with that
 * session as its current attempt and holds dates; otherwise (or a session from before the metadata
 * named the ad) the handling reads and decides (paymentEnded), which writes nothing when there is
 * nothing to free.
 */
async function paymentEndedUnread({ session: facts }: PaymentEvent, claim: EventClaim): Promise<boolean> {
  if (!facts) return true;
  if (!facts.adId) return false;
  return releaseHoldUnread({ contractId: facts.contractId, adId: facts.adId, sessionId: facts.sessionId }, claim.put);
}

async function paymentEnded({ session: facts }: PaymentEvent, [contract, calendar]: SessionStart, claim: EventClaim): Promise<void> {
  if (!facts) return;
  // A session replaced by a newer attempt, or a contract paid, cancelled or gone: the dates are not this session's to free.
  if (!contract || contract.status !== 'SUBMITTED' || contract.checkout?.sessionId !== facts.sessionId) return;
  await releaseBookingHold(contract.adId, contract.id, now().toISOString(), { calendar, claim: claim.put });
}

async function checkoutCompleted(event: PaymentEvent, start: SessionStart, claim: EventClaim): Promise<void> {
  // A delayed method (a bank debit) completes the session unpaid; its async event says how it ends.
  if (!event.session?.paid) return;
  await paymentSucceeded(event, start, claim);
}

/** A completion tried with no read first: an unpaid one (a delayed method) has nothing to do. */
const checkoutCompletedUnread = (event: PaymentEvent, claim: EventClaim): Promise<boolean> =>
  event.session?.paid ? paymentSucceededUnread(event, claim) : Promise.resolve(true);

/**
 * A handler tried first from what the session says (one request in the common case), and otherwise
 * from the session's contract and calendar, read with the event's marker.
 */
const onSession = (
  optimistic: NonNullable<PaymentEventHandler['optimistic']>,
  handle: PaymentEventHandler<SessionStart>['handle'],
): PaymentEventHandler<SessionStart> => ({ optimistic, read: sessionStart, handle });

export const CHECKOUT_EVENT_HANDLERS = {
  'checkout.session.completed': onSession(checkoutCompletedUnread, checkoutCompleted),
  'checkout.session.async_payment_succeeded': onSession(paymentSucceededUnread, paymentSucceeded),
  'checkout.session.expired': onSession(paymentEndedUnread, paymentEnded),
  'checkout.session.async_payment_failed': onSession(paymentEndedUnread, paymentEnded),
} as const;
