import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANCELLATION_POLICIES, CANCELLATION_TIERS, policyRefund } from './cancellation-policy';

const START = new Date('2026-12-08T05:00:00Z'); // 8 December 2026, midnight in Quebec
const HOUR = 60 * 60 * 1000;
const before = (hours: number) => new Date(START.getTime() - hours * HOUR);

describe('policyRefund', () => {
  it('gives each tier its share until its deadline, then the next one', () => {
    expect(policyRefund('FLEXIBLE', 25_000, START, before(25))).toMatchObject({ percent: 100, refundCents: 25_000, until: before(24) });
    expect(policyRefund('FLEXIBLE', 25_000, START, before(24))).toMatchObject({ percent: 0, refundCents: 0, until: START });
    expect(policyRefund('MODERATE', 25_000, START, before(5 * 24 + 1))).toMatchObject({ percent: 100, until: before(5 * 24) });
    expect(policyRefund('MODERATE', 25_000, START, before(3 * 24))).toMatchObject({ percent: 50, refundCents: 12_500, until: START });
    expect(policyRefund('STRICT', 25_000, START, before(8 * 24))).toMatchObject({
      percent: 50,
      refundCents: 12_500,
      until: before(7 * 24),
    });
    expect(policyRefund('STRICT', 25_000, START, before(6 * 24))).toMatchObject({ percent: 0, refundCents: 0 });
  });

  it('refuses from the start on', () => {
    for (const policy of CANCELLATION_POLICIES) {
      expect(policyRefund(policy, 25_000, START, START)).toBeNull();
      expect(policyRefund(policy, 25_000, START, before(-1))).toBeNull();
    }
  });

  it('gives the odd half cent to the tenant', () => {
    expect(policyRefund('MODERATE', 25_001, START, before(1))?.refundCents).toBe(12_501);
  });

  it('never gives back more than was paid, nor more as the start nears (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANCELLATION_POLICIES),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 60 * 24 }),
        fc.integer({ min: 1, max: 60 * 24 }),
        (policy, paidCents, earlierHours, laterHours) => {
          const [early, late] = [Math.max(earlierHours, laterHours), Math.min(earlierHours, laterHours)];
          const first = policyRefund(policy, paidCents, START, before(early))!;
          const second = policyRefund(policy, paidCents, START, before(late))!;
          expect(first.refundCents).toBeLessThanOrEqual(paidCents);
          expect(second.refundCents).toBeLessThanOrEqual(first.refundCents);
          expect(first.until.getTime()).toBeGreaterThan(before(early).getTime());
        },
      ),
    );
  });

  it('lists each policy tier by tier, the earliest (largest) first', () => {
    for (const tiers of Object.values(CANCELLATION_TIERS))
      tiers.slice(1).forEach((tier, i) => {
        expect(tier.beforeStartMs).toBeLessThan(tiers[i]!.beforeStartMs);
        expect(tier.percent).toBeLessThan(tiers[i]!.percent);
      });
  });
});
