// The accounts part of the API (graphql/schema.graphql) this app calls.
import { graphql } from '../../lib/api/documents';

export const CHANGE_PASSWORD = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      id
    }
  }
`);
