// Who may call each root field of phone.graphql (see authz.ts).

import type { AuthzTable } from './authz';

// A USER verifies the number of their own profile (it names nobody); administrators publish no ads of theirs.
const USER_ONLY = { anonymous: false, own: true, other: true, admin: false };

export const authz: AuthzTable = {
  'Mutation.sendPhoneVerificationCode': USER_ONLY,
  'Mutation.verifyPhoneCode': USER_ONLY,
};
