import { describe, expect, it } from 'vitest';
import { formatContractPeriod, lastDayOf, rentalLength } from './contract-format';

const days = (start: string, end: string) => ({ precision: 'DAY' as const, start, end });
const hours = (start: string, end: string) => ({ precision: 'HOUR' as const, start, end });

describe("a rental's period in words", () => {
  it('names the first and the last day, both included, with the count (the stored end is the day after)', () => {
    expect(formatContractPeriod(days('2026-12-08', '2026-12-10'), 'fr')).toBe('du 8 au 9 décembre 2026 (2 jours)');
    expect(formatContractPeriod(days('2026-12-08', '2026-12-10'), 'en')).toBe('from December 8 to 9, 2026 (2 days)');
    expect(formatContractPeriod(days('2026-11-28', '2026-12-04'), 'fr')).toBe('du 28 novembre au 3 décembre 2026 (6 jours)');
    expect(formatContractPeriod(days('2026-12-28', '2027-01-04'), 'en')).toBe('from December 28, 2026 to January 3, 2027 (7 days)');
  });

  it('says one day as that day', () => {
    expect(formatContractPeriod(days('2026-12-08', '2026-12-09'), 'fr')).toBe('le 8 décembre 2026 (1 jour)');
    expect(formatContractPeriod(days('2026-12-08', '2026-12-09'), 'en')).toBe('December 8, 2026 (1 day)');
  });

  it('says a rental by the hour as its day and hours, or its two days and hours, with the count', () => {
    expect(formatContractPeriod(hours('2026-12-08T09:00', '2026-12-08T13:00'), 'fr')).toBe(
      'le 8 décembre 2026, de 9 h 00 à 13 h 00 (4 heures)',
    );
    expect(formatContractPeriod(hours('2026-12-08T09:00', '2026-12-08T10:00'), 'en')).toBe(
      'December 8, 2026, from 9:00 a.m. to 10:00 a.m. (1 hour)',
    );
    expect(formatContractPeriod(hours('2026-12-08T20:00', '2026-12-09T08:00'), 'fr')).toBe(
      'du 8 décembre 2026 à 20 h 00 au 9 décembre 2026 à 8 h 00 (12 heures)',
    );
  });

  it('counts the days of the calendar and the hours of the clock across a change of time', () => {
    // Quebec goes back one hour on 1 November 2026: the days stay days, the night has one hour more.
    expect(rentalLength(days('2026-10-31', '2026-11-02'))).toEqual({ unit: 'day', count: 2 });
    expect(rentalLength(hours('2026-10-31T22:00', '2026-11-01T06:00'))).toEqual({ unit: 'hour', count: 9 });
    expect(rentalLength(days('2026-12-08', '2026-12-08'))).toBeNull();
    expect(lastDayOf('2027-03-01')).toBe('2027-02-28');
  });
});
