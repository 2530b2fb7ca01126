// Who may call each root field of admin.graphql (see authz.ts): administrators only.

import { ADMIN_ONLY, type AuthzTable } from './authz';

export const authz: AuthzTable = {
  'Query.users': ADMIN_ONLY,
  'Query.user': ADMIN_ONLY,
  'Query.termsVersions': ADMIN_ONLY,
  'Query.termsVersionAcceptances': ADMIN_ONLY,
  'Mutation.verifyEmail': ADMIN_ONLY,
  'Mutation.publishTermsVersion': ADMIN_ONLY,
  'Mutation.createAdminAccount': ADMIN_ONLY,
  'Mutation.adminCreateUser': ADMIN_ONLY,
  'Mutation.adminUpdateUser': ADMIN_ONLY,
  'Mutation.allowUser': ADMIN_ONLY,
  'Mutation.lockUser': ADMIN_ONLY,
  'Query.transferTargetExists': ADMIN_ONLY,
  'Query.linkedAccountPairs': ADMIN_ONLY,
};
