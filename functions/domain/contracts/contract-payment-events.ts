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
// The webhook does only what must be atomic with the payment's state, and acknowledges: one read (the
// event's marker, the session's contract and its ad's booking calendar, the session's metadata naming
// the ad: webhooks.ts), one transaction (PAID, the dates kept for good, the event's claim), then the
// `contract-paid` one-time job scheduled for at once, beside the live events to both parties' open
// pages (the success page waits for them). Everything else is that job's, safe to run again and
// retried with backoff: the payout's schedule, the receipts (once), the conversation's line, the
// closing and the rating reminders. The provider's retry of an event whose run failed after PAID (a
// scheduling failure) finds the contract paid by that session and schedules the job again.

import type { PaymentEvent } from '../../adapters/payment-provider';
import { paymentProvider } from '../../adapters/payment-provider';
import { scheduler } from '../../adapters/scheduler';
import { noRead, readsBoth, type KeyedReads } from '../../data/client';
import {
  calendarRead,
  contractRead,
  getContract,
  releaseBookingHold,
  replaceContractHolding,
  type BookingCalendar,
  type ContractRecord,
} from '../../data/contracts';
import { DataRefusal } from '../../data/errors';
import type { EventClaim, PaymentEventHandler } from '../payments/webhook-handlers';
import { now } from '../clock';
import { emailPaymentRefundedDatesTaken, publishContractStep, tellPartiesOfStep } from './contract-notices';
import { scheduleRatingReminders } from '../ratings/rating-reminders';
import { JOB_RETRY_DELAYS_MS, scheduleClose, schedulePayout, scheduleRetry } from './contract-payouts';
import { nextStatus } from './contract-states';
import { step } from './contracts';

export const CONTRACT_PAID_JOB = 'contract-paid';

/** The contract-paid job of a paid contract, due at once; scheduling it again while it is pending changes nothing. */
async function scheduleContractPaid(contractId: string): Promise<void> {
  await scheduler().scheduleOnce({ name: `paid-${contractId}`, job: CONTRACT_PAID_JOB, at: now(), payload: { contractId } });
}

/**
 * The `contract-paid` job, run at once after the webhook made a contract PAID: the payout's schedule,
 * the closing's and the rating reminders' (a schedule pending is kept), the receipts (once) and the
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
      schedulePayout(contract),
      scheduleClose(contract),
      scheduleRatingReminders(contract),
      tellPartiesOfStep(contract, 'PAID', contract.tenantId),
    ])
  ).find((outcome) => outcome.status === 'rejected');
  if (!failed) return 'TOLD';
  if (failures >= JOB_RETRY_DELAYS_MS.length) throw failed.reason;
  await scheduleRetry({ job: CONTRACT_PAID_JOB, prefix: 'paid', contractId: contract.id, failures: failures + 1, error: failed.reason });
  return 'RETRY_SCHEDULED';
}

/** What a Checkout Session event says of the platform's contracts; undefined for a session of no contract. */
interface SessionFacts {
  sessionId: string;
  contractId: string;
  contractVersion: number;
  /** The contract's ad (absent from sessions opened before the metadata named it: its calendar is then read after the contract). */
  adId: string | undefined;
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
    adId: typeof metadata.adId === 'string' ? metadata.adId : undefined,
    // A string in events; an object only when a caller expanded it.
    paymentIntentId:
      typeof intent === 'string' ? intent : typeof (intent as { id?: unknown })?.id === 'string' ? (intent as { id: string }).id : null,
    amountCents: typeof object.amount_total === 'number' ? object.amount_total : null,
    paid: object.payment_status === 'paid',
  };
}

/** Rounds of read-then-conditional-write against other writers of the contract (an edit, a cancel, another event). */
const CONTRACT_TRIES = 5;

/**
 * The whole payment goes back to the tenant, once the event is claimed (a duplicate delivery refunds
 * and tells nothing again); the key makes a retried event refund once.
 */
async function refundSession(facts: SessionFacts, reason: string, claim: EventClaim): Promise<void> {
  await claim.alone();
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

/** What a session's handling starts from: its contract and its ad's calendar (none for a session of no contract). */
type SessionStart = [contract: ContractRecord | undefined, calendar: BookingCalendar | undefined];

const sessionStart = ({ object }: PaymentEvent): KeyedReads<SessionStart> => {
  const facts = sessionFacts(object);
  return readsBoth(facts ? contractRead(facts.contractId) : noRead, facts?.adId ? calendarRead(facts.adId) : noRead);
};

async function paymentSucceeded({ object }: PaymentEvent, [readAhead, calendar]: SessionStart, claim: EventClaim): Promise<void> {
  const facts = sessionFacts(object);
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
      // Both safe to redo (the provider's retry of a failed event schedules the job again), side by
      // side; the rest waits for the contract-paid job.
      await Promise.all([scheduleContractPaid(paid.id), publishContractStep(paid, 'PAID')]);
      return;
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

async function paymentEnded({ object }: PaymentEvent, [contract, calendar]: SessionStart, claim: EventClaim): Promise<void> {
  const facts = sessionFacts(object);
  if (!facts) return;
  // A session replaced by a newer attempt, or a contract paid, cancelled or gone: the dates are not this session's to free.
  if (!contract || contract.status !== 'SUBMITTED' || contract.checkout?.sessionId !== facts.sessionId) return;
  await releaseBookingHold(contract.adId, contract.id, now().toISOString(), { calendar, claim: claim.put });
}

async function checkoutCompleted(event: PaymentEvent, start: SessionStart, claim: EventClaim): Promise<void> {
  // A delayed method (a bank debit) completes the session unpaid; its async event says how it ends.
  if (event.object.payment_status !== 'paid') return;
  await paymentSucceeded(event, start, claim);
}

/** A handler that starts from the session's contract and calendar, read with the event's marker. */
const onSession = (handle: PaymentEventHandler<SessionStart>['handle']): PaymentEventHandler<SessionStart> => ({
  read: sessionStart,
  handle,
});

export const CHECKOUT_EVENT_HANDLERS = {
  'checkout.session.completed': onSession(checkoutCompleted),
  'checkout.session.async_payment_succeeded': onSession(paymentSucceeded),
  'checkout.session.expired': onSession(paymentEnded),
  'checkout.session.async_payment_failed': onSession(paymentEnded),
} as const;
