// An ad's calendar as both sides read it: its availability (weekdays, day or evening hours, the dates
// its owner closed) and the periods already booked, in Quebec wall-clock time. The server refuses a
// contract outside the availability with firstUnavailableDay; the contract form says which days around
// a refused period are free with freeDaysAround, from the calendar the ad's page and the form load.

import { AVAILABILITY_HOURS, CONTRACT_MAX_DAYS_AHEAD, FREE_DAYS_REACH } from './constants';
import type { DayPeriod, Weekday } from './enums';
import { addDays, periodInstants, quebecWallClock, type WallClockPeriod } from './quebec-time';

/** An ad's availability as ads store it (functions/data/ads.ts AdContent.availability) and the API answers it. */
export interface AdAvailability {
  all: boolean;
  day: boolean;
  evening: boolean;
  weekdays: readonly Weekday[];
  restrictions: readonly { date: string; period: DayPeriod }[];
}

const WEEKDAY_OF_UTC_DAY: readonly Weekday[] = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

const weekdayOf = (date: string): Weekday => WEEKDAY_OF_UTC_DAY[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

const inWindow = (hour: number, window: readonly [number, number]) => hour >= window[0] && hour < window[1];

/** The calendar days from `start` up to `end`, end excluded (`YYYY-MM-DD`). */
function calendarDays(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day < end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Each Quebec hour the period covers, `{ date, hour }`, walking its instants (a skipped hour is never met, a repeated one twice). */
function coveredHours(startAt: Date, endAt: Date): { date: string; hour: number }[] {
  const hours: { date: string; hour: number }[] = [];
  for (let t = startAt.getTime(); t < endAt.getTime(); t += 3_600_000) {
    const wallClock = quebecWallClock(new Date(t));
    hours.push({ date: wallClock.slice(0, 10), hour: Number(wallClock.slice(11, 13)) });
  }
  return hours;
}

const closedParts = (availability: AdAvailability) => {
  const closed = new Map<string, DayPeriod[]>();
  for (const { date, period: part } of availability.restrictions) closed.set(date, [...(closed.get(date) ?? []), part]);
  return closed;
};

const weekdayOffered = (availability: AdAvailability, date: string) => availability.all || availability.weekdays.includes(weekdayOf(date));

/**
 * The first day of the period the ad is not available (`YYYY-MM-DD`), or null when the whole period is
 * inside its availability. By the day: each day's weekday is offered, and no day is closed (a
 * restriction of any part of a day closes a whole-day rental). By the hour: each hour falls on an
 * offered weekday, in an offered part of the day (AVAILABILITY_HOURS), and not in a closed part.
 */
export function firstUnavailableDay(period: WallClockPeriod, availability: AdAvailability): string | null {
  const closed = closedParts(availability);
  if (period.precision === 'DAY') {
    return calendarDays(period.start, period.end).find((date) => !weekdayOffered(availability, date) || closed.has(date)) ?? null;
  }
  const instants = periodInstants(period);
  if (!instants) return period.start.slice(0, 10);
  const blocked = coveredHours(instants.startAt, instants.endAt).find(({ date, hour }) => {
    const partOffered =
      availability.all ||
      (availability.day && inWindow(hour, AVAILABILITY_HOURS.DAY)) ||
      (availability.evening && inWindow(hour, AVAILABILITY_HOURS.EVENING));
    const partClosed = (closed.get(date) ?? []).some(
      (part) =>
        part === 'ALL_DAY' ||
        (part === 'DAY' && inWindow(hour, AVAILABILITY_HOURS.DAY)) ||
        (part === 'EVENING' && inWindow(hour, AVAILABILITY_HOURS.EVENING)),
    );
    return !weekdayOffered(availability, date) || !partOffered || partClosed;
  });
  return blocked?.date ?? null;
}

/** The days a wall-clock period touches, as `[first, end)` (`YYYY-MM-DD`, end excluded): an hour past midnight touches that day. */
function touchedDays(period: WallClockPeriod): [string, string] {
  const first = period.start.slice(0, 10);
  if (period.precision === 'DAY') return [first, period.end];
  const endDay = period.end.slice(0, 10);
  return [first, period.end.slice(11, 16) === '00:00' ? endDay : addDays(endDay, 1)];
}

/** Whether two wall-clock periods share a day (a day one of them only partly holds counts). */
function periodsShareADay(a: WallClockPeriod, b: WallClockPeriod): boolean {
  const [aFirst, aEnd] = touchedDays(a);
  const [bFirst, bEnd] = touchedDays(b);
  return aFirst < bEnd && bFirst < aEnd;
}

/**
 * Whether the period overlaps one of the booked ones, by their instants: the server's rule
 * (DATES_UNAVAILABLE), an hour's rental beside another the same day being no clash.
 */
export function overlapsBooked(period: WallClockPeriod, booked: readonly WallClockPeriod[]): boolean {
  const asked = periodInstants(period);
  if (!asked) return false;
  return booked.some((other) => {
    const held = periodInstants(other);
    return !!held && asked.startAt < held.endAt && held.startAt < asked.endAt;
  });
}

/**
 * The free days around an asked period, FREE_DAYS_REACH days either side of it (from `today`, and no
 * further than contracts may be booked ahead), runs of consecutive days as periods by the day (end
 * excluded): a day is free when the ad may be rented that whole day (firstUnavailableDay) and no
 * booked period touches it. A day partly booked by the hour is not free: this says where a rental of
 * whole days fits, and where an hour's rental cannot collide.
 */
export function freeDaysAround(
  asked: WallClockPeriod,
  calendar: { booked: readonly WallClockPeriod[]; availability: AdAvailability },
  today: string,
): WallClockPeriod[] {
  const [first, end] = touchedDays(asked);
  const from = [addDays(first, -FREE_DAYS_REACH), today].sort().at(-1)!;
  const to = [addDays(end, FREE_DAYS_REACH), addDays(today, CONTRACT_MAX_DAYS_AHEAD)].sort()[0]!;
  const free = (date: string) => {
    const day: WallClockPeriod = { precision: 'DAY', start: date, end: addDays(date, 1) };
    return !firstUnavailableDay(day, calendar.availability) && !calendar.booked.some((booked) => periodsShareADay(booked, day));
  };
  const runs: WallClockPeriod[] = [];
  for (const date of calendarDays(from, to)) {
    if (!free(date)) continue;
    const last = runs.at(-1);
    if (last?.end === date) last.end = addDays(date, 1);
    else runs.push({ precision: 'DAY', start: date, end: addDays(date, 1) });
  }
  return runs;
}
