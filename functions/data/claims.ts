// A claim on doing something once (a webhook event's handling, a paid contract's receipts): an item
// written on condition of its absence, carrying the token of the run that wrote it, so that a run
// that fails gives back its own claim and never one another run won meanwhile.

import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName, type TransactItem } from './client';

type Key = { PK: string; SK: string };

/** The claim's put, conditioned on its absence, for a transaction of its own or another's. */
export function claimPut(key: Key, token: string, attributes: Record<string, unknown>): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...key, ...attributes, claimToken: token },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Writes the claim by itself; false when it exists already (nothing changes). */
export async function claimAlone(key: Key, token: string, attributes: Record<string, unknown>): Promise<boolean> {
  try {
    await db().send(new PutCommand(claimPut(key, token, attributes).Put!));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives the claim back if it is `token`'s; another run's claim, or none, is left as it is. */
export async function releaseClaim(key: Key, token: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeValues: { ':token': token },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
