// Terms of service (docs/accounts-api.md).
import { graphql } from '../../../lib/api/documents';

export const ACCEPT_TOS = graphql(`
  mutation AcceptTos($input: AcceptTosInput!) {
    acceptTos(input: $input) {
      id
      hasAcceptedLatest
      latestVersionAvailable
    }
  }
`);
