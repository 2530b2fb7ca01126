// When a contract's period may be booked: inside the ad's availability (weekdays, day or evening
// hours, and the dates its owner closed), and clear of the periods already held for the ad. Periods
// are compared by their instants in America/Toronto (graphql/src/contract-validation.ts), so a day
// that a daylight-saving change makes 23 or 25 hours long is still exactly one day, and an hour
// booked on either side of the change never collides with its neighbour.

import { AVAILABILITY_HOURS, periodInstants, quebecWallClock, type DayPeriod, type Weekday, type WallClockPeriod } from '@partage/graphql';

/** A period by its instants (ISO 8601 UTC), end excluded. */
export interface InstantPeriod {
  startAt: string;
  endAt: string;
}

/** Whether two periods share an instant; one ending when the other starts does not. */
export const periodsOverlap = (a: InstantPeriod, b: InstantPeriod): boolean =>
  Date.parse(a.startAt) < Date.parse(b.endAt) && Date.parse(b.startAt) < Date.parse(a.endAt);

/** An ad's availability as ads store it (functions/data/ads.ts AdContent.availability). */
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
  for (let t = Date.parse(`${start}T00:00:00Z`); t < Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
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

/**
 * The first day of the period the ad is not available (`YYYY-MM-DD`), or null when the whole period is
 * inside its availability. By the day: each day's weekday is offered, and no day is closed (a
 * restriction of any part of a day closes a whole-day rental). By the hour: each hour falls on an
 * offered weekday, in an offered part of the day (AVAILABILITY_HOURS), and not in a closed part.
 */
export function firstUnavailableDay(period: WallClockPeriod, availability: AdAvailability): string | null {
  const closed = new Map<string, DayPeriod[]>();
  for (const { date, period: part } of availability.restrictions) closed.set(date, [...(closed.get(date) ?? []), part]);
  const weekdayOffered = (date: string) => availability.all || availability.weekdays.includes(weekdayOf(date));

  if (period.precision === 'DAY') {
    return calendarDays(period.start, period.end).find((date) => !weekdayOffered(date) || closed.has(date)) ?? null;
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
    return !weekdayOffered(date) || !partOffered || partClosed;
  });
  return blocked?.date ?? null;
}

/**
 * A held period (its instants) as Quebec wall-clock time: whole days when both ends fall at midnight
 * there, else whole hours (the only precisions a contract's period has).
 */
export function wallClockPeriod(startAt: string, endAt: string): WallClockPeriod {
  const [start, end] = [quebecWallClock(new Date(startAt)), quebecWallClock(new Date(endAt))];
  return start.endsWith('T00') && end.endsWith('T00')
    ? { precision: 'DAY', start: start.slice(0, 10), end: end.slice(0, 10) }
    : { precision: 'HOUR', start: `${start}:00`, end: `${end}:00` };
}
