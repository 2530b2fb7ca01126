import { describe, expect, it } from 'vitest';
import { booksPeriodChecks, booksPeriodInstants, booksPeriodTooLong } from './books-export';

describe('the period of an export for the books', () => {
  it('wants two real days, the last not before the first', () => {
    expect(booksPeriodChecks({ from: '2026-01-01', to: '2026-01-01' })).toEqual([
      ['from', null],
      ['to', null],
    ]);
    expect(booksPeriodChecks({ from: '2026-02-30', to: 'demain' })).toEqual([
      ['from', 'dateTime'],
      ['to', 'dateTime'],
    ]);
    expect(booksPeriodChecks({ from: '2026-03-02', to: '2026-03-01' })[1]).toEqual(['to', 'endAfterStart']);
  });

  it('covers a year at most, a leap one included', () => {
    expect(booksPeriodTooLong({ from: '2028-01-01', to: '2028-12-31' })).toBe(false);
    expect(booksPeriodTooLong({ from: '2026-01-01', to: '2027-01-01' })).toBe(false);
    expect(booksPeriodTooLong({ from: '2026-01-01', to: '2027-01-02' })).toBe(true);
  });

  it('reads from the start of its first Quebec day to the start of the day after its last', () => {
    expect(booksPeriodInstants({ from: '2026-01-01', to: '2026-06-30' })).toEqual({
      fromAt: '2026-01-01T05:00:00.000Z',
      toAt: '2026-07-01T04:00:00.000Z',
    });
  });
});
