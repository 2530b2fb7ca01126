// Linked accounts (issue 37 §8, docs/ratings.md): two accounts of one organisation, found by what the
// platform learns anyway, never by a scan. Each signal a user leaves is a mark:
// - `LINK_MARK#<signal>#<hash of the value>/USER#<userId>`: a card's fingerprint (the tenant's payment),
//   a bank account's (the owner's connected account), a source address (docs/ratings.md says which);
//   the value itself is kept nowhere, only its SHA-256. A source address's mark lapses (`ttl`): an
//   address is reassigned, a card or a bank account is not.
// - The users sharing a mark are one Query of its partition. Each other user found makes (or adds the
//   signal to) the pair's item `LINKED_PAIR#<id>#<id>/LINKED_PAIR` (ids in order: the pair is
//   unordered): `since_<signal>` when each signal was first seen, `firstSeenAt`, and GSI1
//   `LINKED_PAIRS` / `<firstSeenAt>#<id>#<id>` for the administrators' list, newest first. Every write
//   is `if_not_exists`: a signal seen again, or two deliveries at once, change nothing.
// A mark is put before its partition is read (consistently), so of two users marking one value at the
// same moment, the later read sees both: no pair is missed. The reputation's pairs read the linked
// pair's item with their own (reputation-pairs.ts): a linked pair's rentals and reviews count nowhere.

import { createHash } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, tableName } from './client';
import { newestFirstPage, type ListingIndex } from './page-tokens';

export const LINK_SIGNALS = ['CARD', 'BANK_ACCOUNT', 'SOURCE_ADDRESS'] as const;
export type LinkSignal = (typeof LINK_SIGNALS)[number];

/** How long a source address's mark links its users: addresses are reassigned, so an old one says nothing. */
const SOURCE_ADDRESS_MARK_SECONDS = 30 * 86_400;
/**
 * More users than this behind one source address is a shared network (a school, a café, a carrier's
 * NAT), not an organisation: such a mark links nobody. Cards and bank accounts have no such ceiling.
 */
export const SHARED_ADDRESS_USERS = 4;

const markPartition = (signal: LinkSignal, value: string) =>
  `LINK_MARK#${signal}#${createHash('sha256').update(value).digest('hex').slice(0, 32)}`;

/** The unordered pair's ids, in order. */
const ordered = (userIds: readonly [string, string]): [string, string] => [...userIds].sort() as [string, string];

export function linkedPairKey(userIds: readonly [string, string]) {
  const [first, second] = ordered(userIds);
  return { PK: `LINKED_PAIR#${first}#${second}`, SK: 'LINKED_PAIR' };
}

const LINKED_PAIRS_PARTITION = 'LINKED_PAIRS';
const LINKED_PAIRS_INDEX: ListingIndex = { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' };
const SINCE = 'since_';

/** Two accounts found linked: by which signals, each since when (ISO), in LINK_SIGNALS order. */
export interface LinkedPairRecord {
  userIds: [string, string];
  firstSeenAt: string;
  signals: { signal: LinkSignal; since: string }[];
}

export function linkedPairOf(item: Record<string, unknown>): LinkedPairRecord {
  return {
    userIds: item.userIds as [string, string],
    firstSeenAt: item.firstSeenAt as string,
    signals: LINK_SIGNALS.filter((signal) => typeof item[`${SINCE}${signal}`] === 'string').map((signal) => ({
      signal,
      since: item[`${SINCE}${signal}`] as string,
    })),
  };
}

/** The pair's item made, or the signal added to it, unless there already (`if_not_exists` throughout). */
async function putLinkedPair(userIds: [string, string], signal: LinkSignal, at: string): Promise<void> {
  const [first, second] = ordered(userIds);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: linkedPairKey(userIds),
      UpdateExpression:
        'SET #type = :type, userIds = :userIds, firstSeenAt = if_not_exists(firstSeenAt, :at), GSI1PK = :listing, GSI1SK = if_not_exists(GSI1SK, :sk), #since = if_not_exists(#since, :at)',
      ExpressionAttributeNames: { '#type': 'type', '#since': `${SINCE}${signal}` },
      ExpressionAttributeValues: {
        ':type': 'LinkedPair',
        ':userIds': [first, second],
        ':at': at,
        ':listing': LINKED_PAIRS_PARTITION,
        ':sk': `${at}#${first}#${second}`,
      },
    }),
  );
}

/**
 * Records that `userId` left `value` as a `signal` at `at` (ISO), and links them with every other user
 * who left it (a shared network's address links nobody). Safe to repeat. Returns the users found.
 */
export async function recordLinkMark(userId: string, signal: LinkSignal, value: string, at: string): Promise<string[]> {
  const partition = markPartition(signal, value);
  const lapses = signal === 'SOURCE_ADDRESS';
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: partition, SK: `USER#${userId}` },
      UpdateExpression: `SET #type = :type, userId = :userId, firstSeenAt = if_not_exists(firstSeenAt, :at)${lapses ? ', #ttl = :ttl' : ''}`,
      ExpressionAttributeNames: { '#type': 'type', ...(lapses && { '#ttl': 'ttl' }) },
      ExpressionAttributeValues: {
        ':type': 'LinkMark',
        ':userId': userId,
        ':at': at,
        ...(lapses && { ':ttl': Math.ceil(Date.parse(at) / 1000) + SOURCE_ADDRESS_MARK_SECONDS }),
      },
    }),
  );
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ProjectionExpression: 'userId',
      ConsistentRead: true,
      // One more than the ceiling tells a shared network; a card or bank account links every user up to the limit.
      Limit: lapses ? SHARED_ADDRESS_USERS + 1 : 100,
    }),
  );
  const others = Items.map((item) => item.userId as string).filter((other) => other !== userId);
  if (lapses && others.length >= SHARED_ADDRESS_USERS) return [];
  await Promise.all(others.map((other) => putLinkedPair([userId, other], signal, at)));
  return others;
}

/** The pairs found linked, newest first (administrators, paged). */
export async function linkedPairsPage(
  limit: number,
  nextToken?: string | null,
): Promise<{ items: LinkedPairRecord[]; nextToken: string | null }> {
  const page = await newestFirstPage(LINKED_PAIRS_INDEX, LINKED_PAIRS_PARTITION, limit, nextToken);
  return { items: page.items.map(linkedPairOf), nextToken: page.nextToken ?? null };
}

/** Which of the pairs are linked, read once (one BatchGetItem per 100): a test of each of them. */
export async function linkedPairsAmong(pairs: (readonly [string, string])[]): Promise<(pair: readonly [string, string]) => boolean> {
  const keys = new Map(pairs.map((pair) => linkedPairKey(pair)).map((key) => [key.PK, key]));
  const found = keys.size === 0 ? [] : await batchGet([...keys.values()], { attributes: ['PK'] });
  const linked = new Set(found.map((item) => item.PK as string));
  return (pair) => linked.has(linkedPairKey(pair).PK);
}

/** Which of `otherIds` are linked with `userId` (one BatchGetItem per 100). */
export async function linkedAmong(userId: string, otherIds: string[]): Promise<Set<string>> {
  const isLinked = await linkedPairsAmong(otherIds.map((other) => [userId, other] as const));
  return new Set(otherIds.filter((other) => isLinked([userId, other])));
}
