// The first-login welcome modal (docs/accounts-api.md). The subscription gets what the mutation
// selects, so both ask for the same fields.
import { graphql } from '../../../lib/api/documents';

export const UPDATE_FIRST_LOGIN_MODAL_CLOSED = graphql(`
  mutation UpdateFirstLoginModalClosed($input: UpdateFirstLoginModalClosedInput!) {
    updateFirstLoginModalClosed(input: $input) {
      id
      firstLoginModalClosed
    }
  }
`);

export const ON_FIRST_LOGIN_MODAL_CLOSED = graphql(`
  subscription OnFirstLoginModalClosed($id: ID!) {
    onFirstLoginModalClosed(id: $id) {
      id
      firstLoginModalClosed
    }
  }
`);
