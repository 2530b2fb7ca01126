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
        organizationsCount
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
