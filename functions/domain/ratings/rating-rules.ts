// When a contract may be rated, and what publishing a side's rating writes (issue 21). The rules of the
// scale, the steps and the publication are shared with the web app (@partage/graphql rating-rules).

import {
  AppError,
  isPublishable,
  ratingDeadline,
  type ContractStatus,
  type EquipmentStarValues,
  type PartyStarValues,
  type RatingSideName,
  type RatingWindow,
} from '@partage/graphql';
import type { ContractRecord } from '../../data/contracts';
import type { ContractRatingsRecord, Publication } from '../../data/ratings';

export const RATING_SIDES: readonly RatingSideName[] = ['TENANT', 'OWNER'];
export const otherSide = (side: RatingSideName): RatingSideName => (side === 'TENANT' ? 'OWNER' : 'TENANT');

/** The statuses of a paid rental: its payout pending, held (a dispute, a restricted account) or failed, made, or closed. */
const PAID_STATUSES: readonly ContractStatus[] = ['PAID', 'PAYOUT_DONE', 'CLOSED'];

/**
 * Whether a contract may be rated at `at`: the one rule of the screen, the writes, the dashboard and
 * the reminders. A paid rental opens at its end whatever its payout, until the deadline; one not paid,
 * cancelled (before or after its payment), refunded or charged back (a dispute lost makes it REFUNDED) never does.
 */
export function ratingWindow(contract: Pick<ContractRecord, 'status' | 'content' | 'cancellation'>, at: Date): RatingWindow {
  if (!PAID_STATUSES.includes(contract.status) || contract.cancellation) return 'NOT_RATEABLE';
  if (at.getTime() < Date.parse(contract.content.endAt)) return 'NOT_YET';
  return at.getTime() >= ratingDeadline(contract.content.endAt).getTime() ? 'CLOSED' : 'OPEN';
}

export function requireOpen(window: RatingWindow): void {
  if (window === 'NOT_RATEABLE' || window === 'NOT_YET') throw new AppError('RATING_NOT_OPEN', 'The rental is not over yet');
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
    // The tenant's equipment stars go to the ad's sums and with their review, which the ad's page lists.
    const equipment = side === 'TENANT' ? { equipment: rating.equipment as EquipmentStarValues } : {};
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
        ...equipment,
        ...(rating.comment ? { comment: rating.comment } : {}),
        publishedAt,
      },
      ...equipment,
    });
  }
  return { next, publications };
}
