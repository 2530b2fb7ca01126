// Token buckets, kept as their "theoretical arrival time" (GCRA, the same limit as a bucket of
// `capacity` tokens refilled at `refillPerSecond`): one item per action and subject holding `tat`, the
// instant the bucket will be full again. A take is one conditional write, never a read then a write:
// - an idle bucket (absent, or `tat` past): SET tat = now + interval;
// - a busy one: ADD interval to tat, only while tat stays within the burst (tat <= now + (capacity - 1) × interval).
// Concurrent takes on a busy bucket all go through the second form atomically, so a burst of requests
// at the same instant (two tabs, a form posted twice, 20 messages at once) is counted exactly, none
// refused for losing a race, and no token is ever spent twice.

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { tokenBucketKey } from './keys';

export interface BucketRule {
  /** Tokens of a full bucket: the burst allowed. */
  capacity: number;
  /** Tokens given back per second. */
  refillPerSecond: number;
}

export type BucketAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The tokens of a bucket that held `tokens` `elapsedMs` ago, refilled at the rule's pace up to its capacity. */
export const refilledTokens = (rule: BucketRule, tokens: number, elapsedMs: number): number =>
  Math.min(rule.capacity, tokens + (Math.max(0, elapsedMs) / 1000) * rule.refillPerSecond);

/** The refusal of a bucket holding less than one token: the seconds until it holds one. */
export const refusal = (rule: BucketRule, tokens: number): BucketAnswer => ({
  allowed: false,
  retryAfterSeconds: Math.ceil((1 - tokens) / rule.refillPerSecond),
});

/** The milliseconds one token takes to come back; whole, so the sums stay exact and the last token of a burst is never lost to rounding. */
const intervalOf = (rule: BucketRule) => Math.max(1, Math.round(1000 / rule.refillPerSecond));

/** Gone once the bucket is full again (tat is never beyond now + capacity × interval): an absent bucket is a full one. */
const ttlOf = (rule: BucketRule, nowMs: number) => Math.ceil((nowMs + rule.capacity * intervalOf(rule)) / 1000);

/**
 * The item of a bucket left holding `tokens` at `nowMs`, as the takes from a full bucket leave it: tests set a
 * bucket up with it in one write instead of spending its tokens one by one.
 */
export const bucketHolding = (action: string, subject: string, rule: BucketRule, tokens: number, nowMs: number) => ({
  ...tokenBucketKey(action, subject),
  type: 'TokenBucket',
  tat: nowMs + (rule.capacity - tokens) * intervalOf(rule),
  ttl: ttlOf(rule, nowMs),
});

/** Takes one token of `action` for `subject` at `nowMs`; refused, with the wait for the next token, when none is left. */
export async function takeToken(action: string, subject: string, rule: BucketRule, nowMs: number): Promise<BucketAnswer> {
  const key = tokenBucketKey(action, subject);
  const interval = intervalOf(rule);
  const tolerance = (rule.capacity - 1) * interval;
  const ttl = ttlOf(rule, nowMs);
  const write = async (update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>) => {
    try {
      await db().send(new UpdateCommand({ TableName: tableName(), Key: key, ...update }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  };
  const idle = await write({
    UpdateExpression: 'SET tat = :next, #type = :type, #ttl = :ttl',
    ConditionExpression: 'attribute_not_exists(tat) OR tat <= :now',
    ExpressionAttributeNames: { '#type': 'type', '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':next': nowMs + interval, ':now': nowMs, ':type': 'TokenBucket', ':ttl': ttl },
  });
  if (idle) return { allowed: true };
  const busy = await write({
    UpdateExpression: 'SET #ttl = :ttl ADD tat :interval',
    ConditionExpression: 'tat > :now AND tat <= :limit',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':interval': interval, ':now': nowMs, ':limit': nowMs + tolerance, ':ttl': ttl },
  });
  if (busy) return { allowed: true };
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const tat = (Item?.tat as number | undefined) ?? nowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((tat - tolerance - nowMs) / 1000)) };
}
