// User administration in the accounts API (graphql/schema.graphql, docs/accounts-api.md): ADMIN only.
import { PROFILE_FORM_FIELDS } from '../../accounts/profile/operations';

export const USER_DETAIL = /* GraphQL */ `
  query UserDetail($id: ID!) {
    user(id: $id) {
      id
      email
      type
      emailConfirmed
      lockedOut
      failedLogins
      hasPassword
      createdAt
      profile {
        publicName
        ...ProfileFormFields
      }
    }
  }
  ${PROFILE_FORM_FIELDS}
`;

export const ADMIN_CREATE_USER = /* GraphQL */ `
  mutation AdminCreateUser($input: AdminCreateUserInput!) {
    adminCreateUser(input: $input) {
      id
    }
  }
`;

export const ADMIN_UPDATE_USER = /* GraphQL */ `
  mutation AdminUpdateUser($input: AdminUpdateUserInput!) {
    adminUpdateUser(input: $input) {
      id
    }
  }
`;

export const VERIFY_EMAIL = /* GraphQL */ `
  mutation VerifyEmail($input: EmailInput!) {
    verifyEmail(input: $input) {
      id
    }
  }
`;

export const ALLOW_USER = /* GraphQL */ `
  mutation AllowUser($input: AllowUserInput!) {
    allowUser(input: $input) {
      id
    }
  }
`;
