// When a contract may be rated, and what publishing a side's rating writes (issue 21). The rules of the
// scale, the steps and the publication are shared with the web app (@partage/graphql rating-rules).

import {
  AppError,
  isPublishable,
  ratingDeadline,
  type EquipmentStarValues,
  type PartyStarValues,
  type RatingSideName,
} from '@partage/graphql';
import type { ContractRecord } from '../../data/contracts';
import type { ContractRatingsRecord, Publication } from '../../data/ratings';

export const RATING_SIDES: readonly RatingSideName[] = ['TENANT', 'OWNER'];
export const otherSide = (side: RatingSideName): RatingSideName => (side === 'TENANT' ? 'OWNER' : 'TENANT');

export type RatingWindow = 'NOT_OPEN' | 'OPEN' | 'CLOSED';

/**
 * Open once the rental is over and paid out (PAYOUT_DONE with its end passed, or CLOSED), until the
 * deadline; a contract cancelled, refunded (a dispute lost included) or not yet paid out is never
 * open, nor one whose payment is disputed until the bank decides.
 */
export function ratingWindow(contract: Pick<ContractRecord, 'status' | 'content' | 'dispute'>, at: Date): RatingWindow {
  const ended = Date.parse(contract.content.endAt) <= at.getTime();
  const over = contract.status === 'CLOSED' || (contract.status === 'PAYOUT_DONE' && ended);
  if (!over || contract.dispute?.state === 'OPEN') return 'NOT_OPEN';
  return at.getTime() >= ratingDeadline(contract.content.endAt).getTime() ? 'CLOSED' : 'OPEN';
}

export function requireOpen(window: RatingWindow): void {
  if (window === 'NOT_OPEN') throw new AppError('RATING_NOT_OPEN', 'The rental is not over yet');
  if (window === 'CLOSED') throw new AppError('RATING_CLOSED', 'The deadline to rate this rental has passed');
}

/** A contract's ratings before anyone wrote one. */
export const emptyRatings = (contract: ContractRecord): ContractRatingsRecord => ({
  contractId: contract.id,
  adId: contract.adId,
  ownerId: contract.ownerId,
  tenantId: contract.tenantId,
  endAt: contract.content.endAt,
  // The rental's month as agreed (Quebec wall clock, `YYYY-MM-DD…`), shown with its reviews.
  month: contract.content.start.slice(0, 7),
});

/**
 * The sides whose sent rating is publishable at `at` and not published yet, with what publishing
 * them writes; `ratings` with their `publishedAt` set.
 */
export function publicationsAt(ratings: ContractRatingsRecord, at: Date): { next: ContractRatingsRecord; publications: Publication[] } {
  const publishedAt = at.toISOString();
  const next = { ...ratings };
  const publications: Publication[] = [];
  for (const side of RATING_SIDES) {
    const rating = ratings[side];
    if (!rating || rating.publishedAt || !isPublishable(rating, ratings[otherSide(side)], ratings.endAt, at)) continue;
    next[side] = { ...rating, publishedAt };
    const [authorId, ratedUserId] = side === 'TENANT' ? [ratings.tenantId, ratings.ownerId] : [ratings.ownerId, ratings.tenantId];
    publications.push({
      side,
      review: {
        contractId: ratings.contractId,
        side,
        authorId,
        ratedUserId,
        adId: ratings.adId,
        month: ratings.month,
        stars: rating.party as PartyStarValues,
        ...(rating.comment ? { comment: rating.comment } : {}),
        publishedAt,
      },
      ...(side === 'TENANT' ? { equipment: rating.equipment as EquipmentStarValues } : {}),
    });
  }
  return { next, publications };
}
