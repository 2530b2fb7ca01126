// Ratings' use cases (issue 21; spec §2, §3 Rating, §6): a party of a rental that is over keeps a
// draft of their rating, then sends it (final); the other side's rating is shown to them only once
// published. Sending the second side's rating publishes both at once; a lone rating is published at
// the deadline by the `rating-publish` one-time job (rating-publication.ts). The rated user answers a
// published review once.

import {
  AppError,
  assertValid,
  ratingChecks,
  ratingDeadline,
  required,
  REVIEWS_PAGE,
  type AnswerReviewInput,
  type ContractRatings,
  type RatingInput,
  type RatingSideName,
  type Review,
  type ReviewPage,
} from '@partage/graphql';
import { scheduler } from '../../adapters/scheduler';
import { retryingWhenStale } from '../../data/errors';
import { getAd } from '../../data/ads';
import {
  adReviews as reviewsOfAd,
  answerReview as writeAnswer,
  getContractRatings,
  getReview,
  replaceContractRatings,
  userReviews as reviewsOf,
  type RatingRecord,
} from '../../data/ratings';
import { pageLimit } from '../chat/paging';
import { now } from '../clock';
import { mayReadAd } from '../ads/ad-view';
import { requireParty } from '../contracts/contract-parties';
import { requireRole, SIGNED_IN, unauthorized, USER_ONLY, type Identity } from '../identity';
import { emailRatingsPublished, emailReviewAnswered } from './rating-notices';
import { remindYourTurn } from './rating-reminders';
import { emptyRatings, otherSide, publicationsAt, ratingWindow, requireOpen } from './rating-rules';
import { contractRatingsView, reviewViews } from './rating-view';

export const RATING_PUBLISH_JOB = 'rating-publish';
export const ratingPublishScheduleName = (contractId: string) => `rating-publish-${contractId}`;

/** The caller's side of the contract (its tenant or owner) and the contract; UNAUTHORIZED_ACCESS for anyone else. */
async function requireRatingParty(identity: Identity, contractId: string | null | undefined) {
  const { contract, role, userId } = await requireParty(identity, contractId, USER_ONLY);
  return { contract, side: role as RatingSideName, userId };
}

export async function contractRatings(identity: Identity, contractId: string): Promise<ContractRatings> {
  const { contract, side } = await requireRatingParty(identity, contractId);
  return contractRatingsView(contract, (await getContractRatings(contract.id)) ?? emptyRatings(contract), side, now());
}

/** What the caller typed, kept as their side's rating (a plain-text comment, trimmed; none when blank). */
function ratingOf(input: RatingInput, at: string, submitted: boolean): RatingRecord {
  const comment = input.comment?.trim();
  return {
    ...(input.equipment ? { equipment: { ...input.equipment } } : {}),
    ...(input.party ? { party: { ...input.party } } : {}),
    ...(comment ? { comment } : {}),
    updatedAt: at,
    ...(submitted ? { submittedAt: at } : {}),
  };
}

/**
 * Writes the caller's rating (`submitted`: sent, final) over the contract's ratings as they stand,
 * publishing what the rule then allows; a write of the other side (or a double submission) meanwhile
 * makes it read again and decide anew, so a side is rated once and two ratings sent at once publish
 * both.
 */
async function writeRating(identity: Identity, input: RatingInput, submitted: boolean): Promise<ContractRatings> {
  const { contract, side } = await requireRatingParty(identity, input.contractId);
  const at = now();
  requireOpen(ratingWindow(contract, at));
  assertValid(ratingChecks(side, input, submitted));
  const { written, published } = await retryingWhenStale(async () => {
    const before = await getContractRatings(contract.id);
    const ratings = before ?? emptyRatings(contract);
    if (ratings[side]?.submittedAt) throw new AppError('RATING_ALREADY_GIVEN', 'This rating was sent already');
    const { next, publications } = publicationsAt({ ...ratings, [side]: ratingOf(input, at.toISOString(), submitted) }, at);
    return { written: await replaceContractRatings(before, next, publications), published: publications.length > 0 };
  });
  // A lone rating waits for the other side until the deadline, when the job publishes it (once); the
  // other side hears that it is their turn.
  if (submitted && !written[side]?.publishedAt) {
    await scheduler().scheduleOnce({
      name: ratingPublishScheduleName(contract.id),
      job: RATING_PUBLISH_JOB,
      at: ratingDeadline(contract.content.endAt),
      payload: { contractId: contract.id },
    });
    await remindYourTurn(contract, otherSide(side));
  }
  if (published) await emailRatingsPublished(written);
  return contractRatingsView(contract, written, side, at);
}

export const saveRatingDraft = (identity: Identity, input: RatingInput) => writeRating(identity, input, false);
export const submitRating = (identity: Identity, input: RatingInput) => writeRating(identity, input, true);

export async function userReviews(
  identity: Identity,
  args: { userId: string; limit?: number | null; nextToken?: string | null },
): Promise<ReviewPage> {
  requireRole(identity, SIGNED_IN);
  assertValid([['userId', required(args.userId)]]);
  const page = await reviewsOf(args.userId, pageLimit(args.limit, REVIEWS_PAGE), args.nextToken);
  return { items: await reviewViews(page.reviews, identity), nextToken: page.nextToken };
}

/**
 * Anyone who may read the ad (its page is public): the tenants' published reviews of its equipment,
 * newest first; none for an ad they may not read or that does not exist.
 */
export async function adReviews(
  identity: Identity,
  args: { adId: string; limit?: number | null; nextToken?: string | null },
): Promise<ReviewPage> {
  assertValid([['adId', required(args.adId)]]);
  const ad = await getAd(args.adId);
  if (!ad || !mayReadAd(identity, ad)) return { items: [], nextToken: null };
  const page = await reviewsOfAd(ad.id, pageLimit(args.limit, REVIEWS_PAGE), args.nextToken);
  return { items: await reviewViews(page.reviews, identity), nextToken: page.nextToken };
}

/** `<contractId>.<side>`: the review's id, as Review.id gives it. */
export function reviewAddress(reviewId: string): { contractId: string; side: RatingSideName } | null {
  const match = /^(.+)\.(TENANT|OWNER)$/.exec(reviewId);
  return match ? { contractId: match[1]!, side: match[2] as RatingSideName } : null;
}

export async function answerReview(identity: Identity, input: AnswerReviewInput): Promise<Review> {
  const callerId = requireRole(identity, USER_ONLY);
  const address = reviewAddress(input.reviewId);
  const review = address && (await getReview(address.contractId, address.side));
  // Only the rated user answers; whether the review exists is nobody else's business. A hidden comment
  // takes no answer (one would be hidden with it).
  if (!review || review.ratedUserId !== callerId || review.commentHidden) throw unauthorized();
  const text = input.text.trim();
  assertValid([['input.text', required(text)]]);
  if (review.answer) throw new AppError('REVIEW_ALREADY_ANSWERED', 'This review has an answer already');
  const [view] = await reviewViews([await writeAnswer(review, { text, at: now().toISOString() })], identity);
  await emailReviewAnswered(review);
  return view!;
}
