// Dates of an ad's page in the reader's language. A calendar day (`YYYY-MM-DD`) is read in UTC so that
// no time zone moves it.
import type { UiLanguage } from '@partage/graphql';

/** A calendar day as a long date, e.g. « mardi 12 janvier 2027 ». */
export const longDate = (date: string, language: UiLanguage) =>
  new Intl.DateTimeFormat(`${language}-CA`, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
