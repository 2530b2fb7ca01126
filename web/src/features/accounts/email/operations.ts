// The API calls of e-mailed links (graphql/schema.graphql): checking a link, confirming an address,
// sending the confirmation again, changing the address.
import { graphql } from '../../../lib/api/documents';

export const VERIFY_TOKEN = graphql(`
  query VerifyToken($email: String!, $token: String!, $type: TokenType!) {
    verifyToken(email: $email, token: $token, type: $type) {
      status
      user {
        id
        email
        type
        profileId
        firstName
        lastName
      }
    }
  }
`);

export const CONFIRM_EMAIL = graphql(`
  mutation ConfirmEmail($input: ConfirmEmailInput!) {
    confirmEmail(input: $input) {
      id
    }
  }
`);

export const RESEND_CONFIRMATION_EMAIL = graphql(`
  mutation ResendConfirmationEmail($input: EmailInput!) {
    resendConfirmationEmail(input: $input)
  }
`);

export const CHANGE_EMAIL = graphql(`
  mutation ChangeEmail($input: ChangeEmailInput!) {
    changeEmail(input: $input) {
      id
    }
  }
`);
