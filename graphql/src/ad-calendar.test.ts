import { describe, expect, it } from 'vitest';
import { firstUnavailableDay, freeDaysAround, overlapsBooked, type AdAvailability } from './ad-calendar';
import type { WallClockPeriod } from './quebec-time';

const days = (start: string, end: string): WallClockPeriod => ({ precision: 'DAY', start, end });
const hours = (start: string, end: string): WallClockPeriod => ({ precision: 'HOUR', start, end });

describe('availability of the ad', () => {
  const weekdaysByDay: AdAvailability = {
    all: false,
    day: true,
    evening: false,
    weekdays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
    restrictions: [{ date: '2026-06-10', period: 'EVENING' }],
  };
  const always: AdAvailability = {
    all: true,
    day: false,
    evening: false,
    weekdays: [],
    restrictions: [{ date: '2026-06-20', period: 'ALL_DAY' }],
  };

  it('by the day: each day on an offered weekday and not closed', () => {
    // 2026-06-01 is a Monday.
    expect(firstUnavailableDay({ precision: 'DAY', start: '2026-06-01', end: '2026-06-06' }, weekdaysByDay)).toBeNull();
    expect(firstUnavailableDay({ precision: 'DAY', start: '2026-06-01', end: '2026-06-07' }, weekdaysByDay)).toBe('2026-06-06');
    // Closed in the evening only: a whole-day rental that day is refused.
    expect(firstUnavailableDay({ precision: 'DAY', start: '2026-06-09', end: '2026-06-11' }, weekdaysByDay)).toBe('2026-06-10');
    expect(firstUnavailableDay({ precision: 'DAY', start: '2026-06-18', end: '2026-06-21' }, always)).toBe('2026-06-20');
    expect(firstUnavailableDay({ precision: 'DAY', start: '2026-06-21', end: '2026-06-23' }, always)).toBeNull();
  });

  it('by the hour: in an offered part of an offered day, not in a closed part', () => {
    expect(firstUnavailableDay({ precision: 'HOUR', start: '2026-06-01T08:00', end: '2026-06-01T17:00' }, weekdaysByDay)).toBeNull();
    expect(firstUnavailableDay({ precision: 'HOUR', start: '2026-06-01T16:00', end: '2026-06-01T18:00' }, weekdaysByDay)).toBe(
      '2026-06-01',
    );
    expect(firstUnavailableDay({ precision: 'HOUR', start: '2026-06-01T07:00', end: '2026-06-01T09:00' }, weekdaysByDay)).toBe(
      '2026-06-01',
    );
    // The evening closure leaves the day open.
    expect(firstUnavailableDay({ precision: 'HOUR', start: '2026-06-10T09:00', end: '2026-06-10T12:00' }, weekdaysByDay)).toBeNull();
    expect(firstUnavailableDay({ precision: 'HOUR', start: '2026-06-06T09:00', end: '2026-06-06T12:00' }, weekdaysByDay)).toBe(
      '2026-06-06',
    );
    expect(firstUnavailableDay({ precision: 'HOUR', start: '2026-06-19T22:00', end: '2026-06-20T02:00' }, always)).toBe('2026-06-20');
    expect(firstUnavailableDay({ precision: 'HOUR', start: '2026-06-19T22:00', end: '2026-06-20T00:00' }, always)).toBeNull();
  });
});

describe('free days around a period', () => {
  // Weekdays only; 2026-06-01 is a Monday.
  const weekdays: AdAvailability = {
    all: false,
    day: true,
    evening: false,
    weekdays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
    restrictions: [{ date: '2026-06-24', period: 'EVENING' }],
  };
  const booked = [
    days('2026-06-09', '2026-06-13'),
    // An hour's rental holds its day for a whole-day rental; one ending at midnight, that day only.
    hours('2026-06-15T09:00', '2026-06-15T12:00'),
    hours('2026-06-18T22:00', '2026-06-19T00:00'),
  ];

  it(`lists the runs of days the ad is offered and nothing holds, 14 days either side`, () => {
    expect(freeDaysAround(days('2026-06-10', '2026-06-12'), { booked, availability: weekdays }, '2026-05-01')).toEqual([
      days('2026-05-27', '2026-05-30'),
      days('2026-06-01', '2026-06-06'),
      days('2026-06-08', '2026-06-09'),
      days('2026-06-16', '2026-06-18'),
      days('2026-06-19', '2026-06-20'),
      // The 24th is closed in the evening: not a whole day to rent.
      days('2026-06-22', '2026-06-24'),
      days('2026-06-25', '2026-06-26'),
    ]);
  });

  it('starts today at the earliest, and ends where contracts may no longer be booked', () => {
    const always: AdAvailability = { all: true, day: false, evening: false, weekdays: [], restrictions: [] };
    expect(freeDaysAround(hours('2026-06-03T09:00', '2026-06-03T12:00'), { booked: [], availability: always }, '2026-06-02')).toEqual([
      days('2026-06-02', '2026-06-18'),
    ]);
    expect(freeDaysAround(days('2028-05-30', '2028-06-01'), { booked: [], availability: always }, '2026-06-02')).toEqual([
      days('2028-05-16', '2028-06-01'),
    ]);
  });
});

describe('overlap with the booked periods', () => {
  it('by the instants, as the server refuses: hours beside each other the same day do not clash', () => {
    const held = [hours('2026-06-15T09:00', '2026-06-15T12:00')];
    expect(overlapsBooked(hours('2026-06-15T12:00', '2026-06-15T15:00'), held)).toBe(false);
    expect(overlapsBooked(hours('2026-06-15T11:00', '2026-06-15T13:00'), held)).toBe(true);
    expect(overlapsBooked(days('2026-06-15', '2026-06-16'), held)).toBe(true);
    expect(overlapsBooked(days('2026-06-16', '2026-06-17'), held)).toBe(false);
  });
});
