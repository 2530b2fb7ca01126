// Privacy rights (docs/privacy.md): a user's own partition read whole and swept, data export records, the
// log of privacy requests, and the account deletion's first and last writes. The steps between (ads,
// alerts, contracts, conversations, files) go through each capability's own data module.

import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite, db, isConditionFailure, queryPages, tableName, transactWrite } from './client';
import { DataRefusal } from './errors';
import {
  BLOCK_SK_PREFIX,
  chatPreferencesKey,
  DATA_EXPORT_SK_PREFIX,
  dataExportKey,
  emailKey,
  FAVOURITE_SK_PREFIX,
  MEMBERSHIP_SK_PREFIX,
  phoneVerificationKey,
  PRIVACY_REQUESTS_PARTITION,
  privacyRequestIndexKeys,
  privacyRequestKey,
  REFRESH_FAMILY_SK_PREFIX,
  reputationKey,
  storageUsageKey,
  TERMS_ACCEPTANCE_SK_PREFIX,
  userKey,
  userPartition,
} from './keys';
import { newestFirstPage, type ListingIndex } from './page-tokens';
import { getUser, type UserRecord } from './users';

type Key = { PK: string; SK: string };

/** Every item of the user's own partition (`USER#<id>`: the account, its sessions, terms, favourites, memberships, …). */
async function userPartitionItems(userId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': userPartition(userId) },
    ConsistentRead: true,
  });
  for await (const page of pages) items.push(...page);
  return items;
}

/** Deletes these items (no condition: each is the deleted account's own, gone or not). */
const deleteItemsAt = (keys: Key[]): Promise<void> => batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));

export interface DataExportRecord {
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

/** A data export's record, in its user's partition; DynamoDB drops it a day after its file is due to go. */
export async function putDataExport(record: DataExportRecord): Promise<void> {
  const ttl = Math.ceil(Date.parse(record.expiresAt) / 1000) + 86_400;
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...dataExportKey(record.userId, record.id), type: 'DataExport', ttl, ...record } }),
  );
}

const dataExportOf = ({ id, userId, createdAt, expiresAt }: Record<string, unknown>) =>
  ({ id, userId, createdAt, expiresAt }) as DataExportRecord;

/** The user's data export records (a handful: the rate limit bounds them, DynamoDB drops the old ones). */
export async function dataExportsOf(userId: string): Promise<DataExportRecord[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userPartition(userId), ':prefix': DATA_EXPORT_SK_PREFIX },
      ConsistentRead: true,
    }),
  );
  return Items.map(dataExportOf);
}

export const deleteDataExport = (userId: string, exportId: string): Promise<void> => deleteItemsAt([dataExportKey(userId, exportId)]);

/** What the user's own partition holds beside the account (the parts a person may read back; codes, hashes and word items left out). */
export interface UserPartitionContents {
  termsAcceptances: { version: string; acceptedAt: string }[];
  favourites: { adId: string; savedAt: string; title: unknown }[];
  blocks: { blockedId: string; blockedAt: string }[];
  /** Signed-in devices: each session's device id and when it lapses. */
  sessions: { deviceId: string; expiresAt: string }[];
  chatEmailReminders: boolean;
  storedBytes: number;
  phoneVerification: { phoneNumber: string; sentAt: string; expiresAt: string } | null;
  dataExports: DataExportRecord[];
}

export async function userPartitionContents(userId: string): Promise<UserPartitionContents> {
  const items = await userPartitionItems(userId);
  const withPrefix = (prefix: string) => items.filter((item) => String(item.SK).startsWith(prefix));
  const at = (key: Key) => items.find((item) => item.SK === key.SK);
  const phone = at(phoneVerificationKey(userId));
  return {
    termsAcceptances: withPrefix(TERMS_ACCEPTANCE_SK_PREFIX).map((item) => ({
      version: String(item.version),
      acceptedAt: String(item.acceptedAt),
    })),
    favourites: withPrefix(FAVOURITE_SK_PREFIX).map((item) => ({
      adId: String(item.adId),
      savedAt: String(item.savedAt),
      title: item.title,
    })),
    blocks: withPrefix(BLOCK_SK_PREFIX).map((item) => ({ blockedId: String(item.blockedId), blockedAt: String(item.blockedAt) })),
    sessions: withPrefix(REFRESH_FAMILY_SK_PREFIX).map((item) => ({
      deviceId: String(item.deviceId),
      expiresAt: new Date(Number(item.ttl) * 1000).toISOString(),
    })),
    chatEmailReminders: at(chatPreferencesKey(userId))?.emailReminders !== false,
    storedBytes: Number(at(storageUsageKey(userId))?.bytes ?? 0),
    phoneVerification: phone
      ? { phoneNumber: String(phone.phoneNumber), sentAt: String(phone.sentAt), expiresAt: String(phone.expiresAt) }
      : null,
    dataExports: withPrefix(DATA_EXPORT_SK_PREFIX).map(dataExportOf),
  };
}

/**
 * Deletes everything of a deleted account's own partition but what stays without personal data: the
 * account's remains, its conversation memberships (the other party's conversation reads both) and its
 * blocks (the account accepts no more messages).
 */
export async function sweepDeletedUserPartition(userId: string): Promise<void> {
  const kept = (sk: string) => sk === userKey(userId).SK || sk.startsWith(MEMBERSHIP_SK_PREFIX) || sk.startsWith(BLOCK_SK_PREFIX);
  const items = await userPartitionItems(userId);
  await deleteItemsAt(items.filter((item) => !kept(String(item.SK))).map((item) => ({ PK: String(item.PK), SK: String(item.SK) })));
}

export type PrivacyRequestKindRecord = 'EXPORT' | 'DELETION';
export type PrivacyRequestStatusRecord = 'DONE' | 'IN_PROGRESS' | 'REFUSED';

/** A line of the log: who asked what for whom, and when. Ids only, never a name or an address (the log outlives deletions). */
export interface PrivacyRequestRecord {
  id: string;
  kind: PrivacyRequestKindRecord;
  status: PrivacyRequestStatusRecord;
  subjectId: string;
  requestedById: string;
  byAdministrator: boolean;
  reason: string | null;
  at: string;
  completedAt?: string;
}

const requestItem = (request: PrivacyRequestRecord) => ({
  ...privacyRequestKey(request.id),
  type: 'PrivacyRequest',
  ...privacyRequestIndexKeys(request.at, request.id),
  ...request,
});

export async function putPrivacyRequest(request: PrivacyRequestRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: requestItem(request), ConditionExpression: 'attribute_not_exists(PK)' }));
}

const LOG_INDEX: ListingIndex = { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' };

const requestOf = ({ id, kind, status, subjectId, requestedById, byAdministrator, reason, at, completedAt }: Record<string, unknown>) =>
  ({
    id,
    kind,
    status,
    subjectId,
    requestedById,
    byAdministrator,
    reason: reason ?? null,
    at,
    ...(completedAt ? { completedAt } : {}),
  }) as PrivacyRequestRecord;

/** A page of the log, newest first. */
export async function privacyRequestsPage(
  limit: number,
  nextToken?: string | null,
): Promise<{ requests: PrivacyRequestRecord[]; nextToken: string | null }> {
  const page = await newestFirstPage(LOG_INDEX, PRIVACY_REQUESTS_PARTITION, limit, nextToken);
  return { requests: page.items.map(requestOf), nextToken: page.nextToken ?? null };
}

/** A deleted account's reputation aggregate (its public profile is gone; the reviews stay with their contracts). */
export const deleteReputation = (userId: string): Promise<void> => deleteItemsAt([reputationKey(userId)]);

/**
 * Starts the user's deletion, once: the account locked out (login and sessions refused from now on) and
 * marked with its request, logged IN_PROGRESS, in one transaction. False when a deletion of it started
 * already (the caller resumes that one); ITEM_GONE when the user does not exist.
 */
export async function startAccountDeletion(request: PrivacyRequestRecord): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: userKey(request.subjectId),
          UpdateExpression: 'SET deletionRequestId = :request, deletionStartedAt = :at, lockedOut = :true',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletionRequestId)',
          ExpressionAttributeValues: { ':request': request.id, ':at': request.at, ':true': true },
        },
      },
      { Put: { TableName: tableName(), Item: requestItem(request) } },
    ]);
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (!(await getUser(request.subjectId))) throw new DataRefusal('ITEM_GONE', 'User not found');
    return false;
  }
}

/**
 * The deletion's last write: the user item replaced by `remains` (no personal data, out of every list),
 * the address's uniqueness item deleted so that it may sign up again (only while it is still this
 * account's), the request DONE. Only for the deletion `requestId` started; a second run changes nothing.
 */
export async function finishAccountDeletion(user: UserRecord, remains: UserRecord, requestId: string, at: string): Promise<void> {
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...userKey(user.id), type: 'User', ...remains },
          ConditionExpression: 'deletionRequestId = :request AND attribute_not_exists(deletedAt)',
          ExpressionAttributeValues: { ':request': requestId },
        },
      },
      {
        Delete: {
          TableName: tableName(),
          Key: emailKey(user.email),
          ConditionExpression: 'attribute_not_exists(PK) OR userId = :user',
          ExpressionAttributeValues: { ':user': user.id },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: privacyRequestKey(requestId),
          UpdateExpression: 'SET #status = :done, completedAt = :at',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':done': 'DONE', ':at': at },
        },
      },
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw new DataRefusal('ITEM_GONE', 'The deletion finished meanwhile');
    throw error;
  }
}
