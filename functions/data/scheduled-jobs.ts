// One-time schedules kept in the table by the local host's scheduler adapter, so they survive a
// restart of `npm start`. A handful of items in one partition: the dev host reads them all.

import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, queryPages, tableName, type TransactItem } from './client';
import { ONE_TIME_SCHEDULE_PARTITION, oneTimeScheduleKey } from './keys';

export interface StoredOneTimeSchedule {
  name: string;
  job: string;
  /** ISO instant. */
  at: string;
  payload: Record<string, unknown>;
}

/** The schedule's put, conditioned on its absence (one of that name pending is kept), alone or in a caller's transaction. */
export function oneTimeSchedulePut(schedule: StoredOneTimeSchedule): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...oneTimeScheduleKey(schedule.name), type: 'ONE_TIME_SCHEDULE', ...schedule },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Adds the schedule; false when one of that name exists already (nothing changes). */
export async function putOneTimeSchedule(schedule: StoredOneTimeSchedule): Promise<boolean> {
  try {
    await db().send(new PutCommand(oneTimeSchedulePut(schedule).Put!));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function listOneTimeSchedules(): Promise<StoredOneTimeSchedule[]> {
  const schedules: StoredOneTimeSchedule[] = [];
  const pages = queryPages({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': ONE_TIME_SCHEDULE_PARTITION } });
  for await (const items of pages) {
    for (const { name, job, at, payload } of items) schedules.push({ name, job, at, payload } as StoredOneTimeSchedule);
  }
  return schedules;
}

/** Deletes the schedule; true only for the caller that deleted it, so a run is never doubled. */
export async function takeOneTimeSchedule(name: string): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: oneTimeScheduleKey(name), ConditionExpression: 'attribute_exists(PK)' }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
