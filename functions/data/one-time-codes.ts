// Short codes sent to a user, stored hashed (at most one pending per user and kind; a new one
// replaces it): the two-factor login code, and the local host's phone verification code.

import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { oneTimeCodeKey, type OneTimeCodeKind } from './keys';

export interface OneTimeCode {
  codeHash: string;
  attempts: number;
  /** Epoch seconds; also the item's TTL. */
  ttl: number;
}

export async function putOneTimeCode(kind: OneTimeCodeKind, userId: string, codeHash: string, ttl: number): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...oneTimeCodeKey(kind, userId), type: 'OneTimeCode', codeHash, attempts: 0, ttl },
    }),
  );
}

export async function getOneTimeCode(kind: OneTimeCodeKind, userId: string): Promise<OneTimeCode | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: oneTimeCodeKey(kind, userId), ConsistentRead: true }));
  return Item as OneTimeCode | undefined;
}

/**
 * Takes one of the code's `maxAttempts` tries, before the code is compared: false when they are used
 * up (or the code is gone). Counted in the one conditional write, so checks sent at once cannot all
 * read the same count and each be compared.
 */
export async function takeOneTimeCodeAttempt(kind: OneTimeCodeKind, userId: string, maxAttempts: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: oneTimeCodeKey(kind, userId),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(PK) AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Deletes the code if it is still the one with this hash; false if another call used it first. */
export async function consumeOneTimeCode(kind: OneTimeCodeKind, userId: string, codeHash: string): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: oneTimeCodeKey(kind, userId),
        ConditionExpression: 'codeHash = :hash',
        ExpressionAttributeValues: { ':hash': codeHash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
