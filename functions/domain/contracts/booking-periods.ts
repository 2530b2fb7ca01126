// When a contract's period may be booked: inside the ad's availability (firstUnavailableDay, shared
// with the contract form in @partage/graphql), and clear of the periods already held for the ad. Periods
// are compared by their instants in America/Toronto (graphql/src/contract-validation.ts), so a day
// that a daylight-saving change makes 23 or 25 hours long is still exactly one day, and an hour
// booked on either side of the change never collides with its neighbour.

import { quebecWallClock, type WallClockPeriod } from '@partage/graphql';

/** A period by its instants (ISO 8601 UTC), end excluded. */
export interface InstantPeriod {
  startAt: string;
  endAt: string;
}

/** Whether two periods share an instant; one ending when the other starts does not. */
export const periodsOverlap = (a: InstantPeriod, b: InstantPeriod): boolean =>
  Date.parse(a.startAt) < Date.parse(b.endAt) && Date.parse(b.startAt) < Date.parse(a.endAt);

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
