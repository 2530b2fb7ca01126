// Who may call each root field of search.graphql (see authz.ts).

import { PUBLIC, type AuthzTable } from './authz';

export const authz: AuthzTable = {
  // Visitors search the map and the list (spec §1); limited per source address instead.
  'Query.searchAds': PUBLIC,
};
