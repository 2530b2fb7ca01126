// What a reader sees of ratings: a party, their own rating (draft or sent) and the other side's once
// published, never before (blind); anyone signed in, a user's published reviews with the ad and the
// author's public name; the averages of a user or an ad. A comment moderators hid (and its answer) is
// in no answer, its author's included: only that it was hidden.

import {
  averagesOf,
  EQUIPMENT_CRITERIA,
  PARTY_CRITERIA,
  ratingDeadline,
  type ContractRatings,
  type EquipmentAverages,
  type PartyAverages,
  type Rating,
  type RatingSideName,
  type Review,
} from '@partage/graphql';
import { getAds } from '../../data/ads';
import type { ContractRecord } from '../../data/contracts';
import type { ContractRatingsRecord, RatingRecord, ReputationRecord, ReviewRecord, StarSumsRecord } from '../../data/ratings';
import { getUsers } from '../../data/user-directory';
import { adPathOf } from '../ads/ad-view';
import type { Identity } from '../identity';
import { otherSide, ratingWindow } from './rating-rules';

const ratingView = (side: RatingSideName, rating: RatingRecord): Rating => ({
  side,
  equipment: (rating.equipment as Rating['equipment']) ?? null,
  party: (rating.party as Rating['party']) ?? null,
  comment: rating.commentHidden ? null : (rating.comment ?? null),
  commentHidden: !!rating.commentHidden,
  submittedAt: rating.submittedAt ?? null,
  publishedAt: rating.publishedAt ?? null,
});

export async function contractRatingsView(
  contract: ContractRecord,
  ratings: ContractRatingsRecord,
  side: RatingSideName,
  at: Date,
): Promise<ContractRatings> {
  const [users, [ad]] = await Promise.all([getUsers([side === 'TENANT' ? contract.ownerId : contract.tenantId]), getAds([contract.adId])]);
  const mine = ratings[side];
  const theirs = ratings[otherSide(side)];
  const window = ratingWindow(contract, at);
  return {
    contractId: contract.id,
    viewerSide: side,
    adTitle: { fr: ad?.content.title.fr ?? null, en: ad?.content.title.en ?? null },
    otherPartyName: users[0]?.publicName ?? '',
    endAt: contract.content.endAt,
    deadline: ratingDeadline(contract.content.endAt).toISOString(),
    window,
    canRate: window === 'OPEN' && !mine?.submittedAt,
    mine: mine ? ratingView(side, mine) : null,
    // Blind: the other side's rating, sent or not, stays unseen until it is published.
    theirs: theirs?.publishedAt ? ratingView(otherSide(side), theirs) : null,
  };
}

/** Reviews as the reader sees them: the ads and authors read at once (one BatchGetItem each). */
export async function reviewViews(reviews: ReviewRecord[], reader: Identity): Promise<Review[]> {
  const [authors, ads] = await Promise.all([
    getUsers([...new Set(reviews.map((review) => review.authorId))]).then((list) => new Map(list.map((user) => [user.id, user]))),
    getAds([...new Set(reviews.map((review) => review.adId))]).then((list) => new Map(list.map((ad) => [ad.id, ad]))),
  ]);
  return reviews.map((review) => {
    const ad = ads.get(review.adId);
    const hidden = !!review.commentHidden;
    const comment = hidden ? null : (review.comment ?? null);
    return {
      id: `${review.contractId}.${review.side}`,
      side: review.side,
      authorName: authors.get(review.authorId)?.publicName ?? '',
      ad: {
        id: review.adId,
        path: ad ? adPathOf(ad) : null,
        title: { fr: ad?.content.title.fr ?? null, en: ad?.content.title.en ?? null },
      },
      month: review.month,
      stars: review.stars,
      equipment: review.equipment ?? null,
      comment,
      commentHidden: hidden,
      publishedAt: review.publishedAt,
      counted: review.counted !== false,
      answer: hidden ? null : (review.answer ?? null),
      canAnswer: review.ratedUserId === reader.userId && !review.answer && !hidden,
      // Reports come from users (reportItem is theirs), never from the comment's author.
      canReport: comment !== null && reader.role === 'USER' && review.authorId !== reader.userId,
    };
  });
}

export const partyAverages = (reputation: ReputationRecord): PartyAverages => ({
  ...averagesOf(PARTY_CRITERIA, reputation),
  organizationsCount: reputation.organizationsCount,
});
export const equipmentAverages = (sums: StarSumsRecord<(typeof EQUIPMENT_CRITERIA)[number]>): EquipmentAverages =>
  averagesOf(EQUIPMENT_CRITERIA, sums);
