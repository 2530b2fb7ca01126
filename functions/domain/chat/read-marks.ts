// Read marks (spec §4): opening a conversation marks it read for the reader (removeConversationNotification)
// and ends their quiet period; the owner's first opening is their joining. Both participants' pages are
// told (the other one shows "Read" under their messages, the reader's other tabs clear their count).

import type { RemoveConversationNotificationInput } from '@partage/graphql';
import { markRead, unreadTotal } from '../../data/chat';
import { now } from '../clock';
import { requireRole, unauthorized, USER_ONLY, type Identity } from '../identity';
import { publishChatEvent } from './chat-events';
import { requireParticipant } from './participants';

/** A participant: the conversation is read up to now; answers their unread messages left over all conversations. */
export async function removeConversationNotification(identity: Identity, input: RemoveConversationNotificationInput): Promise<number> {
  const { userId, conversationId } = await requireParticipant(identity, input?.conversationId);
  const at = now().toISOString();
  const before = await markRead(userId, conversationId, at);
  if (!before) throw unauthorized();
  const participants = [userId, before.otherUserId];
  if (!before.joinedAt) await publishChatEvent(participants, { type: 'PARTICIPANT_JOINED', conversationId, participantId: userId, at });
  // Nothing was unread: no message of the other's changes its "read" mark.
  if (before.unreadCount > 0) await publishChatEvent(participants, { type: 'MESSAGE_READ', conversationId, participantId: userId, at });
  return unreadTotal(userId);
}

/** USER: unread messages over all their conversations (the header's dot). */
export const myUnreadMessageCount = (identity: Identity): Promise<number> => unreadTotal(requireRole(identity, USER_ONLY));
