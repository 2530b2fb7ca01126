// Who may call each root field of privacy.graphql (see authz.ts): a person acts on their own data only;
// administrators on anyone's, on the person's request.

import { ADMIN_ONLY, SIGNED_IN, type AuthzTable } from './authz';

export const authz: AuthzTable = {
  'Query.myDataExports': SIGNED_IN,
  'Query.privacyRequests': ADMIN_ONLY,
  'Mutation.requestMyDataExport': SIGNED_IN,
  // Administrators' accounts are not deleted this way (nor by another administrator).
  'Mutation.deleteMyAccount': { anonymous: false, own: true, other: true, admin: false },
  'Mutation.adminExportUserData': ADMIN_ONLY,
  'Mutation.adminDeleteUser': ADMIN_ONLY,
};
