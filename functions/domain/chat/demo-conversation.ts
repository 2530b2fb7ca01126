// The demo seeds' conversations: the tenant asks, as on the site, and the owner has read it (a demo
// conversation has no reminder e-mail waiting for its owner in the dev mailbox).
import type { Identity } from '../identity';
import { createConversation } from './conversations';
import { removeConversationNotification } from './read-marks';

/** Seeding again, or asking about the same ad twice, posts the question once (its clientMessageId is the ad's). */
export async function demoConversation(asker: Identity, owner: Identity, adId: string, question: string) {
  const conversation = await createConversation(asker, { adId, message: { clientMessageId: `demo-question-${adId}`, body: question } });
  await removeConversationNotification(owner, { conversationId: conversation.id });
  return conversation;
}
