// The API calls of a forgotten password (graphql/schema.graphql).

export const SEND_PASSWORD_RESET = /* GraphQL */ `
  mutation SendPasswordReset($input: EmailInput!) {
    sendPasswordReset(input: $input)
  }
`;

export const RESET_PASSWORD = /* GraphQL */ `
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      id
    }
  }
`;
