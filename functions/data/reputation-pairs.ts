// Reputation counts arm's-length rentals (issue 37 §8, docs/ratings.md): between the same two accounts
// (an account is an organisation here), one review per author and rated user, and one rental paid out
// per pair of accounts, counts per REPUTATION_PAIR_PERIOD_DAYS; the others are written all the same
// (a review is published and listed) but add to no aggregate. A pair's item says until when its next
// one does not count:
// - `REPUTATION#<ratedUserId>/BY#<authorId>`: the reviews of a user by one author (in the partition of
//   the user's reputation item; its first creation is one more organisation among the user's authors);
// - `TRANSACTION_PAIR#<id>#<id>/TRANSACTION_PAIR`, the two ids in order (the pair is unordered): the
//   rentals paid out between two accounts.
// The item is read (consistently) before the write that may count; a write that counts puts it in its
// own transaction, conditioned on the item as read (absent, or the `countedUntil` read), so of two at
// once only one counts: the other is refused, reads again and finds the pair's period running. A write
// that does not count needs no condition on it: `countedUntil` only ever moves forward. Pair items have
// no ttl: one per pair, and an organisation is counted among a user's authors once. A transaction pair
// goes only with the rental it counted, when that rental is taken back (armsLengthTransactionRemovals).
// Two accounts found linked (linked-accounts.ts: one organisation) are no arm's length at all: their
// pair's linked item is read with its pair item, and nothing between them counts, ever.

import { REPUTATION_PAIR_PERIOD_DAYS } from '@partage/graphql';
import { batchGet, tableName, type TransactItem } from './client';
import { linkedPairKey } from './linked-accounts';

type Key = { PK: string; SK: string };

export const reviewPairKey = (ratedUserId: string, authorId: string): Key => ({ PK: `REPUTATION#${ratedUserId}`, SK: `BY#${authorId}` });

export function transactionPairKey(userIds: [string, string]): Key {
  const [first, second] = [...userIds].sort();
  return { PK: `TRANSACTION_PAIR#${first}#${second}`, SK: 'TRANSACTION_PAIR' };
}

/** A pair to read: its item's key, and the two users it is between (the rated user and the author, or the parties). */
export interface PairToRead {
  key: Key;
  userIds: [string, string];
}

/** A pair as read: its key, until when its next one does not count (null: nothing of the pair counted yet), whether the two are linked. */
export interface PairRead {
  key: Key;
  countedUntil: string | null;
  linked: boolean;
}

const keyOf = (item: Record<string, unknown>) => `${String(item.PK)}|${String(item.SK)}`;

/** The pairs' items and their linked items as they stand (one strongly consistent BatchGetItem), in the order of `pairs`. */
export async function readPairs(pairs: PairToRead[]): Promise<PairRead[]> {
  if (pairs.length === 0) return [];
  const linkedKeys = pairs.map(({ userIds }) => linkedPairKey(userIds));
  // Both sides' reviews of one rental are two pairs of the same two users: one linked item, read once.
  const keys = new Map([...pairs.map(({ key }) => key), ...linkedKeys].map((key) => [keyOf(key), key]));
  const found = new Map(
    (await batchGet([...keys.values()], { consistent: true, attributes: ['PK', 'SK', 'countedUntil'] })).map((item) => [
      keyOf(item),
      item.countedUntil as string | undefined,
    ]),
  );
  return pairs.map(({ key }, index) => ({
    key,
    countedUntil: found.get(keyOf(key)) ?? null,
    linked: found.has(keyOf(linkedKeys[index]!)),
  }));
}

/**
 * Whether what the pair publishes (or pays out) at `at` (ISO) counts: the two are not linked, and nothing
 * counted yet or the period is over.
 */
export const countsAt = (pair: Pick<PairRead, 'countedUntil' | 'linked'>, at: string): boolean =>
  !pair.linked && (pair.countedUntil === null || pair.countedUntil <= at);

/** Until when the pair's next one does not count, after one counted at `at` (ISO). */
export const countedUntilAfter = (at: string): string => new Date(Date.parse(at) + REPUTATION_PAIR_PERIOD_DAYS * 86_400_000).toISOString();

/**
 * The pair's item counted from `at` (by the contract `contractId`), for the transaction that counts:
 * refused unless the item is still as read.
 */
export function pairCountedPut(pair: PairRead, at: string, type: string, contractId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...pair.key, type, countedUntil: countedUntilAfter(at), contractId },
      ConditionExpression: pair.countedUntil === null ? 'attribute_not_exists(PK)' : 'countedUntil = :read',
      ...(pair.countedUntil !== null && { ExpressionAttributeValues: { ':read': pair.countedUntil } }),
    },
  };
}
