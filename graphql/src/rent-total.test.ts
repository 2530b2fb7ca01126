import { describe, expect, it } from 'vitest';
import { suggestedRentCents } from './rent-total';

const byDay = (start: string, end: string) => ({ precision: 'DAY' as const, start, end });
const byHour = (start: string, end: string) => ({ precision: 'HOUR' as const, start, end });

describe('suggestedRentCents', () => {
  it('counts each started hour, day, week or month of the period at the ad’s price', () => {
    expect(suggestedRentCents({ kind: 'AMOUNT', amountCents: 4_300, unit: 'DAY' }, byDay('2026-12-01', '2026-12-04'))).toBe(12_900);
    expect(suggestedRentCents({ kind: 'AMOUNT', amountCents: 2_500, unit: 'HOUR' }, byHour('2026-12-01T09:00', '2026-12-01T13:00'))).toBe(
      10_000,
    );
    expect(suggestedRentCents({ kind: 'AMOUNT', amountCents: 4_300, unit: 'DAY' }, byHour('2026-12-01T09:00', '2026-12-02T10:00'))).toBe(
      8_600,
    );
    expect(suggestedRentCents({ kind: 'AMOUNT', amountCents: 20_000, unit: 'WEEK' }, byDay('2026-12-01', '2026-12-09'))).toBe(40_000);
    expect(suggestedRentCents({ kind: 'AMOUNT', amountCents: 90_000, unit: 'MONTH' }, byDay('2026-12-01', '2026-12-31'))).toBe(90_000);
    expect(suggestedRentCents({ kind: 'AMOUNT', amountCents: 15_000, unit: 'FLAT' }, byDay('2026-12-01', '2026-12-20'))).toBe(15_000);
  });

  it('counts a period across the autumn change of time by its days, not its 25 hours', () => {
    expect(suggestedRentCents({ kind: 'AMOUNT', amountCents: 4_300, unit: 'DAY' }, byDay('2026-10-31', '2026-11-02'))).toBe(8_600);
  });

  it('suggests nothing without an amount and a unit, for an unfinished period, or for an hourly price by the day', () => {
    const period = byDay('2026-12-01', '2026-12-04');
    expect(suggestedRentCents({ kind: 'AMOUNT', amountCents: 4_300, unit: null }, period)).toBeNull();
    expect(suggestedRentCents({ kind: 'RANGE', unit: 'DAY' }, period)).toBeNull();
    expect(suggestedRentCents(null, period)).toBeNull();
    expect(suggestedRentCents({ kind: 'AMOUNT', amountCents: 4_300, unit: 'DAY' }, byDay('2026-12-04', ''))).toBeNull();
    expect(suggestedRentCents({ kind: 'AMOUNT', amountCents: 4_300, unit: 'DAY' }, byDay('2026-12-04', '2026-12-01'))).toBeNull();
    expect(suggestedRentCents({ kind: 'AMOUNT', amountCents: 2_500, unit: 'HOUR' }, period)).toBeNull();
  });
});
