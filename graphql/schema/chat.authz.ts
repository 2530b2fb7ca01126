// Who may call each root field of chat.graphql (see authz.ts). Administrators have no conversations
// (spec §6). For the fields that name a conversation, `own` is a participant and `other` a USER who is
// not one (functions/handlers/authz-matrix.db.test.ts makes the conversation).

import { SERVER_ONLY, type AuthzRow, type AuthzTable } from './authz';

/** Any USER; no visitor, no administrator. */
const USERS: AuthzRow = { anonymous: false, own: true, other: true, admin: false };
/** The two participants of the conversation named. */
const PARTICIPANTS: AuthzRow = { anonymous: false, own: true, other: false, admin: false };

export const authz: AuthzTable = {
  'Query.myConversations': USERS,
  'Query.conversation': PARTICIPANTS,
  'Query.conversationMessages': PARTICIPANTS,
  'Query.myUnreadMessageCount': USERS,
  'Query.myChatPreferences': USERS,
  // Asking about the caller's own ad is refused with OWN_AD_CONVERSATION, not as unauthorized.
  'Mutation.createConversation': USERS,
  'Mutation.sendMessage': PARTICIPANTS,
  'Mutation.removeConversationNotification': PARTICIPANTS,
  'Mutation.updateChatPreferences': USERS,
  // Only the user themself may listen.
  'Subscription.onChatEvent': { anonymous: false, own: true, other: false, admin: false },
  'Mutation.publishChatEvent': SERVER_ONLY,
};
