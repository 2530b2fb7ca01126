// Resolvers of the chat (functions/domain/chat): every use case checks that the caller is a USER and,
// for a conversation, one of its two participants, before it reads the input.

import {
  assertValid,
  required,
  type MutationCreateConversationArgs,
  type MutationRemoveConversationNotificationArgs,
  type MutationSendMessageArgs,
  type MutationUpdateChatPreferencesArgs,
  type QueryConversationArgs,
  type QueryConversationMessagesArgs,
  type QueryMyConversationsArgs,
  type SubscriptionOnChatEventArgs,
} from '@partage/graphql';
import {
  conversationAds,
  conversationById,
  createConversation,
  myConversations,
  type ConversationView,
} from '../domain/chat/conversations';
import { conversationMessages, sendMessage } from '../domain/chat/messages';
import { myChatPreferences, updateChatPreferences } from '../domain/chat/preferences';
import { myUnreadMessageCount, removeConversationNotification } from '../domain/chat/read-marks';
import { requireRole, unauthorized, USER_ONLY, type Identity } from '../domain/identity';
import { batched, resolverHandler, type FieldMap } from './shared/resolver';
import { subscriptionFilter } from './shared/subscription-filter';
import { observed } from './shared/observed';

/** The fields of the chat Lambda. */
export const chatFields = {
  'Query.myConversations': (args: QueryMyConversationsArgs, identity: Identity) => myConversations(identity, args),
  'Query.conversation': ({ id }: QueryConversationArgs, identity: Identity) => conversationById(identity, id),
  'Query.conversationMessages': (args: QueryConversationMessagesArgs, identity: Identity) => conversationMessages(identity, args),
  'Query.myUnreadMessageCount': (_args: Record<string, never>, identity: Identity) => myUnreadMessageCount(identity),
  'Query.myChatPreferences': (_args: Record<string, never>, identity: Identity) => myChatPreferences(identity),

  'Mutation.createConversation': ({ input }: MutationCreateConversationArgs, identity: Identity) => createConversation(identity, input),
  'Mutation.sendMessage': ({ input }: MutationSendMessageArgs, identity: Identity) => sendMessage(identity, input),
  'Mutation.removeConversationNotification': ({ input }: MutationRemoveConversationNotificationArgs, identity: Identity) =>
    removeConversationNotification(identity, input),
  'Mutation.updateChatPreferences': ({ input }: MutationUpdateChatPreferencesArgs, identity: Identity) =>
    updateChatPreferences(identity, input),

  // Runs once when a client subscribes: only the user themself may listen, and the filter set on the
  // server keeps every other user's events (each event names its one recipient) away from them.
  'Subscription.onChatEvent': ({ userId }: SubscriptionOnChatEventArgs, identity: Identity) => {
    const callerId = requireRole(identity, USER_ONLY);
    assertValid([['userId', required(userId)]]);
    if (userId !== callerId) throw unauthorized();
    return subscriptionFilter({ userId: { eq: callerId } });
  },

  // The conversations of a level were read by one of their participants: their ads are read at once.
  'Conversation.ad': batched(async (calls) => conversationAds(calls.map((call) => call.source as ConversationView))),
} satisfies FieldMap;

export const handler = observed('chat', resolverHandler(chatFields));
