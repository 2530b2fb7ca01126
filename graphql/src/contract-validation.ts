// The rules of a contract's form (spec §5: date at or after a minimum, end later than start), shared
// by the web form and the server. A period is written as Quebec wall-clock time, the way people
// agree on it: whole days `YYYY-MM-DD` (precision DAY) or whole hours `YYYY-MM-DDTHH:00` (HOUR). Its
// instants are computed in America/Toronto, so an hour that a daylight-saving change skips does not
// exist and one that it repeats means its first occurrence. A period runs from its start up to its
// end, end excluded: a one-day rental of 1 March ends on 2 March.

import { quebecToday } from './ad-validation';
import {
  CONTRACT_FILE_NAME_MAX_LENGTH,
  CONTRACT_MAX_DAYS,
  CONTRACT_MAX_DAYS_AHEAD,
  CONTRACT_MAX_FILES,
  CONTRACT_MAX_PRICE_CENTS,
  CONTRACT_MIN_PRICE_CENTS,
  CONTRACT_TERMS_MAX_LENGTH,
  REFUND_REASON_MAX_LENGTH,
} from './constants';
import { DATE_PRECISIONS } from './enums';
import { quebecInstant, type WallClockPeriod, DAY_MS, HOUR_MS } from './quebec-time';
import { endAfterStart, maxLength, oneOf, required, richTextEmpty, type RuleResult } from './validation';

/**
 * The period's rules, paths relative to the period (`start`, `end`): values of the precision, a
 * start not in the past (today at the earliest by the day, the coming hour by the hour) nor more
 * than CONTRACT_MAX_DAYS_AHEAD away, an end later than the start, at most CONTRACT_MAX_DAYS long.
 */
export function contractPeriodChecks(period: WallClockPeriod, now: Date): Array<[string, RuleResult]> {
  const precision = oneOf(DATE_PRECISIONS)(period.precision);
  if (precision) return [['precision', precision]];
  const startAt = quebecInstant(period.start, period.precision);
  const endAt = quebecInstant(period.end, period.precision);
  const earliest = period.precision === 'DAY' ? quebecInstant(quebecToday(now), 'DAY')! : now;
  const startRule: RuleResult =
    required(period.start) ??
    (startAt === null
      ? 'dateTime'
      : startAt < earliest
        ? 'minDate'
        : startAt.getTime() - now.getTime() > CONTRACT_MAX_DAYS_AHEAD * DAY_MS
          ? 'maxDate'
          : null);
  const endRule: RuleResult =
    required(period.end) ??
    (endAt === null
      ? 'dateTime'
      : startAt === null
        ? null
        : (endAfterStart(startAt, endAt) ??
          (endAt.getTime() - startAt.getTime() > CONTRACT_MAX_DAYS * DAY_MS + HOUR_MS ? 'periodTooLong' : null)));
  return [
    ['start', startRule],
    ['end', endRule],
  ];
}

/** A total in cents: an integer between CONTRACT_MIN_PRICE_CENTS and CONTRACT_MAX_PRICE_CENTS. */
export const contractPriceCents = (cents: number | null | undefined): RuleResult =>
  cents === null || cents === undefined
    ? 'required'
    : Number.isSafeInteger(cents) && cents >= CONTRACT_MIN_PRICE_CENTS && cents <= CONTRACT_MAX_PRICE_CENTS
      ? null
      : 'priceCents';

export interface ContractFormValues {
  period: WallClockPeriod;
  totalPriceCents: number | null;
  terms: string;
  files?: readonly { fileId: string; name: string }[] | null;
  disclaimerAccepted: boolean;
}

/** Every rule of the contract form, paths relative to the input (`period.start`, `terms`, …). */
export function contractInputChecks(input: ContractFormValues, now: Date): Array<[string, RuleResult]> {
  const files = input.files ?? [];
  return [
    ...contractPeriodChecks(input.period, now).map(([path, rule]): [string, RuleResult] => [`period.${path}`, rule]),
    ['totalPriceCents', contractPriceCents(input.totalPriceCents)],
    ['terms', richTextEmpty(input.terms) ?? maxLength(CONTRACT_TERMS_MAX_LENGTH)(input.terms)],
    ['files', files.length <= CONTRACT_MAX_FILES ? null : 'tooMany'],
    ...files.map((file, index): [string, RuleResult] => [
      `files.${index}.name`,
      required(file.name) ?? maxLength(CONTRACT_FILE_NAME_MAX_LENGTH)(file.name.trim()),
    ]),
    ['disclaimerAccepted', required(input.disclaimerAccepted)],
  ];
}

/** An administrator's refund: a reason (kept on the contract) and, for a part only, a positive amount in cents. */
export const refundInputChecks = (input: { amountCents?: number | null; reason?: string | null }): Array<[string, RuleResult]> => [
  ['input.reason', required(input.reason) ?? maxLength(REFUND_REASON_MAX_LENGTH)(input.reason?.trim())],
  ['input.amountCents', input.amountCents == null || (Number.isSafeInteger(input.amountCents) && input.amountCents > 0) ? null : 'numeric'],
];
