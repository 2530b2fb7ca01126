import { retrying } from './client';
// Why the table refused a read or a write, in the data layer's own terms. The data layer knows
// nothing of the API's error codes: functions/domain/data-errors.ts says what each reason means to a caller.

export type DataRefusalReason =
  /** The e-mail address (or the id) belongs to another account. */
  | 'EMAIL_TAKEN'
  /** The link token written along with a change was used up meanwhile. */
  | 'TOKEN_USED'
  /** The item is gone, or changed in a way the write was conditioned against. */
  | 'ITEM_GONE'
  /** A page token that this listing did not hand out. */
  | 'BAD_PAGE_TOKEN'
  /** The item was changed since it was read (a contract edited, cancelled or paid meanwhile). */
  | 'STALE_VERSION'
  /** The period is held for another contract on the ad's booking calendar. */
  | 'DATES_TAKEN'
  /** The review has its answer already. */
  | 'ALREADY_ANSWERED'
  /** The user keeps as many items of a kind as they may (favourites). */
  | 'LIMIT_REACHED'
  /** The provider's event written along with a change was handled meanwhile (a duplicate delivery of a webhook). */
  | 'EVENT_CLAIMED';

export class DataRefusal extends Error {
  constructor(
    readonly reason: DataRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'DataRefusal';
  }
}

/** Rounds of read-then-conditional-write a use case tries against the other writers of an item. */
const STALE_TRIES = 8;

/**
 * Runs `round` (a read, then a write conditioned on what it read) again while it is refused with
 * STALE_VERSION (another writer came first), STALE_TRIES rounds at most: every such loop is bounded.
 */
export const retryingWhenStale = <T>(round: () => Promise<T>): Promise<T> =>
  retrying(round, {
    retryable: (error) => error instanceof DataRefusal && error.reason === 'STALE_VERSION',
    tries: STALE_TRIES,
    waitMs: (attempt) => 10 * attempt + Math.random() * 20,
  });
