// User administration in the accounts API (graphql/schema.graphql, docs/accounts-api.md): ADMIN only.
import { graphql } from '../../../lib/api/documents';
import { PROFILE_FORM_FIELDS } from '../../../lib/profile-form/operations';

export const USER_DETAIL = graphql(
  `
    query UserDetail($id: ID!) {
      user(id: $id) {
        id
        email
        type
        emailConfirmed
        lockedOut
        hasPassword
        createdAt
        profile {
          publicName
          ...ProfileFormFields
        }
      }
    }
  `,
  [PROFILE_FORM_FIELDS],
);

export const ADMIN_CREATE_USER = graphql(`
  mutation AdminCreateUser($input: AdminCreateUserInput!) {
    adminCreateUser(input: $input) {
      id
    }
  }
`);

export const ADMIN_UPDATE_USER = graphql(`
  mutation AdminUpdateUser($input: AdminUpdateUserInput!) {
    adminUpdateUser(input: $input) {
      id
    }
  }
`);

export const VERIFY_EMAIL = graphql(`
  mutation VerifyEmail($input: EmailInput!) {
    verifyEmail(input: $input) {
      id
    }
  }
`);

export const ALLOW_USER = graphql(`
  mutation AllowUser($input: AllowUserInput!) {
    allowUser(input: $input) {
      id
    }
  }
`);

export const LOCK_USER = graphql(`
  mutation LockUser($input: LockUserInput!) {
    lockUser(input: $input) {
      id
    }
  }
`);
