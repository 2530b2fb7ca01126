// The rating screen's operations (issue 21).
import { graphql } from '../../lib/api/documents';

const RATING_FIELDS = graphql(`
  fragment RatingFields on Rating @_unmask {
    side
    equipment {
      compliance
      cleanliness
      security
    }
    party {
      respectOfContract
      communication
      reliability
    }
    comment
    commentHidden
    submittedAt
    publishedAt
  }
`);

const CONTRACT_RATINGS_FIELDS = graphql(
  `
    fragment ContractRatingsFields on ContractRatings @_unmask {
      contractId
      viewerSide
      adTitle {
        fr
        en
      }
      otherPartyName
      endAt
      deadline
      window
      canRate
      mine {
        ...RatingFields
      }
      theirs {
        ...RatingFields
      }
    }
  `,
  [RATING_FIELDS],
);

export const CONTRACT_RATINGS = graphql(
  `
    query ContractRatings($contractId: ID!) {
      contractRatings(contractId: $contractId) {
        ...ContractRatingsFields
      }
    }
  `,
  [CONTRACT_RATINGS_FIELDS],
);

export const SAVE_RATING_DRAFT = graphql(
  `
    mutation SaveRatingDraft($input: RatingInput!) {
      saveRatingDraft(input: $input) {
        ...ContractRatingsFields
      }
    }
  `,
  [CONTRACT_RATINGS_FIELDS],
);

export const SUBMIT_RATING = graphql(
  `
    mutation SubmitRating($input: RatingInput!) {
      submitRating(input: $input) {
        ...ContractRatingsFields
      }
    }
  `,
  [CONTRACT_RATINGS_FIELDS],
);

/** The e-mailed link of a rating reminder: no more reminders to its user. */
export const STOP_RATING_REMINDERS = graphql(`
  mutation StopRatingReminders($input: StopRatingRemindersInput!) {
    stopRatingReminders(input: $input)
  }
`);
