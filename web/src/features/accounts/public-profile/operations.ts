// What a signed-in user may see of another user (docs/accounts-api.md).
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
      email
      phoneNumber
    }
  }
`);
