// A contract's period in words, the same on its page and in its e-mails: dates (and hours) of Quebec
// time in the reader's language. The end is excluded, which the words say for whole days.

import { quebecInstant, QUEBEC_TIME_ZONE, type WallClockPeriod } from './quebec-time';
import type { UiLanguage } from './enums';

const LOCALES: Record<UiLanguage, string> = { fr: 'fr-CA', en: 'en-CA' };

const WORDS: Record<UiLanguage, { day: (start: string, end: string) => string; hour: (start: string, end: string) => string }> = {
  fr: {
    day: (start, end) => `du ${start} au ${end} (fin au début de ce jour)`,
    hour: (start, end) => `du ${start} au ${end}`,
  },
  en: {
    day: (start, end) => `from ${start} to ${end} (ending as that day starts)`,
    hour: (start, end) => `from ${start} to ${end}`,
  },
};

export function formatContractPeriod(period: WallClockPeriod, language: UiLanguage): string {
  const format = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: QUEBEC_TIME_ZONE,
    dateStyle: 'long',
    ...(period.precision === 'HOUR' && { timeStyle: 'short' }),
  });
  const start = quebecInstant(period.start, period.precision);
  const end = quebecInstant(period.end, period.precision);
  if (!start || !end) return `${period.start} – ${period.end}`;
  const words = WORDS[language][period.precision === 'DAY' ? 'day' : 'hour'];
  return words(format.format(start), format.format(end));
}
