// How far a demo seed has got, so that starting again neither repeats nor duplicates it: a seed
// whose steps create items with new ids (the demo ads) claims each step before doing it.

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { seedProgressKey } from './keys';

/** The number of steps of `seed` claimed so far (0 for a seed never run). */
export async function seedStepsClaimed(seed: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: seedProgressKey(seed), ConsistentRead: true }));
  return typeof Item?.steps === 'number' ? Item.steps : 0;
}

/** Claims `count` steps from `first` (0-based), those after the ones claimed; false if another run claimed them first. */
export async function claimSeedSteps(seed: string, first: number, count: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: seedProgressKey(seed),
        UpdateExpression: 'SET steps = :next',
        ConditionExpression: first === 0 ? 'attribute_not_exists(steps)' : 'steps = :first',
        ExpressionAttributeValues: { ':next': first + count, ...(first === 0 ? {} : { ':first': first }) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
