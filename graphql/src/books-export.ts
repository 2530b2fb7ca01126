// The period of an export for the books (issue 39 §5): Quebec days, the first and the last both
// included, at most BOOKS_EXPORT_MAX_DAYS days. One set of rules for the dashboard's form and the server.

import { BOOKS_EXPORT_MAX_DAYS } from './constants';
import { addDays, quebecInstant } from './quebec-time';
import type { RuleResult } from './validation';

export interface BooksPeriod {
  from: string;
  to: string;
}

/** Each day's field: a real calendar day, the last not before the first. */
export function booksPeriodChecks({ from, to }: BooksPeriod): Array<[string, RuleResult]> {
  const first = quebecInstant(from ?? '', 'DAY');
  const last = quebecInstant(to ?? '', 'DAY');
  return [
    ['from', first ? null : 'dateTime'],
    ['to', last ? (first && last < first ? 'endAfterStart' : null) : 'dateTime'],
  ];
}

/** Whether the period (valid) covers more days than an export may. */
export const booksPeriodTooLong = ({ from, to }: BooksPeriod): boolean => addDays(from, BOOKS_EXPORT_MAX_DAYS) <= to;

/** The period's instants [start of its first day, start of the day after its last), for reading what was issued in it. */
export function booksPeriodInstants({ from, to }: BooksPeriod): { fromAt: string; toAt: string } {
  return { fromAt: quebecInstant(from, 'DAY')!.toISOString(), toAt: quebecInstant(addDays(to, 1), 'DAY')!.toISOString() };
}
