// Token buckets: one item per action and subject holding the tokens left and when they were counted.
// A take reads the item, refills it for the time passed and writes it back only if nobody wrote it
// in between (conditional write on a version number), so concurrent requests cannot spend the same
// token twice.

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
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

/** Writers racing on one bucket: past this many lost races the take is refused (try again shortly). */
const WRITE_RACES = 3;

/** Takes one token of `action` for `subject` at `nowMs`; refused, with the wait for the next token, when none is left. */
export async function takeToken(action: string, subject: string, rule: BucketRule, nowMs: number): Promise<BucketAnswer> {
  const key = tokenBucketKey(action, subject);
  for (let race = 0; race < WRITE_RACES; race++) {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    const version = Item ? (Item.version as number) : 0;
    const countedAt = Item ? (Item.countedAt as number) : nowMs;
    const tokens = Item ? refilledTokens(rule, Item.tokens as number, nowMs - countedAt) : rule.capacity;
    if (tokens < 1) return refusal(rule, tokens);
    const left = tokens - 1;
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...key,
            type: 'TokenBucket',
            tokens: left,
            // Never moves back, whatever the clocks of concurrent Lambdas say.
            countedAt: Math.max(nowMs, countedAt),
            version: version + 1,
            // Gone once it would be full again: an absent bucket is a full one.
            ttl: Math.ceil(nowMs / 1000 + (rule.capacity - left) / rule.refillPerSecond),
          },
          ConditionExpression: Item ? 'version = :version' : 'attribute_not_exists(PK)',
          ...(Item ? { ExpressionAttributeValues: { ':version': version } } : {}),
        }),
      );
      return { allowed: true };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return { allowed: false, retryAfterSeconds: 1 };
}
