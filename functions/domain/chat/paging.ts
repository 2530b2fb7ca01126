import { assertValid } from '@partage/graphql';

/** A page size within a listing's bounds (VALIDATION_FAILED `limit` outside 1..max). */
export function pageLimit(limit: number | null | undefined, bounds: { default: number; max: number }): number {
  const value = limit ?? bounds.default;
  assertValid([['limit', Number.isInteger(value) && value >= 1 && value <= bounds.max ? null : 'oneOf']]);
  return value;
}
