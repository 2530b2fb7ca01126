// The profile part of the accounts API (graphql/schema.graphql, docs/accounts-api.md) this screen calls.
import { graphql } from '../../../lib/api/documents';

export const UPDATE_USER_PROFILE = graphql(`
  mutation UpdateUserProfile($input: UpdateUserProfileInput!) {
    updateUserProfile(input: $input) {
      id
    }
  }
`);
