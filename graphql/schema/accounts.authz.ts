// Who may call each root field of accounts.graphql (see authz.ts).

import { PUBLIC, SELF_OR_ADMIN, SERVER_ONLY, SIGNED_IN, type AuthzTable } from './authz';

export const authz: AuthzTable = {
  // null for anonymous visitors, not an error.
  'Query.me': PUBLIC,
  // E-mailed links work signed in or not: the token is the credential.
  'Query.verifyToken': PUBLIC,
  'Query.publicProfile': SIGNED_IN,
  'Query.termsVersion': PUBLIC,
  'Query.tosHistory': SELF_OR_ADMIN,
  'Mutation.updateFirstLoginModalClosed': SIGNED_IN,
  'Mutation.changePassword': SIGNED_IN,
  'Mutation.createUserAccount': { anonymous: true, own: false, other: false, admin: false },
  'Mutation.confirmEmail': PUBLIC,
  'Mutation.resendConfirmationEmail': PUBLIC,
  'Mutation.sendPasswordReset': PUBLIC,
  'Mutation.resetPassword': PUBLIC,
  'Mutation.changeEmail': SIGNED_IN,
  'Mutation.updateUserProfile': SELF_OR_ADMIN,
  // Terms are accepted by USER accounts only.
  'Mutation.acceptTos': { anonymous: false, own: true, other: true, admin: false },
  'Mutation.completeAdminRegistration': PUBLIC,
  // Only the user themself may listen, administrators included.
  'Subscription.onFirstLoginModalClosed': { anonymous: false, own: true, other: false, admin: false },
  // Published by the server (AWS_IAM) only; no handler serves it.
  'Mutation.publishFirstLoginModalClosed': SERVER_ONLY,
};
