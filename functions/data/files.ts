// Records of uploaded files: who uploaded what, for which purpose, and whether its bytes passed the
// check. The object itself is in the file store at functions/domain/files/file-keys.ts's key.

import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UploadPurpose } from '@partage/graphql';
import { batchGet, db, isConditionFailure, queryPages, tableName } from './client';
import {
  fileOwnerIndexKeys,
  fileRecordKey,
  PENDING_UPLOADS_PARTITION,
  pendingUploadIndexKeys,
  storageUsageKey,
  userFilesPartition,
} from './keys';

export type FileStatus = 'PENDING' | 'STORED' | 'QUARANTINED';

export interface FileRecord {
  id: string;
  ownerId: string;
  purpose: UploadPurpose;
  contentType: string;
  /** Declared until the upload is checked, then the stored size. */
  size: number;
  status: FileStatus;
  createdAt: string;
  /** Images, once stored: pixels read from the bytes. */
  width?: number;
  height?: number;
}

/**
 * A file's record item, listed under its owner (GSI2), without the pending list's keys (exported for bulk
 * loads: the demo seed's stored pictures).
 */
export const fileItem = (file: FileRecord): Record<string, unknown> => ({
  ...fileRecordKey(file.id),
  type: 'FILE',
  ...fileOwnerIndexKeys(file.ownerId, file.createdAt, file.id),
  ...file,
});

export async function putPendingFile(file: FileRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...fileItem(file), ...pendingUploadIndexKeys(file.createdAt, file.id) },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function getFile(fileId: string): Promise<FileRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: fileRecordKey(fileId), ConsistentRead: true }));
  return Item ? fromItem(Item) : null;
}

function fromItem(item: Record<string, unknown>): FileRecord {
  const { id, ownerId, purpose, contentType, size, status, createdAt, width, height } = item as unknown as FileRecord;
  return {
    id,
    ownerId,
    purpose,
    contentType,
    size,
    status,
    createdAt,
    ...(width !== undefined && height !== undefined && { width, height }),
  };
}

/** The records of these files (those that exist, in no particular order). */
export async function getFiles(fileIds: string[]): Promise<FileRecord[]> {
  return (await batchGet([...new Set(fileIds)].map(fileRecordKey))).map(fromItem);
}

/**
 * Leaves PENDING for STORED or QUARANTINED (and the pending list), with the stored size and, for an
 * image, its pixels; false if it was not pending any more.
 */
export async function settleFile(
  fileId: string,
  status: Exclude<FileStatus, 'PENDING'>,
  size: number,
  dimensions?: { width: number; height: number },
): Promise<boolean> {
  const set = { status, size, ...dimensions };
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: fileRecordKey(fileId),
        UpdateExpression: `SET ${Object.keys(set)
          .map((name) => `#${name} = :${name}`)
          .join(', ')} REMOVE GSI1PK, GSI1SK`,
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: Object.fromEntries(Object.keys(set).map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(Object.entries(set).map(([name, value]) => [`:${name}`, value])),
          ':pending': 'PENDING',
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Uploads still pending that were requested before the instant, oldest first. */
export async function* pendingFilesBefore(before: string): AsyncGenerator<string[]> {
  const pages = queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
    ExpressionAttributeValues: { ':pk': PENDING_UPLOADS_PARTITION, ':before': before },
  });
  for await (const items of pages) yield items.map((item) => item.id as string);
}

/** Deletes a record still pending; false if it was confirmed meanwhile. */
export async function deletePendingFile(fileId: string): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: fileRecordKey(fileId),
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'PENDING' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The bytes of confirmed files an account keeps (0 before its first). */
export async function storedBytesOf(userId: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: storageUsageKey(userId), ConsistentRead: true }));
  return (Item?.bytes as number | undefined) ?? 0;
}

/**
 * Counts `bytes` more for the account, only while it stays within `quota` (one conditional ADD, so two
 * confirmations at once cannot both slip under it); false when it would not.
 */
export async function addStoredBytes(userId: string, bytes: number, quota = Infinity): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: storageUsageKey(userId),
        UpdateExpression: 'SET #type = :type ADD bytes :bytes',
        ConditionExpression: 'attribute_not_exists(bytes) OR bytes <= :room',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'StorageUsage', ':bytes': bytes, ':room': Math.min(quota - bytes, Number.MAX_SAFE_INTEGER) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The records of the files a user uploaded, oldest first (GSI2; records written before the owner index
 * existed are not listed: docs/privacy.md).
 */
export async function ownedFiles(ownerId: string): Promise<FileRecord[]> {
  const files: FileRecord[] = [];
  const pages = queryPages({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': userFilesPartition(ownerId) },
  });
  for await (const items of pages) files.push(...items.map(fromItem));
  return files;
}

/** Deletes a file's record (its object is the file store's to delete first); nothing when it is gone. */
export async function deleteFileRecord(fileId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: fileRecordKey(fileId) }));
}
