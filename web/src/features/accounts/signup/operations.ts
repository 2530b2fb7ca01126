// Sign-up in the accounts API (graphql/schema.graphql, docs/accounts-api.md).

export const CREATE_USER_ACCOUNT = /* GraphQL */ `
  mutation CreateUserAccount($input: CreateUserAccountInput!) {
    createUserAccount(input: $input) {
      id
    }
  }
`;
