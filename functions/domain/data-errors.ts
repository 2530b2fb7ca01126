// What a refusal of the data layer means to the API: the resolver frame turns it into the AppError
// the caller receives, so the data layer never speaks in API error codes.

import { AppError } from '@partage/graphql';
import { DataRefusal } from '../data/errors';

/** The AppError for a DataRefusal; any other error unchanged. */
export function apiErrorOf(error: unknown): unknown {
  if (!(error instanceof DataRefusal)) return error;
  switch (error.reason) {
    case 'EMAIL_TAKEN':
      return new AppError('DUPLICATE_EMAIL', error.message);
    case 'TOKEN_USED':
      return new AppError('INVALID_TOKEN', 'USED');
    case 'ITEM_GONE':
      return new AppError('NOT_FOUND', error.message);
    case 'STALE_VERSION':
      return new AppError('CONTRACT_CHANGED', error.message);
    case 'DATES_TAKEN':
      return new AppError('DATES_UNAVAILABLE', error.message);
    case 'ALREADY_ANSWERED':
      return new AppError('REVIEW_ALREADY_ANSWERED', error.message);
    case 'LIMIT_REACHED':
      return new AppError('FAVOURITES_FULL', error.message);
    case 'EVENT_CLAIMED':
      // The webhook's own refusal (its answer is `duplicate`), never an API call's.
      return error;
    case 'BAD_PAGE_TOKEN':
      return new AppError('VALIDATION_FAILED', error.message, [{ path: 'nextToken', rule: 'oneOf' }]);
  }
}
