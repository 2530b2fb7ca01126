// The pending two-factor login code of a user (at most one; a new login replaces it).

import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { twoFactorCodeKey } from './keys';

export interface TwoFactorCode {
  codeHash: string;
  attempts: number;
  /** Epoch seconds; also the item's TTL. */
  ttl: number;
}

export async function putTwoFactorCode(userId: string, codeHash: string, ttl: number): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...twoFactorCodeKey(userId), type: 'TwoFactorCode', codeHash, attempts: 0, ttl },
    }),
  );
}

export async function getTwoFactorCode(userId: string): Promise<TwoFactorCode | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: twoFactorCodeKey(userId), ConsistentRead: true }));
  return Item as TwoFactorCode | undefined;
}

export async function incrementTwoFactorAttempts(userId: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: twoFactorCodeKey(userId),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Deletes the code if it is still the one with this hash; false if another call used it first. */
export async function consumeTwoFactorCode(userId: string, codeHash: string): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: twoFactorCodeKey(userId),
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
