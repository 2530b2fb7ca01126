// What a signed-in user may see of another user (docs/accounts-api.md).
import { AD_CARD_FIELDS } from '../../../lib/ads/fragments';
import { graphql } from '../../../lib/api/documents';

export const PUBLIC_PROFILE = graphql(`
  query PublicProfile($id: ID!) {
    publicProfile(id: $id) {
      id
      publicName
      organizationName
      organizationType
      organizationTypeOtherSpecification
      industry
      industryOtherSpecification
      registeredSince
      transactionsCount
      ratings {
        count
        respectOfContract
        communication
        reliability
        overall
      }
      email
      phoneNumber
      # What their active alerts look for, never where (null for an administrator reader).
      alerts {
        count
        items {
          categories
          modes
          priceRanges
          certifications
        }
      }
    }
  }
`);

/** The user's published ads, newest first (their public profile lists them). */
export const USER_ADS = graphql(
  `
    query UserAds($userId: ID!, $limit: Int, $nextToken: String) {
      userAds(userId: $userId, limit: $limit, nextToken: $nextToken) {
        items {
          id
          ...AdCardFields
        }
        nextToken
      }
    }
  `,
  [AD_CARD_FIELDS],
);

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
    comment
    commentHidden
    publishedAt
    answer {
      text
      at
    }
    canAnswer
    canReport
  }
`);

/** The published ratings the user received, newest first (ratings.graphql). */
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
