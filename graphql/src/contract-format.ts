// A rental's period in words, the same on the contract's page, the dashboard, the receipt, the ad's booked
// dates and the e-mails (issue 39 §1): days as people count them, the first and the last both included
// ("du 8 au 9 décembre 2026 (2 jours)"), or the day and hours ("le 8 décembre 2026, de 9 h 00 à 13 h 00
// (4 heures)"), with the count. A period is stored with its end excluded (contract-validation.ts: a rental
// by the day ends as the day after its last one starts); only the words name the last day. Dates are
// Quebec's wall-clock dates, in the reader's language.

import { addDays, DAY_MS, HOUR_MS, quebecInstant, QUEBEC_TIME_ZONE, type WallClockPeriod } from './quebec-time';
import type { UiLanguage } from './enums';
import { perLanguage } from './per-language';

const localeOf = (language: UiLanguage) => (language === 'en' ? 'en-CA' : 'fr-CA');
/** A wall-clock date (`YYYY-MM-DD`, read in UTC: no zone moves it) in long words; made once per language. */
const longDayFormat = perLanguage((language) => new Intl.DateTimeFormat(localeOf(language), { timeZone: 'UTC', dateStyle: 'long' }));
const hourFormat = perLanguage(
  (language) => new Intl.DateTimeFormat(localeOf(language), { timeZone: QUEBEC_TIME_ZONE, hour: 'numeric', minute: '2-digit' }),
);

/** How long a rental is: its days (both ends included) or its hours. */
export interface RentalLength {
  unit: 'day' | 'hour';
  count: number;
}

const WORDS: Record<
  UiLanguage,
  {
    to: string;
    days: (range: string) => string;
    day: (date: string) => string;
    hours: (date: string, start: string, end: string) => string;
    hoursAcross: (startDate: string, start: string, endDate: string, end: string) => string;
    count: (length: RentalLength) => string;
  }
> = {
  fr: {
    to: 'au',
    days: (range) => `du ${range}`,
    day: (date) => `le ${date}`,
    hours: (date, start, end) => `le ${date}, de ${start} à ${end}`,
    hoursAcross: (startDate, start, endDate, end) => `du ${startDate} à ${start} au ${endDate} à ${end}`,
    count: ({ unit, count }) => `${count} ${unit === 'day' ? 'jour' : 'heure'}${count > 1 ? 's' : ''}`,
  },
  en: {
    to: 'to',
    days: (range) => `from ${range}`,
    day: (date) => date,
    hours: (date, start, end) => `${date}, from ${start} to ${end}`,
    hoursAcross: (startDate, start, endDate, end) => `from ${startDate} at ${start} to ${endDate} at ${end}`,
    count: ({ unit, count }) => `${count} ${unit}${count > 1 ? 's' : ''}`,
  },
};

/** A `YYYY-MM-DD` date as a UTC instant: calendar arithmetic without any time zone's changes of hour. */
const utcDay = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The last day of a rental by the day (its stored end is the day after). */
export const lastDayOf = (end: string): string => addDays(end, -1);

export function rentalLength(period: WallClockPeriod): RentalLength | null {
  if (period.precision === 'DAY') {
    const days = Math.round((utcDay(period.end) - utcDay(period.start)) / DAY_MS);
    return Number.isFinite(days) && days > 0 ? { unit: 'day', count: days } : null;
  }
  const start = quebecInstant(period.start, 'HOUR');
  const end = quebecInstant(period.end, 'HOUR');
  if (!start || !end || end <= start) return null;
  return { unit: 'hour', count: Math.round((end.getTime() - start.getTime()) / HOUR_MS) };
}

/** Two days as one range, the separator in words: "8 au 9 décembre 2026", "December 8 to 9, 2026". */
function dayRange(first: string, last: string, language: UiLanguage): string {
  const parts = longDayFormat(language).formatRangeToParts(new Date(utcDay(first)), new Date(utcDay(last)));
  const between = parts.findIndex((part, index) => part.source === 'shared' && index > 0 && parts[index - 1]!.source === 'startRange');
  return parts
    .map((part, index) => (index === between ? ` ${WORDS[language].to} ` : part.value))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

export function formatContractPeriod(period: WallClockPeriod, language: UiLanguage): string {
  const length = rentalLength(period);
  if (!length) return `${period.start} – ${period.end}`;
  const words = WORDS[language];
  const count = ` (${words.count(length)})`;
  const longDate = (day: string) => longDayFormat(language).format(new Date(utcDay(day)));
  if (period.precision === 'DAY') {
    const last = lastDayOf(period.end);
    return (last === period.start ? words.day(longDate(last)) : words.days(dayRange(period.start, last, language))) + count;
  }
  const time = (wallClock: string) => hourFormat(language).format(quebecInstant(wallClock, 'HOUR')!);
  const [startDay, endDay] = [period.start.slice(0, 10), period.end.slice(0, 10)];
  return (
    (startDay === endDay
      ? words.hours(longDate(startDay), time(period.start), time(period.end))
      : words.hoursAcross(longDate(startDay), time(period.start), longDate(endDay), time(period.end))) + count
  );
}
