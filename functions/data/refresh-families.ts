// Refresh-token families: one per login on a device. The item keeps only a hash of the family's
// current token; rotating it is a conditional write, so one token can be exchanged only once.

import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, queryPages, tableName } from './client';
import { REFRESH_FAMILY_SK_PREFIX, refreshFamilyKey, userKey } from './keys';

export interface RefreshFamily {
  userId: string;
  familyId: string;
  deviceId: string;
  tokenHash: string;
  /** Epoch seconds; also the item's TTL. */
  ttl: number;
}

export async function putRefreshFamily(family: RefreshFamily): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...refreshFamilyKey(family.userId, family.familyId), type: 'RefreshFamily', ...family },
    }),
  );
}

export async function getRefreshFamily(userId: string, familyId: string): Promise<RefreshFamily | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: refreshFamilyKey(userId, familyId), ConsistentRead: true }),
  );
  return Item as RefreshFamily | undefined;
}

/** Swaps the current token hash; false when `expectedHash` is no longer current (already rotated). */
export async function rotateRefreshFamily(family: RefreshFamily, expectedHash: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: refreshFamilyKey(family.userId, family.familyId),
        UpdateExpression: 'SET tokenHash = :new, #ttl = :ttl',
        ConditionExpression: 'tokenHash = :expected',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':new': family.tokenHash, ':ttl': family.ttl, ':expected': expectedHash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function deleteRefreshFamily(userId: string, familyId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: refreshFamilyKey(userId, familyId) }));
}

/** Revokes every session of the user, except `keepFamilyId` (the caller's own) when given. */
export async function deleteUserRefreshFamilies(userId: string, keepFamilyId?: string): Promise<void> {
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': refreshFamilyKey(userId, '').PK, ':prefix': REFRESH_FAMILY_SK_PREFIX },
    ProjectionExpression: 'familyId',
  });
  for await (const items of pages) {
    const families = items.map((item) => item.familyId as string).filter((id) => id !== keepFamilyId);
    await Promise.all(families.map((familyId) => deleteRefreshFamily(userId, familyId)));
  }
}

/**
 * Whether a session still stands: its family exists and has not expired, and its user exists and is
 * not locked out. Both items in one read (the authorizer's, once per token and cache period).
 */
export async function isSessionLive(userId: string, familyId: string, now: number): Promise<boolean> {
  const family = refreshFamilyKey(userId, familyId);
  const { Responses } = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: [userKey(userId), family],
          ProjectionExpression: 'PK, SK, lockedOut, #ttl',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
        },
      },
    }),
  );
  const items = Responses?.[tableName()] ?? [];
  const user = items.find((item) => item.SK === userKey(userId).SK);
  const session = items.find((item) => item.SK === family.SK);
  return !!user && user.lockedOut !== true && !!session && (session.ttl as number) > now;
}
