// Sign-up in the accounts API (graphql/schema.graphql, docs/accounts-api.md).
import { graphql } from '../../../lib/api/documents';

export const CREATE_USER_ACCOUNT = graphql(`
  mutation CreateUserAccount($input: CreateUserAccountInput!) {
    createUserAccount(input: $input) {
      id
    }
  }
`);
