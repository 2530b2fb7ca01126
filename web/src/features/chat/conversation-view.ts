// What the chat screens show of a conversation, from the reader's side.
import type { ResultOf } from '../../lib/api/documents';
import { pickText, readerLanguage } from '../../lib/ads/localized-text';
import type { CONVERSATION } from './operations';

export type ChatConversation = NonNullable<ResultOf<typeof CONVERSATION>['conversation']>;
export type ChatParticipant = ChatConversation['participants'][number];

/** The participant who is not the reader. */
export const otherParticipant = (conversation: ChatConversation): ChatParticipant | undefined =>
  conversation.participants.find((participant) => !participant.isMe);

/** The ad's title in the reader's language (or the other one, with its `lang`); null once the ad is gone. */
export function adTitle(conversation: ChatConversation, language: string): { text: string; lang?: string } | null {
  const picked = pickText(conversation.ad?.title, readerLanguage(language));
  return picked && { text: picked.text, lang: picked.otherLanguage ? picked.language : undefined };
}
