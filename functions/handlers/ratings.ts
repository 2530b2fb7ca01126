// Resolvers of the ratings (functions/domain/ratings): every use case checks the caller's role and
// side of the contract (or of the review) before it reads the input. The reputation fields of public
// profiles, ads (search results too) and dashboard lines are batched: one BatchGetItem per level.

import type {
  AdSource,
  ContractSource,
  ContractSummarySource,
  MutationAnswerReviewArgs,
  MutationSaveRatingDraftArgs,
  MutationStopRatingRemindersArgs,
  MutationSubmitRatingArgs,
  PublicProfileSource,
  QueryAdReviewsArgs,
  QueryContractRatingsArgs,
  QueryUserReviewsArgs,
} from '@partage/graphql';
import { getEquipmentRatings, getReputations } from '../data/ratings';
import type { Identity } from '../domain/identity';
import { stopRatingReminders } from '../domain/ratings/rating-reminders';
import { myRatingsToGive, ratingsToGive } from '../domain/ratings/ratings-to-give';
import { adReviews, answerReview, contractRatings, saveRatingDraft, submitRating, userReviews } from '../domain/ratings/ratings';
import { equipmentAverages, partyAverages } from '../domain/ratings/rating-view';
import { batched, resolverHandler, type FieldMap } from './shared/resolver';
import { observed } from './shared/observed';

/** The equipment's averages of a level's ads (Ads or search results: both have the ad's id): one BatchGetItem. */
async function equipmentRatingsOfAds(calls: { source: unknown }[]) {
  const idOf = (source: unknown) => (source as Pick<AdSource, 'id'>).id;
  const sums = await getEquipmentRatings(calls.map(({ source }) => idOf(source)));
  return calls.map(({ source }) => equipmentAverages(sums.get(idOf(source))!));
}

export const ratingsFields = {
  'Query.contractRatings': ({ contractId }: QueryContractRatingsArgs, identity: Identity) => contractRatings(identity, contractId),
  'Query.userReviews': (args: QueryUserReviewsArgs, identity: Identity) => userReviews(identity, args),
  'Query.adReviews': (args: QueryAdReviewsArgs, identity: Identity) => adReviews(identity, args),
  'Query.myRatingsToGive': (_args: Record<string, never>, identity: Identity) => myRatingsToGive(identity),

  'Mutation.saveRatingDraft': ({ input }: MutationSaveRatingDraftArgs, identity: Identity) => saveRatingDraft(identity, input),
  'Mutation.submitRating': ({ input }: MutationSubmitRatingArgs, identity: Identity) => submitRating(identity, input),
  'Mutation.answerReview': ({ input }: MutationAnswerReviewArgs, identity: Identity) => answerReview(identity, input),
  'Mutation.stopRatingReminders': ({ input }: MutationStopRatingRemindersArgs) => stopRatingReminders(input),

  // The profile was already allowed to its reader; its averages are public to them.
  'PublicProfile.ratings': batched(async (calls) => {
    const reputations = await getReputations(calls.map(({ source }) => (source as PublicProfileSource).id));
    return calls.map(({ source }) => partyAverages(reputations.get((source as PublicProfileSource).id)!));
  }),
  // Whoever may read the ad (or found it in the search) reads its averages.
  'Ad.equipmentRatings': batched<'Ad.equipmentRatings'>(equipmentRatingsOfAds),
  'AdSummary.equipmentRatings': batched<'AdSummary.equipmentRatings'>(equipmentRatingsOfAds),
  // A dashboard line, or a contract's page, the caller was allowed to read (myContracts, contract).
  'ContractSummary.ratingToGive': batched((calls) =>
    ratingsToGive(calls.map(({ source, identity }) => ({ contractId: (source as ContractSummarySource).id, identity }))),
  ),
  'Contract.ratingToGive': batched((calls) =>
    ratingsToGive(calls.map(({ source, identity }) => ({ contractId: (source as ContractSource).id, identity }))),
  ),
} satisfies FieldMap;

export const handler = observed('ratings', resolverHandler(ratingsFields));
