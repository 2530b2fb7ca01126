// Who may call each root field of moderation.graphql (see authz.ts). Users report and block;
// administrators moderate (they report nothing: they act). For blockConversationParticipant, `own` is a
// participant of the conversation named and `other` a USER who is not one (the matrix makes it).

import { ADMIN_ONLY, type AuthzRow, type AuthzTable } from './authz';

const USERS: AuthzRow = { anonymous: false, own: true, other: true, admin: false };
const PARTICIPANTS: AuthzRow = { anonymous: false, own: true, other: false, admin: false };

export const authz: AuthzTable = {
  'Query.moderationQueue': ADMIN_ONLY,
  'Query.myBlockedUsers': USERS,
  'Mutation.reportItem': USERS,
  'Mutation.moderateCase': ADMIN_ONLY,
  'Mutation.blockConversationParticipant': PARTICIPANTS,
  'Mutation.unblockUser': USERS,
};
