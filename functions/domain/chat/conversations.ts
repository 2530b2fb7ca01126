// Conversations (spec §3, §4): a USER asks about a published ad of someone else's; the pair (ad,
// asker) has one conversation, whatever the number of calls at once (its id is derived from them).
// It starts with the asker's first message, never empty. The asker joins at creation; the owner
// when they first open it (read-marks.ts).

import {
  AppError,
  assertValid,
  CONVERSATIONS_PAGE,
  required,
  type ConversationAd,
  type ConversationSource,
  type CreateConversationInput,
} from '@partage/graphql';
import { getAd, getAds } from '../../data/ads';
import {
  getConversation,
  getConversationsWithMembers,
  membershipsPage,
  putNewConversation,
  type ConversationRecord,
  type MembershipRecord,
} from '../../data/chat';
import { getUsers } from '../../data/user-directory';
import { adPathOf, cancellationPolicyOf, imageView, offerPriceOf, taxModeOf } from '../ads/ad-view';
import { now } from '../clock';
import { refuseIfBlocked } from '../moderation/blocks';
import { existingBlocks } from '../../data/moderation';
import { enforceRateLimit } from '../rate-limits';
import { requireRole, USER_ONLY, type Identity } from '../identity';
import { conversationIdOf } from './ids';
import { admitMessage, messageRules, postMessage, sendInto } from './messages';
import { pageLimit } from './paging';
import { requireParticipant } from './participants';

/** What Conversation.ad needs beyond the schema's fields: which ad. */
export interface ConversationView extends ConversationSource {
  adId: string;
}

/** The conversations as `readerId` sees them, the participants' public names read at once. */
async function conversationViews(
  readerId: string,
  entries: { conversation: ConversationRecord; members: MembershipRecord[] }[],
): Promise<ConversationView[]> {
  const userIds = [...new Set(entries.flatMap(({ conversation }) => [conversation.ownerId, conversation.askerId]))];
  const otherOf = (conversation: ConversationRecord) => (conversation.ownerId === readerId ? conversation.askerId : conversation.ownerId);
  const others = [...new Set(entries.map(({ conversation }) => otherOf(conversation)))];
  const [users, blocks] = await Promise.all([
    getUsers(userIds),
    // Both ways: the reader's block (shown, to lift it) and the other's (the reader can only be told they cannot write).
    existingBlocks(
      others.flatMap((other) => [
        { blockerId: readerId, blockedId: other },
        { blockerId: other, blockedId: readerId },
      ]),
    ),
  ]);
  const names = new Map(users.map((user) => [user.id, user.publicName]));
  return entries.map(({ conversation, members }) => {
    const participant = (userId: string, role: MembershipRecord['role']) => {
      const membership = members.find((m) => m.userId === userId);
      return {
        userId,
        publicName: names.get(userId) ?? '',
        role,
        isMe: userId === readerId,
        joinedAt: membership?.joinedAt ?? null,
        lastReadAt: membership?.lastReadAt ?? null,
      };
    };
    return {
      id: conversation.id,
      adId: conversation.adId,
      participants: [participant(conversation.ownerId, 'OWNER'), participant(conversation.askerId, 'ASKER')],
      unreadCount: members.find((m) => m.userId === readerId)?.unreadCount ?? 0,
      lastMessage: conversation.lastMessage,
      createdAt: conversation.createdAt,
      lastActivityAt: conversation.lastActivityAt,
      blockedByMe: blocks.has(`${readerId} ${otherOf(conversation)}`),
      canWrite: !blocks.has(`${otherOf(conversation)} ${readerId}`),
    };
  });
}

async function viewOf(readerId: string, conversationId: string): Promise<ConversationView> {
  const [view] = await conversationViews(readerId, await getConversationsWithMembers([conversationId]));
  if (!view) throw new AppError('NOT_FOUND', 'Conversation not found');
  return view;
}

/**
 * USER: their conversation about the ad, made the first time with their first message. The ad must be
 * published and not theirs (OWN_AD_CONVERSATION). Asking again posts the message in the existing
 * conversation, even once the ad is unpublished.
 *
 * Everything that could refuse the message (its rules, the blocks, the limits, its files) is asked
 * before the conversation is written: a refused first message leaves no empty conversation. The
 * message is written just after it; a call that fails between the two is asked again by the page with
 * the same clientMessageId, which then posts it once.
 */
export async function createConversation(identity: Identity, input: CreateConversationInput): Promise<ConversationView> {
  const askerId = requireRole(identity, USER_ONLY);
  assertValid([['input.adId', required(input?.adId)], ...messageRules(input?.message, 'input.message')]);
  const { message } = input;
  const id = conversationIdOf(input.adId, askerId);
  if (await getConversation(id)) {
    await sendInto(identity, id, message, 'input.message');
    return viewOf(askerId, id);
  }
  const ad = await getAd(input.adId);
  if (!ad || !ad.published || ad.unlisted) throw new AppError('NOT_FOUND', 'Ad not found');
  if (ad.ownerId === askerId) throw new AppError('OWN_AD_CONVERSATION', 'You cannot start a conversation about your own ad');
  await refuseIfBlocked(ad.ownerId, askerId);
  await enforceRateLimit('chatNewConversation', askerId);
  const posting = { conversationId: id, senderId: askerId, recipientId: ad.ownerId };
  const attachments = await admitMessage(posting, message, 'input.message');
  const at = now().toISOString();
  const member = (userId: string, role: MembershipRecord['role'], joinedAt: string | null): MembershipRecord => ({
    conversationId: id,
    userId,
    role,
    otherUserId: userId === ad.ownerId ? askerId : ad.ownerId,
    unreadCount: 0,
    lastReadAt: null,
    joinedAt,
    lastActivityAt: at,
  });
  // Losing a race to a concurrent call is fine: its conversation is this one (and the same message, once).
  await putNewConversation({ id, adId: ad.id, ownerId: ad.ownerId, askerId, createdAt: at, lastActivityAt: at, lastMessage: null }, [
    member(ad.ownerId, 'OWNER', null),
    member(askerId, 'ASKER', at),
  ]);
  await postMessage(posting, message, attachments);
  return viewOf(askerId, id);
}

/** USER: their conversations, latest activity first. */
export async function myConversations(identity: Identity, args: { limit?: number | null; nextToken?: string | null }) {
  const userId = requireRole(identity, USER_ONLY);
  const limit = pageLimit(args.limit, CONVERSATIONS_PAGE);
  const page = await membershipsPage(userId, limit, args.nextToken);
  const entries = await getConversationsWithMembers(page.items.map((membership) => membership.conversationId));
  return { items: await conversationViews(userId, entries), nextToken: page.nextToken };
}

/** A participant: the conversation. */
export async function conversationById(identity: Identity, id: string): Promise<ConversationView> {
  const membership = await requireParticipant(identity, id);
  return viewOf(membership.userId, id);
}

/** Conversation.ad for a level of conversations: their ads read at once; null for an ad that is gone. */
export async function conversationAds(conversations: Pick<ConversationView, 'adId'>[]): Promise<(ConversationAd | null)[]> {
  const ads = new Map((await getAds([...new Set(conversations.map((c) => c.adId))])).map((ad) => [ad.id, ad]));
  return conversations.map(({ adId }) => {
    const ad = ads.get(adId);
    if (!ad) return null;
    const [image] = ad.content.images;
    return {
      id: ad.id,
      path: adPathOf(ad),
      title: { fr: ad.content.title.fr, en: ad.content.title.en },
      category: ad.content.category,
      image: image ? imageView(image) : null,
      rent: offerPriceOf(ad.content.rent, ad.content),
      taxMode: taxModeOf(ad.content),
      cancellationPolicy: cancellationPolicyOf(ad.content),
    };
  });
}
