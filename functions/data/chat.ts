// Chat: conversations, their participants' memberships, messages and chat preferences.
// A conversation's partition (CONV#<id>) holds its item (ad, participants, last activity and the
// last message's preview), its messages by time (MSG#<createdAt>#<messageId>) and a marker per sent
// message id (SENT#<messageId>, so a retried send finds the first message). Each participant has a
// membership in their own partition (USER#<id>/CONV#<conversationId>): their role, unread count,
// read and join marks and reminder state, listed by last activity in GSI1. Sending is one
// transaction over the message, the conversation and both memberships, so unread counts stay exact
// whatever the number of messages sent at once.

import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContractStepKind, ParticipantRole } from '@partage/graphql';
import {
  batchGet,
  db,
  failedConditionIndexes,
  isConditionFailure,
  isTransactionConflict,
  isTransientCancellation,
  queryPages,
  retrying,
  tableName,
  type TransactItem,
} from './client';
import {
  chatPreferencesKey,
  conversationKey,
  conversationPartition,
  MEMBERSHIP_SK_PREFIX,
  membershipIndexKeys,
  membershipKey,
  MESSAGE_SK_PREFIX,
  messageKey,
  sentMessageMarkerKey,
  userConversationsPartition,
} from './keys';
import { pageTokenAfter, startKeyOf, type ListingIndex } from './page-tokens';

export interface MessagePreviewRecord {
  senderId: string;
  body: string;
  attachmentCount: number;
  createdAt: string;
  /** A system line's contract step. */
  contractStep?: ContractStepKind;
}

export interface ConversationRecord {
  id: string;
  adId: string;
  ownerId: string;
  askerId: string;
  createdAt: string;
  lastActivityAt: string;
  lastMessage: MessagePreviewRecord | null;
}

export interface MembershipRecord {
  conversationId: string;
  userId: string;
  role: ParticipantRole;
  /** The other participant: a send or a read mark needs no read of the conversation to reach them. */
  otherUserId: string;
  unreadCount: number;
  lastReadAt: string | null;
  joinedAt: string | null;
  lastActivityAt: string;
  /** When the current unread period began (the first message left unread); absent once read. */
  reminderPendingSince?: string;
  /** The period whose reminder e-mail was sent (at most one per period). */
  reminderSentFor?: string;
}

export interface AttachmentRecord {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
  width?: number;
  height?: number;
}

/** A system line: a step of a contract between the participants, posted in the name of who made it. */
export interface ContractStepLineRecord {
  contractId: string;
  kind: ContractStepKind;
  version: number;
}

export interface MessageRecord {
  id: string;
  conversationId: string;
  senderId: string;
  body: string;
  attachments: AttachmentRecord[];
  createdAt: string;
  contractStep?: ContractStepLineRecord;
}

const conversationItem = (conversation: ConversationRecord) => ({
  ...conversationKey(conversation.id),
  type: 'Conversation',
  ...conversation,
});

function conversationOf(item: Record<string, unknown>): ConversationRecord {
  const { id, adId, ownerId, askerId, createdAt, lastActivityAt, lastMessage } = item as unknown as ConversationRecord;
  return { id, adId, ownerId, askerId, createdAt, lastActivityAt, lastMessage: lastMessage ?? null };
}

const membershipItem = (membership: MembershipRecord) => ({
  ...membershipKey(membership.userId, membership.conversationId),
  type: 'ConversationMembership',
  ...membershipIndexKeys(membership.userId, membership.lastActivityAt, membership.conversationId),
  ...membership,
  // Absent rather than null: the marks are set with if_not_exists.
  joinedAt: membership.joinedAt ?? undefined,
  lastReadAt: membership.lastReadAt ?? undefined,
});

function membershipOf(item: Record<string, unknown>): MembershipRecord {
  const m = item as unknown as MembershipRecord;
  return {
    conversationId: m.conversationId,
    userId: m.userId,
    role: m.role,
    otherUserId: m.otherUserId,
    unreadCount: Number(m.unreadCount ?? 0),
    lastReadAt: m.lastReadAt ?? null,
    joinedAt: m.joinedAt ?? null,
    lastActivityAt: m.lastActivityAt,
    ...(m.reminderPendingSince && { reminderPendingSince: m.reminderPendingSince }),
    ...(m.reminderSentFor && { reminderSentFor: m.reminderSentFor }),
  };
}

function messageOf(item: Record<string, unknown>): MessageRecord {
  const { id, conversationId, senderId, body, attachments, createdAt, contractStep } = item as unknown as MessageRecord;
  return { id, conversationId, senderId, body, attachments: attachments ?? [], createdAt, ...(contractStep && { contractStep }) };
}

export async function getConversation(conversationId: string): Promise<ConversationRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: conversationKey(conversationId) }));
  return Item ? conversationOf(Item) : null;
}

/** Consistent: authorization and read marks are decided on it. */
export async function getMembership(userId: string, conversationId: string): Promise<MembershipRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: membershipKey(userId, conversationId), ConsistentRead: true }),
  );
  return Item ? membershipOf(Item) : null;
}

/** The conversations at these ids and both memberships of each (one BatchGetItem per 100 keys). */
export async function getConversationsWithMembers(
  conversationIds: string[],
): Promise<{ conversation: ConversationRecord; members: MembershipRecord[] }[]> {
  const conversations = (await batchGet(conversationIds.map(conversationKey))).map(conversationOf);
  const members = (await batchGet(conversations.flatMap((c) => [membershipKey(c.ownerId, c.id), membershipKey(c.askerId, c.id)]))).map(
    membershipOf,
  );
  const byId = new Map(conversations.map((conversation) => [conversation.id, conversation]));
  return conversationIds.flatMap((id) => {
    const conversation = byId.get(id);
    return conversation ? [{ conversation, members: members.filter((m) => m.conversationId === id) }] : [];
  });
}

/**
 * The conversation and both memberships, all or nothing; false when it exists already (a concurrent
 * call made it: its id is derived from the ad and the asker).
 */
export async function putNewConversation(conversation: ConversationRecord, members: MembershipRecord[]): Promise<boolean> {
  const puts: TransactItem[] = [conversationItem(conversation), ...members.map(membershipItem)].map((Item) => ({
    Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' },
  }));
  try {
    await db().send(new TransactWriteCommand({ TransactItems: puts }));
    return true;
  } catch (error) {
    if (isConditionFailure(error) || isTransactionConflict(error)) return false;
    throw error;
  }
}

export interface NewMessage {
  id: string;
  conversationId: string;
  senderId: string;
  recipientId: string;
  body: string;
  attachments: AttachmentRecord[];
  contractStep?: ContractStepLineRecord;
}

/** Tries of a send that ran into another write of the same conversation (TransactionConflict), or into throttling. */
const SEND_TRIES = 25;

/**
 * Writes the message (at the instant of the try that succeeds), the conversation's last activity and
 * preview, the sender's read mark and the recipient's unread count (+1; their quiet period begins if
 * none is pending), in one transaction. `instant` is read at each try, so messages keep the order
 * their writes took. Null when a message of this id was sent already.
 */
export async function putMessage(
  message: NewMessage,
  instant: () => string,
  preview: (createdAt: string) => MessagePreviewRecord,
): Promise<MessageRecord | null> {
  const send = async (): Promise<MessageRecord | null> => {
    const createdAt = instant();
    const record: MessageRecord = {
      id: message.id,
      conversationId: message.conversationId,
      senderId: message.senderId,
      body: message.body,
      attachments: message.attachments,
      createdAt,
      ...(message.contractStep && { contractStep: message.contractStep }),
    };
    const indexKeys = (userId: string) => membershipIndexKeys(userId, createdAt, message.conversationId);
    const items: TransactItem[] = [
      {
        Put: {
          TableName: tableName(),
          Item: { ...sentMessageMarkerKey(message.conversationId, message.id), type: 'SentMessage', createdAt },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: { TableName: tableName(), Item: { ...messageKey(message.conversationId, createdAt, message.id), type: 'Message', ...record } },
      },
      {
        Update: {
          TableName: tableName(),
          Key: conversationKey(message.conversationId),
          UpdateExpression: 'SET lastActivityAt = :at, lastMessage = :preview',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':at': createdAt, ':preview': preview(createdAt) },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: membershipKey(message.senderId, message.conversationId),
          UpdateExpression: 'SET unreadCount = :zero, lastReadAt = :at, lastActivityAt = :at, GSI1SK = :sk REMOVE reminderPendingSince',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':zero': 0, ':at': createdAt, ':sk': indexKeys(message.senderId).GSI1SK },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: membershipKey(message.recipientId, message.conversationId),
          UpdateExpression:
            'ADD unreadCount :one SET lastActivityAt = :at, GSI1SK = :sk, reminderPendingSince = if_not_exists(reminderPendingSince, :at)',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':one': 1, ':at': createdAt, ':sk': indexKeys(message.recipientId).GSI1SK },
        },
      },
    ];
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return record;
    } catch (error) {
      if (failedConditionIndexes(error).includes(0)) return null;
      throw error;
    }
  };
  return retrying(send, {
    retryable: isTransientCancellation,
    tries: SEND_TRIES,
    waitMs: (attempt) => Math.min(200, 10 * attempt) + Math.random() * 40,
  });
}

/** The message sent under this id, if any (a retried send answers it). */
export async function getSentMessage(conversationId: string, messageId: string): Promise<MessageRecord | null> {
  const { Item: marker } = await db().send(
    new GetCommand({ TableName: tableName(), Key: sentMessageMarkerKey(conversationId, messageId), ConsistentRead: true }),
  );
  if (!marker) return null;
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: messageKey(conversationId, marker.createdAt as string, messageId),
      ConsistentRead: true,
    }),
  );
  return Item ? messageOf(Item) : null;
}

const TABLE: ListingIndex = { name: 'table', pk: 'PK', sk: 'SK' };
const GSI1: ListingIndex = { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' };

export interface Page<T> {
  items: T[];
  nextToken: string | null;
}

/** One page of a listing, newest first; one item more than asked tells whether another page exists. */
async function newestFirst(
  index: ListingIndex,
  partition: string,
  sortPrefix: string,
  limit: number,
  nextToken: string | null | undefined,
): Promise<Page<Record<string, unknown>>> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...(index !== TABLE && { IndexName: index.name }),
      KeyConditionExpression: sortPrefix ? `${index.pk} = :pk AND begins_with(${index.sk}, :prefix)` : `${index.pk} = :pk`,
      ExpressionAttributeValues: { ':pk': partition, ...(sortPrefix && { ':prefix': sortPrefix }) },
      ScanIndexForward: false,
      Limit: limit + 1,
      ExclusiveStartKey: startKeyOf(nextToken, index, partition, sortPrefix),
    }),
  );
  const items = page.Items ?? [];
  const shown = items.slice(0, limit);
  const more = shown.length > 0 && (items.length > limit || page.LastEvaluatedKey !== undefined);
  return { items: shown, nextToken: more ? pageTokenAfter(shown.at(-1)!, index) : null };
}

/** A conversation's messages, newest first; the token goes back in time. */
export async function messagesPage(conversationId: string, limit: number, nextToken?: string | null): Promise<Page<MessageRecord>> {
  const page = await newestFirst(TABLE, conversationPartition(conversationId), MESSAGE_SK_PREFIX, limit, nextToken);
  return { items: page.items.map(messageOf), nextToken: page.nextToken };
}

/** A user's memberships, latest activity first. */
export async function membershipsPage(userId: string, limit: number, nextToken?: string | null): Promise<Page<MembershipRecord>> {
  const page = await newestFirst(GSI1, userConversationsPartition(userId), '', limit, nextToken);
  return { items: page.items.map(membershipOf), nextToken: page.nextToken };
}

/** Unread messages over all of a user's conversations (their memberships, read whole: a small partition range). */
export async function unreadTotal(userId: string): Promise<number> {
  let total = 0;
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': MEMBERSHIP_SK_PREFIX },
    ProjectionExpression: 'unreadCount',
    ConsistentRead: true,
  });
  for await (const items of pages) for (const item of items) total += Number(item.unreadCount ?? 0);
  return total;
}

/**
 * Marks the conversation read for the user up to `at` (unread 0, quiet period over) and records their
 * first opening; the membership as it was before, null if they are not a participant.
 */
export async function markRead(userId: string, conversationId: string, at: string): Promise<MembershipRecord | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: membershipKey(userId, conversationId),
        UpdateExpression: 'SET unreadCount = :zero, lastReadAt = :at, joinedAt = if_not_exists(joinedAt, :at) REMOVE reminderPendingSince',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':zero': 0, ':at': at },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes ? membershipOf(Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/**
 * Claims the reminder of a quiet period: true once, only while that period is still the pending one
 * (the conversation was not read meanwhile) and its reminder was not sent yet.
 */
export async function claimReminder(userId: string, conversationId: string, period: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: membershipKey(userId, conversationId),
        UpdateExpression: 'SET reminderSentFor = :period',
        ConditionExpression:
          'reminderPendingSince = :period AND unreadCount > :zero AND (attribute_not_exists(reminderSentFor) OR reminderSentFor <> :period)',
        ExpressionAttributeValues: { ':period': period, ':zero': 0 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives back the claim of a period's reminder (its e-mail could not be sent), for the job's retry to send it. */
export async function releaseReminder(userId: string, conversationId: string, period: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: membershipKey(userId, conversationId),
        UpdateExpression: 'REMOVE reminderSentFor',
        ConditionExpression: 'reminderSentFor = :period',
        ExpressionAttributeValues: { ':period': period },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export interface ChatPreferencesRecord {
  emailReminders: boolean;
}

/** Reminders are on until the user turns them off. */
export async function getChatPreferences(userId: string): Promise<ChatPreferencesRecord> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: chatPreferencesKey(userId) }));
  return { emailReminders: Item?.emailReminders !== false };
}

export async function putChatPreferences(userId: string, preferences: ChatPreferencesRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...chatPreferencesKey(userId), type: 'ChatPreferences', emailReminders: preferences.emailReminders },
    }),
  );
}
