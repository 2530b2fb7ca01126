// Who may call each root field of places.graphql (see authz.ts).

import { PUBLIC, type AuthzTable } from './authz';

export const authz: AuthzTable = {
  // Visitors search and create alerts anonymously; limited per source address instead.
  'Query.searchPlaces': PUBLIC,
};
