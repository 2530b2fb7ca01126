// Where a paid contract's money stands, from the facts recorded on it (the payment, its refunds, the
// payout and its reversals, a dispute). Pure: the payout, the refunds, the webhook and the pages all
// count the same way. Integer cents throughout.
//
// Who bears a refund (docs/payments.md, "Refunds"): the owner's share first, then the platform's fee;
// a refund after the payout takes back from the owner's transfer as much as it reduces their share.

import {
  policyRefund,
  PAYOUT_DELAY_MS,
  PAYOUT_MIN_AFTER_PAYMENT_MS,
  type CancellationQuote,
  type ContractMoneyState,
  type PayoutHold,
} from '@partage/graphql';
import type { ContractRecord } from '../../data/contracts';

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

/** The least time between the payment and the payout: the constant, or the host's setting. */
export function minPayoutAfterPaymentMs(): number {
  const configured = Number(process.env.PAYOUT_MIN_AFTER_PAYMENT_MS);
  return Number.isSafeInteger(configured) && configured >= 0 ? configured : PAYOUT_MIN_AFTER_PAYMENT_MS;
}

/**
 * When the payout may run: PAYOUT_DELAY_MS after the rental starts, and never sooner than the least
 * time after the payment (a rental that "starts" at a midnight already past is paid out no sooner).
 */
export function payoutDueAt(contract: Pick<ContractRecord, 'content' | 'payment'>): Date {
  const afterStart = Date.parse(contract.content.startAt) + PAYOUT_DELAY_MS;
  const afterPayment = contract.payment ? Date.parse(contract.payment.paidAt) + minPayoutAfterPaymentMs() : 0;
  return new Date(Math.max(afterStart, afterPayment));
}

/** What went back to the tenant or is on its way: the refunds known one by one, and never less than the charge's refunded total. */
export function refundedCents(contract: Pick<ContractRecord, 'refunds' | 'payment'>): number {
  const known = sum(
    Object.values(contract.refunds ?? {})
      .filter((refund) => refund.state === 'PENDING' || refund.state === 'SUCCEEDED')
      .map((refund) => refund.amountCents),
  );
  return Math.max(known, contract.payment?.chargeRefundedCents ?? 0);
}

/** What is left to give back. */
export const refundableCents = (contract: ContractRecord): number =>
  Math.max(0, (contract.payment?.amountCents ?? 0) - refundedCents(contract));

/** The whole payment went back. */
export const fullyRefunded = (contract: ContractRecord): boolean => Boolean(contract.payment) && refundableCents(contract) === 0;

/** The owner's share after what went back to the tenant (the refunds come out of it first). */
export const ownerShareCents = (contract: ContractRecord): number =>
  Math.max(0, contract.content.totalPriceCents - contract.content.platformFeeCents - refundedCents(contract));

/** What was taken back from the owner's account: the reversals known one by one, and never less than the transfer's reversed total. */
export const reversedCents = (contract: Pick<ContractRecord, 'payout'>): number =>
  Math.max(
    sum(Object.values(contract.payout?.reversals ?? {}).map((reversal) => reversal.amountCents)),
    contract.payout?.reversedFloorCents ?? 0,
  );

/** What the owner keeps of the transfer made to them. */
export const keptByOwnerCents = (contract: ContractRecord): number =>
  Math.max(0, (contract.payout?.amountCents ?? 0) - reversedCents(contract));

/**
 * What must be taken back from the owner for the refunds so far: what they kept of the transfer above
 * their share now (nothing before the payout).
 */
export const owedByOwnerCents = (contract: ContractRecord): number =>
  contract.payout?.transferId ? Math.max(0, keptByOwnerCents(contract) - ownerShareCents(contract)) : 0;

export const disputeOpen = (contract: Pick<ContractRecord, 'dispute'>): boolean => contract.dispute?.state === 'OPEN';

/** What the tenant's cancellation now gives back (contract-cancellation.ts), after what went back already; null when the tenant cannot cancel now. */
export function cancellationQuoteOf(contract: ContractRecord, at: Date): CancellationQuote | null {
  const policy = contract.content.cancellationPolicy;
  if (contract.status !== 'PAID' || contract.cancellation || disputeOpen(contract) || !contract.payment || !policy) return null;
  const quote = policyRefund(policy, contract.payment.amountCents, new Date(contract.content.startAt), at);
  if (!quote) return null;
  // A refund made before (an administrator's part) counts toward what the policy gives back.
  const refundCents = Math.max(0, quote.refundCents - refundedCents(contract));
  return { policy, percent: quote.percent, refundCents, until: quote.until.toISOString() };
}

/** How long after its due time a payout that has not run reads as overdue (its job failed for good, or was lost). */
const PAYOUT_OVERDUE_MS = 60 * 60 * 1000;

/** The payout should have run by `at` and nothing holds it nor runs it: its job failed for good, or its schedule was lost. */
export const payoutOverdue = (contract: ContractRecord, at: Date): boolean =>
  contract.status === 'PAID' &&
  !payoutHold(contract) &&
  !contract.payout?.claimedAt &&
  at.getTime() > payoutDueAt(contract).getTime() + PAYOUT_OVERDUE_MS;

/** Why the payout of a paid contract waits (null: it does not). */
export function payoutHold(contract: ContractRecord): PayoutHold | null {
  if (contract.status !== 'PAID') return null;
  if (disputeOpen(contract)) return 'DISPUTE';
  if (contract.refund) return 'REFUND';
  if (contract.payout?.flagged) return 'FLAGGED';
  return null;
}

/** The money as the pages show it (null until paid). */
export function moneyState(contract: ContractRecord): ContractMoneyState | null {
  const { payment, payout, dispute } = contract;
  if (!payment) return null;
  return {
    paidCents: payment.amountCents,
    refundedCents: refundedCents(contract),
    refundableCents: refundableCents(contract),
    ownerShareCents: ownerShareCents(contract),
    payoutDueAt: contract.status === 'PAID' ? payoutDueAt(contract).toISOString() : null,
    paidOutCents: payout?.transferId ? (payout.amountCents ?? 0) : 0,
    reversedCents: reversedCents(contract),
    payoutHeld: payoutHold(contract),
    dispute: dispute
      ? {
          state: dispute.state,
          reason: dispute.reason,
          amountCents: dispute.amountCents,
          evidenceDueBy: dispute.state === 'OPEN' ? dispute.evidenceDueBy : null,
          openedAt: dispute.openedAt,
          closedAt: dispute.closedAt ?? null,
        }
      : null,
    refunds: Object.values(contract.refunds ?? {})
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((refund) => ({
        amountCents: refund.amountCents,
        state: refund.state,
        origin: refund.origin,
        reason: refund.reason ?? null,
        at: refund.at,
      })),
  };
}
