// Who may call each root field of ratings.graphql (see authz.ts). For the fields that name a
// contract, `own` is its tenant and `other` a USER who is no party (functions/handlers/authz-matrix.db.test.ts
// makes the contract); for answerReview, `own` is the rated user of a published review.

import { PUBLIC, SIGNED_IN, type AuthzRow, type AuthzTable } from './authz';

/** The contract's parties (or the review's rated user) only; administrators are party to no contract. */
const PARTIES: AuthzRow = { anonymous: false, own: true, other: false, admin: false };

export const authz: AuthzTable = {
  'Query.contractRatings': PARTIES,
  // Public profiles are for signed-in users (spec §2), administrators included.
  'Query.userReviews': SIGNED_IN,
  // An ad's page is public, and so are the comments on its equipment.
  'Query.adReviews': PUBLIC,
  // The caller's own contracts (administrators are party to none).
  'Query.myRatingsToGive': { anonymous: false, own: true, other: true, admin: false },
  'Mutation.saveRatingDraft': PARTIES,
  'Mutation.submitRating': PARTIES,
  'Mutation.answerReview': PARTIES,
  // The e-mailed link needs no sign-in: its token is the authority (a wrong one is INVALID_TOKEN).
  'Mutation.stopRatingReminders': PUBLIC,
};
