import { afterEach, describe, expect, it } from 'vitest';
import type { ContractRecord } from '../../data/contracts';
import { fullyRefunded, moneyState, owedByOwnerCents, ownerShareCents, payoutDueAt, payoutHold, refundableCents } from './contract-money';

const HOUR = 3_600_000;

/** A paid contract of 100 $ with a 10 $ fee, starting at `startAt`, paid at `paidAt`. */
const paid = (changes: Partial<ContractRecord> = {}, startAt = '2026-12-01T05:00:00.000Z', paidAt = '2026-11-20T12:00:00.000Z') =>
  ({
    id: 'c1',
    status: 'PAID',
    content: { startAt, endAt: '2026-12-02T05:00:00.000Z', totalPriceCents: 10_000, platformFeeCents: 1_000 },
    payment: { sessionId: 'cs', paymentIntentId: 'pi', amountCents: 10_000, paidAt },
    history: [],
    ...changes,
  }) as unknown as ContractRecord;

const refund = (amountCents: number, state: 'PENDING' | 'SUCCEEDED' | 'FAILED' = 'SUCCEEDED') => ({
  amountCents,
  state,
  origin: 'OUTSIDE' as const,
  at: '2026-11-21T00:00:00.000Z',
});

afterEach(() => {
  delete process.env.PAYOUT_MIN_AFTER_PAYMENT_MS;
});

describe('payout due time', () => {
  it('is 24 h after the start when the payment came long before', () => {
    expect(payoutDueAt(paid()).toISOString()).toBe('2026-12-02T05:00:00.000Z');
  });

  it('is never sooner than the least time after the payment (a day rental "starting" at a past midnight)', () => {
    const contract = paid({}, '2026-11-28T05:00:00.000Z', '2026-11-28T23:00:00.000Z');
    expect(payoutDueAt(contract).getTime()).toBe(Date.parse('2026-11-28T23:00:00.000Z') + 24 * HOUR);
    process.env.PAYOUT_MIN_AFTER_PAYMENT_MS = String(48 * HOUR);
    expect(payoutDueAt(contract).getTime()).toBe(Date.parse('2026-11-28T23:00:00.000Z') + 48 * HOUR);
  });
});

describe('refunds and the owner share', () => {
  it('takes a partial refund from the owner share first, then from the fee', () => {
    expect(ownerShareCents(paid({ refunds: { re1: refund(2_500) } }))).toBe(6_500);
    expect(ownerShareCents(paid({ refunds: { re1: refund(9_500) } }))).toBe(0);
    expect(refundableCents(paid({ refunds: { re1: refund(2_500) } }))).toBe(7_500);
  });

  it('counts pending refunds, not failed ones, and never less than the charge says', () => {
    const contract = paid({ refunds: { re1: refund(1_000, 'PENDING'), re2: refund(5_000, 'FAILED') } });
    expect(refundableCents(contract)).toBe(9_000);
    const floor = paid({ payment: { ...paid().payment!, chargeRefundedCents: 10_000 }, refunds: { re1: refund(1_000) } });
    expect(fullyRefunded(floor)).toBe(true);
  });

  it('owes back after the payout what the owner kept above their new share', () => {
    const paidOut = paid({
      status: 'PAYOUT_DONE',
      payout: { claimedAt: null, keyAttempt: 1, failures: 0, flagged: false, transferId: 'tr', amountCents: 9_000 },
      refunds: { re1: refund(4_000) },
    });
    expect(owedByOwnerCents(paidOut)).toBe(4_000);
    const reversed = { ...paidOut, payout: { ...paidOut.payout!, reversals: { trr: { amountCents: 4_000, at: 'x' } } } };
    expect(owedByOwnerCents(reversed)).toBe(0);
    expect(owedByOwnerCents(paid({ refunds: { re1: refund(4_000) } }))).toBe(0);
  });
});

describe('holds and what the pages show', () => {
  const dispute = {
    disputeId: 'dp',
    state: 'OPEN' as const,
    providerStatus: 'needs_response',
    reason: 'fraudulent',
    amountCents: 10_000,
    evidenceDueBy: '2026-12-05T00:00:00.000Z',
    openedAt: '2026-11-22T00:00:00.000Z',
  };

  it('holds the payout for an open dispute first, then a refund under way, then a flag', () => {
    expect(payoutHold(paid({ dispute, refund: { requestedAt: 'x', requestedBy: 'u' } }))).toBe('DISPUTE');
    expect(payoutHold(paid({ refund: { requestedAt: 'x', requestedBy: 'u' } }))).toBe('REFUND');
    expect(payoutHold(paid({ dispute: { ...dispute, state: 'WON' } }))).toBeNull();
    expect(payoutHold(paid({ status: 'PAYOUT_DONE', dispute }))).toBeNull();
  });

  it('shows the evidence date only while the dispute is open, and the refunds oldest first', () => {
    const state = moneyState(paid({ dispute, refunds: { b: { ...refund(200), at: '2026-11-23T00:00:00.000Z' }, a: refund(100) } }))!;
    expect(state.dispute?.evidenceDueBy).toBe('2026-12-05T00:00:00.000Z');
    expect(state.refunds.map((r) => r.amountCents)).toEqual([100, 200]);
    expect(state.ownerShareCents).toBe(8_700);
    expect(moneyState(paid({ dispute: { ...dispute, state: 'LOST' } }))!.dispute?.evidenceDueBy).toBeNull();
    expect(moneyState(paid({ payment: undefined }))).toBeNull();
  });
});
