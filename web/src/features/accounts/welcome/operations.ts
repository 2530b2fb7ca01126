// The first-login welcome modal (docs/accounts-api.md). The subscription gets what the mutation
// selects, so both ask for the same fields.

export const UPDATE_FIRST_LOGIN_MODAL_CLOSED = /* GraphQL */ `
  mutation UpdateFirstLoginModalClosed($input: UpdateFirstLoginModalClosedInput!) {
    updateFirstLoginModalClosed(input: $input) {
      id
      firstLoginModalClosed
    }
  }
`;

export const ON_FIRST_LOGIN_MODAL_CLOSED = /* GraphQL */ `
  subscription OnFirstLoginModalClosed($id: ID!) {
    onFirstLoginModalClosed(id: $id) {
      id
      firstLoginModalClosed
    }
  }
`;
