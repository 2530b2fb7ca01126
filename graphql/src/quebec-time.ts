// Quebec wall-clock time, the way people agree on a rental's period: whole days `YYYY-MM-DD` (precision
// DAY) or whole hours `YYYY-MM-DDTHH:00` (HOUR), turned into instants in America/Toronto. Its own module:
// the contract screens format periods with it, without the forms' rules (web/vite.config.ts's chunks).

import type { DatePrecision, UiLanguage } from './enums';
import { perLanguage } from './per-language';

export const QUEBEC_TIME_ZONE = 'America/Toronto';

export interface WallClockPeriod {
  precision: DatePrecision;
  start: string;
  end: string;
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

const PATTERNS: Record<DatePrecision, RegExp> = {
  DAY: /^(\d{4})-(\d{2})-(\d{2})$/,
  HOUR: /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):00$/,
};

// Made on first use: a formatter with a time zone loads the zone's data (25-40 ms of main thread, measured on
// a loaded machine), which every page importing these helpers (/accueil, /annonces) paid when its chunk loaded,
// formatting a date or not.
let wallClock: Intl.DateTimeFormat | undefined;
const wallClockFormat = () =>
  (wallClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: QUEBEC_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }));

/**
 * A calendar day `days` later (earlier when negative), `YYYY-MM-DD`. By the calendar, not by 24-hour
 * steps from an instant: Quebec's autumn change makes a 25-hour day, whose two ends are the same date.
 */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const dayFormat = perLanguage(
  (language) => new Intl.DateTimeFormat(language === 'en' ? 'en-CA' : 'fr-CA', { dateStyle: 'long', timeZone: QUEBEC_TIME_ZONE }),
);

/**
 * An instant's day in Quebec, in words of the reader's language (`2 novembre 2026`, `November 2, 2026`):
 * the same in a page painted by the server (UTC on AWS) as in the browser, whatever its zone.
 */
export const quebecDay = (iso: string, language: UiLanguage): string => dayFormat(language).format(new Date(iso));

/** The Quebec wall clock at an instant: `YYYY-MM-DDTHH`, built from the parts (locale patterns change). */
export function quebecWallClock(instant: Date): string {
  const parts = wallClockFormat().formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}`;
}

/**
 * The instant a wall-clock value stands for in Quebec; null when it is malformed, is not a real
 * calendar day, or names an hour skipped by the spring change. Of the two instants of a repeated
 * autumn hour, the first (daylight time).
 */
export function quebecInstant(value: string, precision: DatePrecision): Date | null {
  const match = PATTERNS[precision]?.exec(value);
  if (!match) return null;
  const [year, month, day, hour = '00'] = match
    .slice(1)
    .map(Number)
    .map((n) => String(n).padStart(2, '0'));
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour));
  const calendar = new Date(asUtc);
  if (calendar.getUTCDate() !== Number(day) || calendar.getUTCMonth() !== Number(month) - 1 || Number(hour) > 23) return null;
  const wanted = `${match[1]}-${match[2]}-${match[3]}T${hour}`;
  // Quebec is 4 hours behind UTC in daylight time, 5 in standard time: the earlier that matches.
  for (const offsetHours of [4, 5]) {
    const instant = new Date(asUtc + offsetHours * HOUR_MS);
    if (quebecWallClock(instant) === wanted) return instant;
  }
  return null;
}

/** The period's instants [startAt, endAt); null when either end is not a valid value of its precision. */
export function periodInstants(period: WallClockPeriod): { startAt: Date; endAt: Date } | null {
  const startAt = quebecInstant(period.start, period.precision);
  const endAt = quebecInstant(period.end, period.precision);
  return startAt && endAt ? { startAt, endAt } : null;
}
