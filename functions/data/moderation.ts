// Moderation's items (keys.ts, docs/moderation.md): a report and its case change in one transaction (the
// report only if that person never reported the item, so a second report changes nothing); an action
// closes the case and appends its audit entry in one transaction, only while the case is open.

import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ModerationAction, ReportItemKind, ReportReason } from '@partage/graphql';
import { batchGet, db, failedConditionIndexes, isConditionFailure, queryPages, tableName, transactWrite } from './client';
import { DataRefusal } from './errors';
import {
  BLOCK_SK_PREFIX,
  blockKey,
  moderationAuditKey,
  moderationCaseKey,
  moderationCasePartition,
  moderationReportKey,
  OPEN_MODERATION_QUEUE,
  openModerationIndexKeys,
} from './keys';
import { newestFirstPage, type ListingIndex } from './page-tokens';

export interface ModerationCaseRecord {
  id: string;
  kind: ReportItemKind;
  itemId: string;
  conversationId: string | null;
  subjectUserId: string;
  status: 'OPEN' | 'CLOSED';
  reportCount: number;
  lastReportedAt: string;
}

export interface ModerationReportRecord {
  reporterId: string;
  reason: ReportReason;
  note: string | null;
  reportedAt: string;
  content: string;
}

export interface ModerationAuditRecord {
  action: ModerationAction;
  adminId: string;
  reason: string;
  at: string;
}

export interface ModerationCaseDetail extends ModerationCaseRecord {
  reports: ModerationReportRecord[];
  audit: ModerationAuditRecord[];
}

const GSI1: ListingIndex = { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' };

const caseOf = (item: Record<string, unknown>): ModerationCaseRecord => ({
  id: item.id as string,
  kind: item.kind as ReportItemKind,
  itemId: item.itemId as string,
  conversationId: (item.conversationId as string | null) ?? null,
  subjectUserId: item.subjectUserId as string,
  status: item.status as ModerationCaseRecord['status'],
  reportCount: item.reportCount as number,
  lastReportedAt: item.lastReportedAt as string,
});

/**
 * Records `report` of the case's item (opening the case, or opening it again, listed by this report);
 * false when this reporter had reported the item already: then nothing changes.
 */
export async function addReport(
  found: Omit<ModerationCaseRecord, 'status' | 'reportCount' | 'lastReportedAt'>,
  report: ModerationReportRecord,
): Promise<boolean> {
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...moderationReportKey(found.id, report.reporterId), type: 'ModerationReport', ...report },
          ConditionExpression: 'attribute_not_exists(SK)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: moderationCaseKey(found.id),
          UpdateExpression:
            'SET #type = :type, id = :id, kind = :kind, itemId = :itemId, conversationId = :conversationId, subjectUserId = :subject, ' +
            '#status = :open, lastReportedAt = :at, GSI1PK = :queue, GSI1SK = :sort ADD reportCount :one',
          ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
          ExpressionAttributeValues: {
            ':type': 'ModerationCase',
            ':id': found.id,
            ':kind': found.kind,
            ':itemId': found.itemId,
            ':conversationId': found.conversationId,
            ':subject': found.subjectUserId,
            ':open': 'OPEN',
            ':at': report.reportedAt,
            ':queue': OPEN_MODERATION_QUEUE,
            ':sort': openModerationIndexKeys(report.reportedAt, found.id).GSI1SK,
            ':one': 1,
          },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (failedConditionIndexes(error).includes(0)) return false;
    throw error;
  }
}

export async function getModerationCase(caseId: string): Promise<ModerationCaseDetail | null> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': moderationCasePartition(caseId) },
    ConsistentRead: true,
  }))
    items.push(...page);
  const found = items.find((item) => item.SK === 'CASE');
  if (!found) return null;
  const field = <T>(item: Record<string, unknown>, names: (keyof T)[]) =>
    Object.fromEntries(names.map((name) => [name, item[name as string] ?? null])) as T;
  return {
    ...caseOf(found),
    reports: items
      .filter((item) => String(item.SK).startsWith('REPORT#'))
      .map((item) => field<ModerationReportRecord>(item, ['reporterId', 'reason', 'note', 'reportedAt', 'content']))
      .sort((a, b) => b.reportedAt.localeCompare(a.reportedAt)),
    audit: items
      .filter((item) => String(item.SK).startsWith('AUDIT#'))
      .map((item) => field<ModerationAuditRecord>(item, ['action', 'adminId', 'reason', 'at'])),
  };
}

/** One page of the open cases, the latest report first. */
export async function openModerationCases(
  limit: number,
  nextToken?: string | null,
): Promise<{ cases: ModerationCaseDetail[]; nextToken?: string }> {
  const page = await newestFirstPage(GSI1, OPEN_MODERATION_QUEUE, limit, nextToken);
  const cases = (await Promise.all(page.items.map((item) => getModerationCase(item.id as string)))).filter((found) => found !== null);
  return { cases, nextToken: page.nextToken };
}

/** Closes an open case with its audit entry; DataRefusal ITEM_GONE when it is not open any more. */
export async function closeModerationCase(caseId: string, entry: ModerationAuditRecord & { id: string }): Promise<void> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: moderationCaseKey(caseId),
          UpdateExpression: 'SET #status = :closed REMOVE GSI1PK, GSI1SK',
          ConditionExpression: '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':closed': 'CLOSED', ':open': 'OPEN' },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...moderationAuditKey(caseId, entry.at, entry.id),
            type: 'ModerationAudit',
            action: entry.action,
            adminId: entry.adminId,
            reason: entry.reason,
            at: entry.at,
          },
        },
      },
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw new DataRefusal('ITEM_GONE', 'The case is not open');
    throw error;
  }
}

export interface BlockRecord {
  blockedId: string;
  blockedAt: string;
  conversationId: string;
}

export async function putBlock(blockerId: string, block: BlockRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...blockKey(blockerId, block.blockedId), type: 'Block', ...block } }));
}

export async function deleteBlock(blockerId: string, blockedId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: blockKey(blockerId, blockedId) }));
}

/** Whether `blockerId` blocked `blockedId`. */
export async function isBlocked(blockerId: string, blockedId: string): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: blockKey(blockerId, blockedId), ConsistentRead: true }));
  return !!Item;
}

/** Which of these blocks exist (`<blockerId> <blockedId>`): one BatchGetItem for a page of conversations. */
export async function existingBlocks(pairs: { blockerId: string; blockedId: string }[]): Promise<Set<string>> {
  const items = await batchGet(
    pairs.map(({ blockerId, blockedId }) => blockKey(blockerId, blockedId)),
    { consistent: true, attributes: ['PK', 'blockedId'] },
  );
  return new Set(items.map((item) => `${(item.PK as string).slice('USER#'.length)} ${item.blockedId as string}`));
}

/** The blocks a user made, the latest first. */
export async function blocksOf(blockerId: string): Promise<BlockRecord[]> {
  const blocks: BlockRecord[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': blockKey(blockerId, '').PK, ':prefix': BLOCK_SK_PREFIX },
  }))
    blocks.push(
      ...page.map((item) => ({
        blockedId: item.blockedId as string,
        blockedAt: item.blockedAt as string,
        conversationId: item.conversationId as string,
      })),
    );
  return blocks.sort((a, b) => b.blockedAt.localeCompare(a.blockedAt));
}
