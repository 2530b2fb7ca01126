// Blocks (docs/moderation.md): a participant blocks the other side of a conversation; the blocked
// person can then neither write to them (sendMessage) nor start a conversation with them
// (createConversation), both refused with USER_BLOCKED. The block is lifted from the settings.

import { AppError, assertValid, required, type BlockedUser } from '@partage/graphql';
import { blocksOf, deleteBlock, isBlocked, putBlock } from '../../data/moderation';
import { getUsers } from '../../data/user-directory';
import { requireParticipant } from '../chat/participants';
import { now } from '../clock';
import { requireRole, USER_ONLY, type Identity } from '../identity';

export async function blockConversationParticipant(identity: Identity, input: { conversationId: string }): Promise<BlockedUser> {
  const membership = await requireParticipant(identity, input?.conversationId);
  const blockedAt = now().toISOString();
  await putBlock(membership.userId, { blockedId: membership.otherUserId, blockedAt, conversationId: input.conversationId });
  const [blocked] = await getUsers([membership.otherUserId]);
  return { userId: membership.otherUserId, publicName: blocked?.publicName ?? '', blockedAt };
}

export async function unblockUser(identity: Identity, userId: string): Promise<string> {
  const blockerId = requireRole(identity, USER_ONLY);
  assertValid([['userId', required(userId)]]);
  await deleteBlock(blockerId, userId);
  return userId;
}

export async function myBlockedUsers(identity: Identity): Promise<BlockedUser[]> {
  const blockerId = requireRole(identity, USER_ONLY);
  const blocks = await blocksOf(blockerId);
  const names = new Map((await getUsers(blocks.map((block) => block.blockedId))).map((user) => [user.id, user.publicName]));
  return blocks.map((block) => ({ userId: block.blockedId, publicName: names.get(block.blockedId) ?? '', blockedAt: block.blockedAt }));
}

/** USER_BLOCKED when `recipientId` blocked `senderId`. */
export async function refuseIfBlocked(recipientId: string, senderId: string): Promise<void> {
  if (await isBlocked(recipientId, senderId)) throw new AppError('USER_BLOCKED', 'This person does not accept your messages');
}
