// Who may call each root field of places.graphql (see authz.ts).

import { PUBLIC, type AuthzTable } from './authz';

export const authz: AuthzTable = {
  // Alerts are created anonymously; limited per source address instead.
  'Query.placeSuggestions': PUBLIC,
};
