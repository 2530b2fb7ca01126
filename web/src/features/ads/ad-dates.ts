// Dates of an ad's page in the reader's language. A calendar day (`YYYY-MM-DD`) is read in UTC so that
// no time zone moves it; an hour of Quebec wall-clock time (`YYYY-MM-DDTHH:00`) likewise.
import type { UiLanguage } from '@partage/graphql';

/** A calendar day as a long date, e.g. « mardi 12 janvier 2027 ». */
export const longDate = (date: string, language: UiLanguage) =>
  new Intl.DateTimeFormat(`${language}-CA`, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** The hour of a wall-clock value, e.g. « 09 h 00 ». */
export const hourOf = (value: string, language: UiLanguage) =>
  new Intl.DateTimeFormat(`${language}-CA`, { timeStyle: 'short', timeZone: 'UTC' }).format(new Date(`${value.slice(0, 13)}:00:00Z`));

/** The day before a calendar day: the last one of a period whose end is excluded. */
export const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
