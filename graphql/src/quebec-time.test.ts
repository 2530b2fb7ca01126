import { describe, expect, it } from 'vitest';
import { addDays, periodInstants } from './quebec-time';

describe('calendar days in Quebec', () => {
  it('steps by calendar days, across the autumn change whose day lasts 25 hours', () => {
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2026-10-31', 2)).toBe('2026-11-02');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09'); // the spring change's 23-hour day
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('makes a one-day period of the autumn change a valid one of 25 hours', () => {
    const { startAt, endAt } = periodInstants({ precision: 'DAY', start: '2026-11-01', end: addDays('2026-11-01', 1) })!;
    expect(endAt.getTime() - startAt.getTime()).toBe(25 * 3_600_000);
  });
});
