// The operator's switch: an item SYSTEM/STATUS with `maintenance: true` makes /status answer not ready.

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { systemStatusKey } from './keys';

/** Reads the flag; throws when the table cannot be reached, which also means "not ready". */
export async function isInMaintenance(): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: systemStatusKey() }));
  return Item?.maintenance === true;
}

/** Turns the switch on or off (an offline job that needs no writes meanwhile: the search's re-index). */
export async function setMaintenance(on: boolean): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: systemStatusKey(),
      UpdateExpression: 'SET maintenance = :on',
      ExpressionAttributeValues: { ':on': on },
    }),
  );
}
