// Terms of service: the current version, and one acceptance item per user and version.

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, isConditionFailure, queryPages, tableName, type TransactItem } from './client';
import { currentTermsKey, TERMS_ACCEPTANCE_SK_PREFIX, termsAcceptanceKey } from './keys';

export interface TermsRecord {
  version: string;
  /** Absent for the version set at the first deployment. */
  publishedAt?: string;
}

export interface TermsAcceptance {
  version: string;
  acceptedAt: string;
}

export async function getCurrentTerms(): Promise<TermsRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: currentTermsKey(), ConsistentRead: true }));
  return Item && { version: Item.version as string, publishedAt: Item.publishedAt as string | undefined };
}

/** Sets the current version unless one is already set (first deployment, demo seed). */
export async function initCurrentTermsVersion(version: string): Promise<void> {
  await putIfAbsent({ ...currentTermsKey(), type: 'TermsVersion', version });
}

/** Makes `version` the current one; false when it already is. */
export async function publishTerms(terms: Required<TermsRecord>): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...currentTermsKey(), type: 'TermsVersion', ...terms },
        ConditionExpression: 'attribute_not_exists(version) OR version <> :version',
        ExpressionAttributeValues: { ':version': terms.version },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function hasAcceptedTerms(userId: string, version: string): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: termsAcceptanceKey(userId, version) }));
  return Item !== undefined;
}

/** Which of these users accepted `version`: one BatchGetItem per 100 users. */
export async function usersWhoAccepted(userIds: string[], version: string): Promise<Set<string>> {
  const items = await batchGet([...new Set(userIds)].map((userId) => termsAcceptanceKey(userId, version)));
  return new Set(items.map((item) => item.userId as string));
}

const acceptanceItem = (userId: string, version: string, acceptedAt: string) => ({
  ...termsAcceptanceKey(userId, version),
  type: 'TermsAcceptance',
  userId,
  version,
  acceptedAt,
});

/** Records an acceptance once; accepting again keeps the first date. */
export async function recordTermsAcceptance(userId: string, version: string, acceptedAt: string): Promise<void> {
  await putIfAbsent(acceptanceItem(userId, version, acceptedAt));
}

/** The acceptance of a new account, to write in the account's own transaction (users.ts createUser). */
export function newAccountTermsAcceptance(userId: string, version: string, acceptedAt: string): TransactItem {
  return {
    Put: { TableName: tableName(), Item: acceptanceItem(userId, version, acceptedAt), ConditionExpression: 'attribute_not_exists(PK)' },
  };
}

/** Every version the user accepted, newest acceptance first. */
export async function listTermsAcceptances(userId: string): Promise<TermsAcceptance[]> {
  const acceptances: TermsAcceptance[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': termsAcceptanceKey(userId, '').PK, ':prefix': TERMS_ACCEPTANCE_SK_PREFIX },
  });
  for await (const items of pages) {
    for (const item of items) acceptances.push({ version: item.version as string, acceptedAt: item.acceptedAt as string });
  }
  return acceptances.sort((a, b) => b.acceptedAt.localeCompare(a.acceptedAt));
}

async function putIfAbsent(item: Record<string, unknown>): Promise<void> {
  try {
    await db().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
