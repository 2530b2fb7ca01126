import { contractPeriodChecks, periodInstants, quebecInstant, type WallClockPeriod } from '@partage/graphql';
import { describe, expect, it } from 'vitest';
import { periodsOverlap, wallClockPeriod } from './booking-periods';

/** The instants of a wall-clock period, as stored beside it. */
function instants(precision: WallClockPeriod['precision'], start: string, end: string) {
  const { startAt, endAt } = periodInstants({ precision, start, end })!;
  return { startAt: startAt.toISOString(), endAt: endAt.toISOString() };
}
const day = (start: string, end: string) => instants('DAY', start, end);
const hour = (start: string, end: string) => instants('HOUR', start, end);

describe('Quebec wall clock to instants', () => {
  it('uses daylight time in summer and standard time in winter', () => {
    expect(quebecInstant('2026-07-01', 'DAY')!.toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(quebecInstant('2026-01-15T09:00', 'HOUR')!.toISOString()).toBe('2026-01-15T14:00:00.000Z');
  });

  it('has no 2 a.m. on the spring change (8 March 2026)', () => {
    expect(quebecInstant('2026-03-08T01:00', 'HOUR')!.toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(quebecInstant('2026-03-08T02:00', 'HOUR')).toBeNull();
    expect(quebecInstant('2026-03-08T03:00', 'HOUR')!.toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  it('takes the first 1 a.m. of the autumn change (1 November 2026)', () => {
    expect(quebecInstant('2026-11-01T01:00', 'HOUR')!.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(quebecInstant('2026-11-01T02:00', 'HOUR')!.toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });

  it('refuses what is not a value of the precision', () => {
    for (const value of ['2026-02-30', '2026-13-01', '2026-1-01', '2026-03-01T10:00', '']) expect(quebecInstant(value, 'DAY')).toBeNull();
    for (const value of ['2026-03-01T10:30', '2026-03-01T24:00', '2026-03-01', '2026-03-01T9:00'])
      expect(quebecInstant(value, 'HOUR')).toBeNull();
  });
});

describe('overlap of periods', () => {
  it('by the day: sharing a day overlaps, meeting at a day does not', () => {
    expect(periodsOverlap(day('2026-06-01', '2026-06-04'), day('2026-06-03', '2026-06-05'))).toBe(true);
    expect(periodsOverlap(day('2026-06-01', '2026-06-04'), day('2026-06-04', '2026-06-06'))).toBe(false);
    expect(periodsOverlap(day('2026-06-01', '2026-06-10'), day('2026-06-03', '2026-06-04'))).toBe(true);
  });

  it('by the hour: sharing an hour overlaps, back to back does not', () => {
    expect(periodsOverlap(hour('2026-06-01T09:00', '2026-06-01T12:00'), hour('2026-06-01T11:00', '2026-06-01T13:00'))).toBe(true);
    expect(periodsOverlap(hour('2026-06-01T09:00', '2026-06-01T12:00'), hour('2026-06-01T12:00', '2026-06-01T13:00'))).toBe(false);
  });

  it('across precisions: hours inside a booked day overlap it, hours of the next day do not', () => {
    expect(periodsOverlap(day('2026-06-01', '2026-06-02'), hour('2026-06-01T23:00', '2026-06-02T01:00'))).toBe(true);
    expect(periodsOverlap(day('2026-06-01', '2026-06-02'), hour('2026-06-02T00:00', '2026-06-02T08:00'))).toBe(false);
  });

  it('on the spring change: the 23-hour day is one day, no more, no less', () => {
    const springDay = day('2026-03-08', '2026-03-09');
    expect(Date.parse(springDay.endAt) - Date.parse(springDay.startAt)).toBe(23 * 3_600_000);
    expect(periodsOverlap(springDay, day('2026-03-09', '2026-03-10'))).toBe(false);
    expect(periodsOverlap(springDay, day('2026-03-07', '2026-03-08'))).toBe(false);
    expect(periodsOverlap(springDay, hour('2026-03-08T23:00', '2026-03-09T01:00'))).toBe(true);
    expect(periodsOverlap(springDay, hour('2026-03-09T00:00', '2026-03-09T02:00'))).toBe(false);
    // 1 a.m. to 3 a.m. lasts one real hour that day; it meets a rental from 3 a.m. without touching it.
    expect(periodsOverlap(hour('2026-03-08T01:00', '2026-03-08T03:00'), hour('2026-03-08T03:00', '2026-03-08T05:00'))).toBe(false);
    expect(periodsOverlap(hour('2026-03-08T00:00', '2026-03-08T03:00'), hour('2026-03-08T01:00', '2026-03-08T04:00'))).toBe(true);
  });

  it('on the autumn change: the 25-hour day is one day, and the repeated hour is inside it', () => {
    const autumnDay = day('2026-11-01', '2026-11-02');
    expect(Date.parse(autumnDay.endAt) - Date.parse(autumnDay.startAt)).toBe(25 * 3_600_000);
    expect(periodsOverlap(autumnDay, day('2026-11-02', '2026-11-03'))).toBe(false);
    expect(periodsOverlap(autumnDay, day('2026-10-31', '2026-11-01'))).toBe(false);
    // 0 a.m. to 2 a.m. covers three real hours (1 a.m. twice); a rental from 2 a.m. only meets it.
    const night = hour('2026-11-01T00:00', '2026-11-01T02:00');
    expect(Date.parse(night.endAt) - Date.parse(night.startAt)).toBe(3 * 3_600_000);
    expect(periodsOverlap(night, hour('2026-11-01T02:00', '2026-11-01T04:00'))).toBe(false);
    expect(periodsOverlap(night, hour('2026-11-01T01:00', '2026-11-01T03:00'))).toBe(true);
    expect(periodsOverlap(autumnDay, hour('2026-11-01T23:00', '2026-11-02T00:00'))).toBe(true);
  });
});

describe('period rules', () => {
  const now = new Date('2026-06-01T14:30:00.000Z'); // 10:30 in Quebec

  it('accepts today by the day and the coming hour by the hour', () => {
    expect(contractPeriodChecks({ precision: 'DAY', start: '2026-06-01', end: '2026-06-02' }, now)).toEqual([
      ['start', null],
      ['end', null],
    ]);
    expect(contractPeriodChecks({ precision: 'HOUR', start: '2026-06-01T11:00', end: '2026-06-01T12:00' }, now)).toEqual([
      ['start', null],
      ['end', null],
    ]);
  });

  it('refuses a start in the past, an end not after the start, a skipped hour', () => {
    expect(contractPeriodChecks({ precision: 'DAY', start: '2026-05-31', end: '2026-06-02' }, now)[0]).toEqual(['start', 'minDate']);
    expect(contractPeriodChecks({ precision: 'HOUR', start: '2026-06-01T10:00', end: '2026-06-01T12:00' }, now)[0]).toEqual([
      'start',
      'minDate',
    ]);
    expect(contractPeriodChecks({ precision: 'DAY', start: '2026-06-03', end: '2026-06-03' }, now)[1]).toEqual(['end', 'endAfterStart']);
    expect(contractPeriodChecks({ precision: 'HOUR', start: '2027-03-14T02:00', end: '2027-03-14T05:00' }, now)[0]).toEqual([
      'start',
      'dateTime',
    ]);
    expect(contractPeriodChecks({ precision: 'DAY', start: '2026-06-03', end: '2027-06-05' }, now)[1]).toEqual(['end', 'periodTooLong']);
    expect(contractPeriodChecks({ precision: 'DAY', start: '2029-06-03', end: '2029-06-05' }, now)[0]).toEqual(['start', 'maxDate']);
  });
});

describe('a held period back in wall-clock time (the ad page’s booked dates)', () => {
  const roundTrip = (period: WallClockPeriod) => {
    const { startAt, endAt } = periodInstants(period)!;
    return wallClockPeriod(startAt.toISOString(), endAt.toISOString());
  };

  it('gives whole days back as days, across the spring and autumn changes', () => {
    for (const period of [
      { precision: 'DAY', start: '2027-03-13', end: '2027-03-15' },
      { precision: 'DAY', start: '2026-11-01', end: '2026-11-02' },
      { precision: 'DAY', start: '2027-07-01', end: '2027-07-08' },
    ] as const) {
      expect(roundTrip(period)).toEqual(period);
    }
  });

  it('gives hours back as hours, also a period from midnight that ends within a day', () => {
    for (const period of [
      { precision: 'HOUR', start: '2027-03-14T01:00', end: '2027-03-14T05:00' },
      { precision: 'HOUR', start: '2027-07-01T00:00', end: '2027-07-01T08:00' },
    ] as const) {
      expect(roundTrip(period)).toEqual(period);
    }
  });
});
