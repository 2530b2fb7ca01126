// Terms of service: the current version, and one acceptance item per user and version.

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { currentTermsKey, termsAcceptanceKey } from './keys';

export async function getCurrentTermsVersion(): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: currentTermsKey() }));
  return Item?.version as string | undefined;
}

/** Sets the current version unless one is already set (first deployment, demo seed). */
export async function initCurrentTermsVersion(version: string): Promise<void> {
  await putIfAbsent({ ...currentTermsKey(), type: 'TermsVersion', version });
}

export async function hasAcceptedTerms(userId: string, version: string): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: termsAcceptanceKey(userId, version) }));
  return Item !== undefined;
}

/** Records an acceptance once; accepting again keeps the first date. */
export async function recordTermsAcceptance(userId: string, version: string, acceptedAt: string): Promise<void> {
  await putIfAbsent({ ...termsAcceptanceKey(userId, version), type: 'TermsAcceptance', userId, version, acceptedAt });
}

async function putIfAbsent(item: Record<string, unknown>): Promise<void> {
  try {
    await db().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
