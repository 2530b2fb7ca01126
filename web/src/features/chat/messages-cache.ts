// The messages of a conversation as the screens read them: TanStack Query's infinite cache of
// conversationMessages (pages newest first), into which live messages are merged. One message is kept
// once, whether it came by its page, by the subscription, or as the answer of the sender's own send.
import type { InfiniteData } from '@tanstack/react-query';
import type { ResultOf } from '../../lib/api/documents';
import { queryKey } from '../../lib/api/queries';
import { queryClient } from '../../lib/api/query-client';
import { CONVERSATION_MESSAGES } from './operations';

export type MessagePage = ResultOf<typeof CONVERSATION_MESSAGES>;
export type ChatMessage = MessagePage['conversationMessages']['items'][number];

export const messagesKey = (conversationId: string) => queryKey(CONVERSATION_MESSAGES, { conversationId });

/** Adds `message` to its conversation's cached pages, unless it is there already or they are not loaded. */
export function addMessageToCache(message: ChatMessage): void {
  queryClient.setQueryData<InfiniteData<MessagePage, string | null>>(messagesKey(message.conversationId), (data) => {
    if (!data) return data;
    const known = data.pages.some((page) => page.conversationMessages.items.some((item) => item.id === message.id));
    if (known) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    const first = {
      ...newest,
      conversationMessages: { ...newest.conversationMessages, items: [message, ...newest.conversationMessages.items] },
    };
    return { ...data, pages: [first, ...older] };
  });
}

/**
 * Every message of the loaded pages, oldest first, each once: pages overlap when a message arrived
 * live and a page was then fetched again, and the order is the server's (time, then id), never the
 * order of arrival.
 */
export function chronological(pages: readonly MessagePage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const page of pages) for (const message of page.conversationMessages.items) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
