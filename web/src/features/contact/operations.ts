// The contact form's API (graphql/schema/contact.graphql) as /nous-joindre uses it (docs/contact.md).
import { graphql } from '../../lib/api/documents';

/** Anyone; true once the team has it. CONTACT_UNAVAILABLE, CONTACT_TOO_FAST, RATE_LIMITED or VALIDATION_FAILED otherwise. */
export const SEND_CONTACT_MESSAGE = graphql(`
  mutation SendContactMessage($input: SendContactMessageInput!) {
    sendContactMessage(input: $input)
  }
`);

/** A signed-in user's name, address and organisation, which the form starts with. */
export const CONTACT_SENDER = graphql(`
  query ContactSender {
    me {
      id
      email
      profile {
        id
        firstName
        lastName
        organizationName
      }
    }
  }
`);
