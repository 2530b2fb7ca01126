// The API calls of a forgotten password (graphql/schema.graphql).
import { graphql } from '../../../lib/api/documents';

export const SEND_PASSWORD_RESET = graphql(`
  mutation SendPasswordReset($input: EmailInput!) {
    sendPasswordReset(input: $input)
  }
`);

export const RESET_PASSWORD = graphql(`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      id
    }
  }
`);
