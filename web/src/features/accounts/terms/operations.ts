// Terms of service (docs/accounts-api.md).

export const ACCEPT_TOS = /* GraphQL */ `
  mutation AcceptTos($input: AcceptTosInput!) {
    acceptTos(input: $input) {
      id
      hasAcceptedLatest
      latestVersionAvailable
    }
  }
`;
