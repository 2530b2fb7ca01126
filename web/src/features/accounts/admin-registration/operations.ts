// The API call that completes an invited administrator's account (graphql/schema.graphql).

export const COMPLETE_ADMIN_REGISTRATION = /* GraphQL */ `
  mutation CompleteAdminRegistration($input: CompleteAdminRegistrationInput!) {
    completeAdminRegistration(input: $input) {
      id
    }
  }
`;
