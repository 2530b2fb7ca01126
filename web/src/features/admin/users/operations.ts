// The user administration calls of this screen (graphql/schema.graphql, admin Lambda).
import { graphql } from '../../../lib/api/documents';

export const USERS = graphql(`
  query Users($search: String, $limit: Int, $nextToken: String) {
    users(search: $search, limit: $limit, nextToken: $nextToken) {
      items {
        id
        email
        firstName
        lastName
        publicName
        type
        emailConfirmed
        lockedOut
        createdAt
        organizationName
      }
      nextToken
    }
  }
`);

export const CREATE_ADMIN_ACCOUNT = graphql(`
  mutation CreateAdminAccount($input: CreateAdminAccountInput!) {
    createAdminAccount(input: $input) {
      id
    }
  }
`);
