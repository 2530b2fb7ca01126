// Terms of service: the current version, one item per published version (its PDFs), and one
// acceptance item per user and version, listed per version in GSI1.

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, isConditionFailure, queryPages, tableName, transactWrite, type TransactItem } from './client';
import {
  currentTermsKey,
  TERMS_ACCEPTANCE_SK_PREFIX,
  TERMS_PARTITION,
  TERMS_VERSION_SK_PREFIX,
  termsAcceptanceKey,
  termsVersionKey,
  versionAcceptanceIndexKeys,
  versionAcceptancesPartition,
} from './keys';
import { newestFirstPage } from './page-tokens';

/** The file ids of a version's four PDFs (LEGAL_DOCUMENT files). */
export interface TermsDocumentFiles {
  termsFr: string;
  termsEn: string;
  privacyFr: string;
  privacyEn: string;
}

export interface TermsRecord {
  version: string;
  /** Absent for the version set at the first deployment. */
  publishedAt?: string;
  /** Absent for the version set at the first deployment (its PDFs are bundled with the web app). */
  documents?: TermsDocumentFiles;
}

export type PublishedTerms = Required<TermsRecord>;

export interface TermsAcceptance {
  version: string;
  acceptedAt: string;
}

const toTermsItem = (terms: PublishedTerms) => ({ type: 'TermsVersion', ...terms });
const fromTermsItem = (item: Record<string, unknown>): TermsRecord => ({
  version: item.version as string,
  ...(item.publishedAt !== undefined && { publishedAt: item.publishedAt as string }),
  ...(item.documents !== undefined && { documents: item.documents as TermsDocumentFiles }),
});

export async function getCurrentTerms(): Promise<TermsRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: currentTermsKey(), ConsistentRead: true }));
  return Item && fromTermsItem(Item);
}

/** Sets the current version unless one is already set (first deployment, demo seed). */
export async function initCurrentTermsVersion(version: string): Promise<void> {
  await putIfAbsent({ ...currentTermsKey(), type: 'TermsVersion', version });
}

/**
 * Records a new version and makes it the current one, in one transaction; false when its label was
 * published before (the version item exists), and then nothing changes.
 */
export async function publishTerms(terms: PublishedTerms): Promise<boolean> {
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...termsVersionKey(terms.version), ...toTermsItem(terms) },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      { Put: { TableName: tableName(), Item: { ...currentTermsKey(), ...toTermsItem(terms) } } },
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Every published version, newest first (a handful a year: the partition is read whole). */
export async function listPublishedTerms(): Promise<PublishedTerms[]> {
  const versions: PublishedTerms[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': TERMS_PARTITION, ':prefix': TERMS_VERSION_SK_PREFIX },
  });
  for await (const items of pages) versions.push(...items.map((item) => fromTermsItem(item) as PublishedTerms));
  return versions.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
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
  ...versionAcceptanceIndexKeys(version, acceptedAt, userId),
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

export interface VersionAcceptancePage {
  acceptances: { userId: string; acceptedAt: string }[];
  nextToken?: string;
}

const ACCEPTANCES_INDEX = { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' };

/** Who accepted `version`, latest first, a page at a time. */
export async function versionAcceptances(version: string, limit: number, nextToken?: string): Promise<VersionAcceptancePage> {
  const page = await newestFirstPage(ACCEPTANCES_INDEX, versionAcceptancesPartition(version), limit, nextToken);
  return {
    acceptances: page.items.map((item) => ({ userId: item.userId as string, acceptedAt: item.acceptedAt as string })),
    nextToken: page.nextToken,
  };
}

async function putIfAbsent(item: Record<string, unknown>): Promise<void> {
  try {
    await db().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
