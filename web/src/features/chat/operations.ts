// The chat API (graphql/schema/chat.graphql) as the conversation screens and the header use it.
import { AD_IMAGE_FIELDS } from '../../lib/ads/fragments';
import { graphql } from '../../lib/api/documents';

const MESSAGE_FIELDS = graphql(`
  fragment MessageFields on Message @_unmask {
    id
    conversationId
    senderId
    body
    createdAt
    attachments {
      fileId
      name
      contentType
      size
      width
      height
      url
    }
    contractStep {
      contractId
      kind
      version
    }
  }
`);

const CONVERSATION_FIELDS = graphql(
  `
    fragment ConversationFields on Conversation @_unmask {
      id
      unreadCount
      createdAt
      lastActivityAt
      blockedByMe
      canWrite
      ad {
        id
        path
        title {
          fr
          en
        }
        image {
          ...AdImageFields
        }
      }
      participants {
        userId
        publicName
        role
        isMe
        joinedAt
        lastReadAt
      }
      lastMessage {
        senderId
        body
        attachmentCount
        createdAt
        contractStep
      }
    }
  `,
  [AD_IMAGE_FIELDS],
);

export const MY_CONVERSATIONS = graphql(
  `
    query MyConversations($limit: Int, $nextToken: String) {
      myConversations(limit: $limit, nextToken: $nextToken) {
        items {
          ...ConversationFields
        }
        nextToken
      }
    }
  `,
  [CONVERSATION_FIELDS],
);

export const CONVERSATION = graphql(
  `
    query Conversation($id: ID!) {
      conversation(id: $id) {
        ...ConversationFields
      }
    }
  `,
  [CONVERSATION_FIELDS],
);

export const CONVERSATION_MESSAGES = graphql(
  `
    query ConversationMessages($conversationId: ID!, $limit: Int, $nextToken: String) {
      conversationMessages(conversationId: $conversationId, limit: $limit, nextToken: $nextToken) {
        items {
          ...MessageFields
        }
        nextToken
      }
    }
  `,
  [MESSAGE_FIELDS],
);

export const MY_UNREAD_MESSAGE_COUNT = graphql(`
  query MyUnreadMessageCount {
    myUnreadMessageCount
  }
`);

export const CREATE_CONVERSATION = graphql(`
  mutation CreateConversation($input: CreateConversationInput!) {
    createConversation(input: $input) {
      id
    }
  }
`);

export const SEND_MESSAGE = graphql(
  `
    mutation SendMessage($input: SendMessageInput!) {
      sendMessage(input: $input) {
        ...MessageFields
      }
    }
  `,
  [MESSAGE_FIELDS],
);

export const MARK_CONVERSATION_READ = graphql(`
  mutation MarkConversationRead($input: RemoveConversationNotificationInput!) {
    removeConversationNotification(input: $input)
  }
`);

export const ON_CHAT_EVENT = graphql(
  `
    subscription OnChatEvent($userId: ID!) {
      onChatEvent(userId: $userId) {
        userId
        type
        conversationId
        participantId
        at
        message {
          ...MessageFields
        }
      }
    }
  `,
  [MESSAGE_FIELDS],
);

// Blocks the other participant (graphql/schema/moderation.graphql); lifted from the settings.
/** Lifts the reader's block of the other participant, from the conversation (the settings list the blocks too). */
export const UNBLOCK_CONVERSATION_PARTICIPANT = graphql(`
  mutation UnblockConversationParticipant($userId: ID!) {
    unblockUser(userId: $userId)
  }
`);

export const BLOCK_CONVERSATION_PARTICIPANT = graphql(`
  mutation BlockConversationParticipant($input: BlockInput!) {
    blockConversationParticipant(input: $input) {
      userId
      publicName
    }
  }
`);
