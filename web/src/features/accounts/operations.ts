// The accounts part of the API (graphql/schema.graphql) this app calls.

export interface Me {
  id: string;
  type: 'USER' | 'ADMIN';
  email: string;
  firstLoginModalClosed: boolean;
  profile: {
    id: string;
    publicName: string;
    acceptedTos: { id: string; hasAcceptedLatest: boolean; latestVersionAvailable: string } | null;
  };
}

export const ME = /* GraphQL */ `
  query Me {
    me {
      id
      type
      email
      firstLoginModalClosed
      profile {
        id
        publicName
        acceptedTos {
          id
          hasAcceptedLatest
          latestVersionAvailable
        }
      }
    }
  }
`;

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

export const CHANGE_PASSWORD = /* GraphQL */ `
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      id
    }
  }
`;
