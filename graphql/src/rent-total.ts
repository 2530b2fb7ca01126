// The total an ad's rent price suggests for a contract's period (issue 23, point 3): the owner proposes
// "3 days at 43 $ / day" without counting by hand. A suggestion only: the owner may write any total.

import type { PriceKind, RentUnit } from './enums';
import { DAY_MS, HOUR_MS, periodInstants, type WallClockPeriod } from './quebec-time';

export interface RentPrice {
  kind: PriceKind;
  amountCents?: number | null;
  unit?: RentUnit | null;
}

/** Days a month of rent counts, as leases and storage rents in Quebec usually do. */
const MONTH_DAYS = 30;

/**
 * Cents for the period at the ad's rent price: each started hour, day, week or month counts whole; a
 * flat price is the total. Null when the ad gives no amount or no unit, when the period is not valid,
 * or for an hourly price over a period by the day (its hours are not known).
 */
export function suggestedRentCents(rent: RentPrice | null | undefined, period: WallClockPeriod): number | null {
  if (rent?.kind !== 'AMOUNT' || rent.amountCents == null || !rent.unit) return null;
  const instants = periodInstants(period);
  if (!instants || instants.endAt <= instants.startAt) return null;
  const hours = Math.round((instants.endAt.getTime() - instants.startAt.getTime()) / HOUR_MS);
  // By the day, calendar days (a day across a change of time has 23 or 25 hours); by the hour, each started day.
  const days = period.precision === 'DAY' ? Math.round((hours * HOUR_MS) / DAY_MS) : Math.ceil((hours * HOUR_MS) / DAY_MS);
  const count = {
    HOUR: period.precision === 'HOUR' ? hours : null,
    DAY: days,
    WEEK: Math.ceil(days / 7),
    MONTH: Math.ceil(days / MONTH_DAYS),
    FLAT: 1,
  }[rent.unit];
  return count === null ? null : rent.amountCents * count;
}

/** Hours of use a day counts when an hourly price is compared with daily ones (a working day in a kitchen). */
export const COMPARABLE_DAY_HOURS = 8;

/**
 * The price of one day of an ad's offer, to compare ads priced by different units (the price orders of
 * the search, issue 36): an hourly price counts COMPARABLE_DAY_HOURS hours, a weekly one a seventh, a
 * monthly one a thirtieth (MONTH_DAYS); a daily, flat or unit-less price (a sale's, one saved before
 * units) is itself. Null without an amount.
 */
export function comparableDayPriceCents(offer: RentPrice | null | undefined): number | null {
  if (offer?.kind !== 'AMOUNT' || offer.amountCents == null) return null;
  const perDay = { HOUR: COMPARABLE_DAY_HOURS, DAY: 1, WEEK: 1 / 7, MONTH: 1 / MONTH_DAYS, FLAT: 1 }[offer.unit ?? 'DAY'];
  return Math.round(offer.amountCents * perDay);
}

/** Whether an offer's day price differs from what it shows (by the hour, week or month): the card then gives it too. */
export const showsDayPrice = (offer: RentPrice | null | undefined): boolean =>
  offer?.kind === 'AMOUNT' && offer.amountCents != null && (offer.unit === 'HOUR' || offer.unit === 'WEEK' || offer.unit === 'MONTH');
