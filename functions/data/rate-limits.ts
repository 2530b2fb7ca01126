// Fixed-window counters: one item per action, subject and window, gone (TTL) once the window is over.

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { rateLimitKey } from './keys';

/**
 * Counts one use of `action` for `subject` in the current window of `windowSeconds`; false, and
 * nothing counted, once `limit` uses are in. Atomic, so concurrent calls cannot exceed the limit.
 */
export async function takeRateLimitSlot(
  action: string,
  subject: string,
  limit: number,
  windowSeconds: number,
  now: number,
): Promise<boolean> {
  const window = Math.floor(now / windowSeconds);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateLimitKey(action, subject, window),
        UpdateExpression: 'ADD uses :one SET #type = :type, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(uses) OR uses < :limit',
        ExpressionAttributeNames: { '#type': 'type', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':type': 'RateLimit', ':ttl': (window + 1) * windowSeconds },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
