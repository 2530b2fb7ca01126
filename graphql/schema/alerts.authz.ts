// Who may call each root field of alerts.graphql (see authz.ts). Administrators have no alerts
// (spec §6). For the fields that name an alert, `own` is its owner and `other` another USER
// (functions/handlers/authz-matrix.db.test.ts makes the alert). The e-mailed links need no sign-in: their
// token is the authority (a wrong one is INVALID_TOKEN, not a refusal).

import { PUBLIC, type AuthzRow, type AuthzTable } from './authz';

/** Any USER; no visitor, no administrator. */
const USERS: AuthzRow = { anonymous: false, own: true, other: true, admin: false };
/** The alert's owner. */
const OWNER: AuthzRow = { anonymous: false, own: true, other: false, admin: false };

export const authz: AuthzTable = {
  'Query.myAlerts': USERS,
  'Query.alert': OWNER,
  // Visitors create alerts too (spec §1), confirmed by the e-mailed link.
  'Mutation.createAlert': { anonymous: true, own: true, other: true, admin: false },
  'Mutation.updateAlert': OWNER,
  'Mutation.deleteAlert': OWNER,
  'Mutation.confirmAlert': PUBLIC,
  'Mutation.deleteAlertByLink': PUBLIC,
};
