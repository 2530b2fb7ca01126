// Who may call each root field of contact.graphql (see authz.ts): anyone writes to the team, a visitor
// as much as a user or an administrator.

import { PUBLIC, type AuthzTable } from './authz';

export const authz: AuthzTable = {
  'Mutation.sendContactMessage': PUBLIC,
};
