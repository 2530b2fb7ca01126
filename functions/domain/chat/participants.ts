// Only the two participants of a conversation may read it, post in it or mark it read; administrators
// have no conversations (spec §6). A conversation that does not exist is refused the same way, so a
// caller learns nothing of other people's conversations.

import { getMembership, type MembershipRecord } from '../../data/chat';
import { requireRole, unauthorized, USER_ONLY, type Identity } from '../identity';

/** The caller's membership of the conversation; UNAUTHORIZED_ACCESS for anyone else. */
export async function requireParticipant(identity: Identity, conversationId: string | null | undefined): Promise<MembershipRecord> {
  const userId = requireRole(identity, USER_ONLY);
  const membership = typeof conversationId === 'string' && conversationId ? await getMembership(userId, conversationId) : null;
  if (!membership) throw unauthorized();
  return membership;
}
