import { describe, expect, it } from 'vitest';
import { contractAmounts, NO_PLATFORM_FEE, platformFeeCents, platformFeeSettingsOf } from './platform-fee';

describe('platform fee', () => {
  it('is nothing by default', () => {
    expect(contractAmounts(12_345, NO_PLATFORM_FEE)).toEqual({ totalCents: 12_345, platformFeeCents: 0, ownerShareCents: 12_345 });
  });

  it('rounds the percentage half up to the cent, in integers', () => {
    // 2.5 % of 10.10 $ = 25.25 cents → 25; of 10.30 $ = 25.75 → 26; of 10.20 $ = 25.5 → 26 (half up).
    expect(platformFeeCents(1_010, { basisPoints: 250, fixedCents: 0 })).toBe(25);
    expect(platformFeeCents(1_030, { basisPoints: 250, fixedCents: 0 })).toBe(26);
    expect(platformFeeCents(1_020, { basisPoints: 250, fixedCents: 0 })).toBe(26);
    // 2.9 % of 0.99 $ = 2.871 cents → 3.
    expect(platformFeeCents(99, { basisPoints: 290, fixedCents: 0 })).toBe(3);
  });

  it('adds the fixed part, and never takes more than the total', () => {
    expect(contractAmounts(10_000, { basisPoints: 500, fixedCents: 30 })).toEqual({
      totalCents: 10_000,
      platformFeeCents: 530,
      ownerShareCents: 9_470,
    });
    expect(contractAmounts(50, { basisPoints: 1_000, fixedCents: 100 })).toEqual({
      totalCents: 50,
      platformFeeCents: 50,
      ownerShareCents: 0,
    });
  });

  it('keeps fee + share = total for every amount (no cent lost to rounding)', () => {
    for (let total = 50; total < 5_000; total += 7) {
      const { platformFeeCents: fee, ownerShareCents } = contractAmounts(total, { basisPoints: 333, fixedCents: 25 });
      expect(Number.isInteger(fee)).toBe(true);
      expect(fee + ownerShareCents).toBe(total);
    }
  });

  it('refuses a total that is not integer cents', () => {
    expect(() => platformFeeCents(10.5, NO_PLATFORM_FEE)).toThrow(RangeError);
    expect(() => platformFeeCents(-1, NO_PLATFORM_FEE)).toThrow(RangeError);
  });

  it('reads its settings from the configuration, refusing malformed ones', () => {
    expect(platformFeeSettingsOf({})).toEqual(NO_PLATFORM_FEE);
    expect(platformFeeSettingsOf({ PLATFORM_FEE_BASIS_POINTS: '275', PLATFORM_FEE_FIXED_CENTS: '30' })).toEqual({
      basisPoints: 275,
      fixedCents: 30,
    });
    expect(() => platformFeeSettingsOf({ PLATFORM_FEE_BASIS_POINTS: '2.5' })).toThrow(RangeError);
    expect(() => platformFeeSettingsOf({ PLATFORM_FEE_BASIS_POINTS: '10001' })).toThrow(RangeError);
    expect(() => platformFeeSettingsOf({ PLATFORM_FEE_FIXED_CENTS: '-3' })).toThrow(RangeError);
  });
});
