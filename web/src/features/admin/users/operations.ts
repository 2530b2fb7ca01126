// The user administration calls of this screen (graphql/schema.graphql, admin Lambda).

export const USERS = /* GraphQL */ `
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
`;

export const CREATE_ADMIN_ACCOUNT = /* GraphQL */ `
  mutation CreateAdminAccount($input: CreateAdminAccountInput!) {
    createAdminAccount(input: $input) {
      id
    }
  }
`;
