// Who may call each root field of ads.graphql (see authz.ts). The matrix names a real ad of the
// target for every ad id (an unlisted one for transferAd): functions/handlers/authz-matrix.db.test.ts.

import { ADMIN_ONLY, PUBLIC, SELF_OR_ADMIN, SIGNED_IN, type AuthzTable } from './authz';

export const authz: AuthzTable = {
  // Anyone may ask; an ad the caller may not see is null, as one that does not exist.
  'Query.ad': PUBLIC,
  'Query.managedAds': SIGNED_IN,
  'Query.userAds': SIGNED_IN,
  'Mutation.createAd': SIGNED_IN,
  'Mutation.updateAd': SELF_OR_ADMIN,
  // The owner only: administrators publish nothing (their ads stay unlisted until transferred).
  'Mutation.publishAd': { anonymous: false, own: true, other: false, admin: false },
  'Mutation.unpublishAd': SELF_OR_ADMIN,
  'Mutation.transferAd': ADMIN_ONLY,
};
