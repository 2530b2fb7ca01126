// The chat's e-mail reminders preference (graphql/schema/chat.graphql), set from /parametres.
import { graphql } from '../../../lib/api/documents';

export const MY_CHAT_PREFERENCES = graphql(`
  query MyChatPreferences {
    myChatPreferences {
      emailReminders
    }
  }
`);

export const UPDATE_CHAT_PREFERENCES = graphql(`
  mutation UpdateChatPreferences($input: ChatPreferencesInput!) {
    updateChatPreferences(input: $input) {
      emailReminders
    }
  }
`);

// The people the user blocked in a conversation (graphql/schema/moderation.graphql), lifted from /parametres.
export const MY_BLOCKED_USERS = graphql(`
  query MyBlockedUsers {
    myBlockedUsers {
      userId
      publicName
      blockedAt
    }
  }
`);

export const UNBLOCK_USER = graphql(`
  mutation UnblockUser($userId: ID!) {
    unblockUser(userId: $userId)
  }
`);
