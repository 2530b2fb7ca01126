// The ratings read and written outside the rating screen (ratings.graphql): the reviews of a user (their
// public profile) and of an ad's equipment (its page), their one answer, and the ratings a user still
// has to give (the dashboard; the rating screen makes it stale once it sends).
import { graphql } from '../api/documents';

const REVIEW_FIELDS = graphql(`
  fragment ReviewFields on Review @_unmask {
    id
    side
    authorName
    ad {
      id
      path
      title {
        fr
        en
      }
    }
    month
    stars {
      respectOfContract
      communication
      reliability
    }
    equipment {
      compliance
      cleanliness
      security
    }
    comment
    commentHidden
    publishedAt
    counted
    answer {
      text
      at
    }
    canAnswer
    canReport
  }
`);

/** The published ratings a user received, newest first. */
export const USER_REVIEWS = graphql(
  `
    query UserReviews($userId: ID!, $limit: Int, $nextToken: String) {
      userReviews(userId: $userId, limit: $limit, nextToken: $nextToken) {
        items {
          ...ReviewFields
        }
        nextToken
      }
    }
  `,
  [REVIEW_FIELDS],
);

/** The tenants' published ratings of an ad's equipment, newest first. */
export const AD_REVIEWS = graphql(
  `
    query AdReviews($adId: ID!, $limit: Int, $nextToken: String) {
      adReviews(adId: $adId, limit: $limit, nextToken: $nextToken) {
        items {
          ...ReviewFields
        }
        nextToken
      }
    }
  `,
  [REVIEW_FIELDS],
);

export const ANSWER_REVIEW = graphql(
  `
    mutation AnswerReview($input: AnswerReviewInput!) {
      answerReview(input: $input) {
        ...ReviewFields
      }
    }
  `,
  [REVIEW_FIELDS],
);

/** The caller's contracts whose rating they still have to give, soonest deadline first. */
export const MY_RATINGS_TO_GIVE = graphql(`
  query MyRatingsToGive {
    myRatingsToGive {
      id
      adTitle {
        fr
        en
      }
      otherPartyName
      ratingToGive {
        deadline
        started
      }
    }
  }
`);
