// The real-time chat of a signed-in USER (spec §4): one subscription per tab to their chat events,
// kept while they are signed in. Events update what the screens show, without a reload: a message
// joins its conversation, the conversation list and the unread count are fetched again (debounced
// CHAT_DEBOUNCE_MS, as is the sound of an incoming message).
import { CHAT_DEBOUNCE_MS } from '@partage/graphql';
import { subscribe } from '../../../lib/api/graphql';
import { operationName } from '../../../lib/api/queries';
import { queryClient } from '../../../lib/api/query-client';
import { addMessageToCache } from '../messages-cache';
import { CONVERSATION, CONVERSATION_MESSAGES, MY_CONVERSATIONS, MY_UNREAD_MESSAGE_COUNT, ON_CHAT_EVENT } from '../operations';
import { playIncomingSound } from './incoming-sound';

/** Runs `action` once `ms` after the last call. */
export function debounce(action: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(action, ms);
  };
}

/** Marks the cached answers of an operation stale (those for `variables` only, when given): shown ones are fetched again. */
const invalidate = (document: Parameters<typeof operationName>[0], variables?: object) =>
  void queryClient.invalidateQueries({ queryKey: variables ? [operationName(document), variables] : [operationName(document)] });

/** Listeners told of each message that arrives (the open conversation marks it read). */
const messageListeners = new Set<(conversationId: string, senderId: string) => void>();

export function onIncomingMessage(listener: (conversationId: string, senderId: string) => void): () => void {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}

/** Subscribes `userId` to their chat events; the returned function stops. */
export function startChatEvents(userId: string): () => void {
  const refreshCounts = debounce(() => {
    invalidate(MY_UNREAD_MESSAGE_COUNT);
    invalidate(MY_CONVERSATIONS);
  }, CHAT_DEBOUNCE_MS);
  const ring = debounce(playIncomingSound, CHAT_DEBOUNCE_MS);

  return subscribe(
    ON_CHAT_EVENT,
    { userId },
    ({ onChatEvent: event }) => {
      if (!event) return;
      if (event.type === 'MESSAGE_ADDED' && event.message) {
        addMessageToCache(event.message);
        if (event.message.senderId !== userId) {
          ring();
          messageListeners.forEach((listener) => listener(event.conversationId, event.message!.senderId));
        }
      } else {
        // Read marks and joins change what the conversation shows of its participants.
        invalidate(CONVERSATION, { id: event.conversationId });
      }
      refreshCounts();
    },
    // Events sent while the connection was down are lost: what is shown is fetched again.
    () => {
      invalidate(CONVERSATION_MESSAGES);
      invalidate(CONVERSATION);
      refreshCounts();
    },
  );
}
