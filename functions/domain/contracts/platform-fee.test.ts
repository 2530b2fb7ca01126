import { describe, expect, it } from 'vitest';
import { platformFeeCents, platformFeeSettingsOf } from './platform-fee';

const NONE = { basisPoints: 0, fixedCents: 0 };

describe('platform fee', () => {
  it('is nothing by default', () => {
    expect(platformFeeSettingsOf({})).toEqual(NONE);
    expect(platformFeeCents(12_345, NONE)).toBe(0);
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
    expect(platformFeeCents(10_000, { basisPoints: 500, fixedCents: 30 })).toBe(530);
    expect(platformFeeCents(50, { basisPoints: 1_000, fixedCents: 100 })).toBe(50);
    expect(platformFeeCents(10_000, { basisPoints: 10_000, fixedCents: 0 })).toBe(10_000);
  });

  it('is an integer within the total for every amount (no cent lost to rounding)', () => {
    for (let total = 50; total < 5_000; total += 7) {
      const fee = platformFeeCents(total, { basisPoints: 333, fixedCents: 25 });
      expect(Number.isInteger(fee)).toBe(true);
      expect(fee).toBeGreaterThanOrEqual(Math.min(total, 25));
      expect(fee).toBeLessThanOrEqual(total);
      // Exactly the rounded percentage plus the fixed part while it fits.
      expect(fee).toBe(Math.min(total, Math.round((total * 333) / 10_000 + 1e-9) + 25));
    }
  });

  it('refuses a total that is not integer cents', () => {
    expect(() => platformFeeCents(10.5, NONE)).toThrow(RangeError);
    expect(() => platformFeeCents(-1, NONE)).toThrow(RangeError);
  });

  it('reads its settings from the configuration, refusing malformed ones', () => {
    expect(platformFeeSettingsOf({ PLATFORM_FEE_BASIS_POINTS: '275', PLATFORM_FEE_FIXED_CENTS: '30' })).toEqual({
      basisPoints: 275,
      fixedCents: 30,
    });
    expect(() => platformFeeSettingsOf({ PLATFORM_FEE_BASIS_POINTS: '2.5' })).toThrow(RangeError);
    expect(() => platformFeeSettingsOf({ PLATFORM_FEE_BASIS_POINTS: '10001' })).toThrow(RangeError);
    expect(() => platformFeeSettingsOf({ PLATFORM_FEE_FIXED_CENTS: '-3' })).toThrow(RangeError);
  });
});
