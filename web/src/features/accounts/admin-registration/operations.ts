// The API call that completes an invited administrator's account (graphql/schema.graphql).
import { graphql } from '../../../lib/api/documents';

export const COMPLETE_ADMIN_REGISTRATION = graphql(`
  mutation CompleteAdminRegistration($input: CompleteAdminRegistrationInput!) {
    completeAdminRegistration(input: $input) {
      id
    }
  }
`);
