// Alerts (docs/alerts.md): one item per alert (ALERT#<id>/ALERT), in its owner's list (GSI1); while
// ACTIVE, one cell item per geohash cell its circle covers (ALERT_CELL#<shard>#<cell>/<id>), holding
// what the weekly digest matches a new ad against. The alert and its cell items change in one
// transaction, so the digest never reads cells of an alert that is not active. A deleted alert stays
// a while as a tombstone (its `deletedAt`), so a second deletion says "already deleted".
// The digest claims each e-mail with a lease on the alert item and records it, with the alert's
// watermark, in the write that ends the lease.

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AdCategory, Certification, OfferMode, PriceRange, UiLanguage, Weekday } from '@partage/graphql';
import { batchGet, db, isConditionFailure, queryPages, tableName, transactWrite, type TransactItem } from './client';
import { DataRefusal } from './errors';
import { alertCellKey, alertCellPartition, alertKey, digestShardRunKey, userAlertsIndexKeys, userAlertsPartition } from './keys';

export type AlertStatusRecord = 'PENDING_CONFIRMATION' | 'ACTIVE';

/** The criteria as the user chose them (shown back on their edit page). */
export interface AlertCriteriaRecord {
  categories: AdCategory[];
  modes: OfferMode[];
  availability: { day: boolean; evening: boolean; weekdays: Weekday[] } | null;
  priceRanges: PriceRange[];
  certifications: Certification[];
  keyword: string | null;
}

/** EMAIL_LINK: the address's owner clicked the confirmation link; ACCOUNT_ADDRESS: the signed-in owner's own confirmed address. */
export interface AlertConsentRecord {
  at: string;
  email: string;
  via: 'EMAIL_LINK' | 'ACCOUNT_ADDRESS';
  /** The link clicked (EMAIL_LINK): its id and when it was sent. */
  linkId: string | null;
  linkSentAt: string | null;
}

export interface AlertRecord {
  id: string;
  /** Null for a visitor's alert. */
  ownerId: string | null;
  status: AlertStatusRecord;
  criteria: AlertCriteriaRecord;
  place: { label: string; latitude: number; longitude: number };
  radiusKm: number;
  email: string;
  language: UiLanguage;
  createdAt: string;
  updatedAt: string;
  confirmedAt: string | null;
  /** Ads published after this instant are new to the alert (advanced by each digest sent). */
  watermark: string;
  lastDigestAt: string | null;
  /** ISO week of the last digest sent: one a week. */
  lastDigestWeek: string | null;
  /** While a digest is being sent: until when its sender holds it. */
  digestLeaseUntil: string | null;
  /** The geohash cells it is listed in (none unless ACTIVE). */
  cells: string[];
  /** Counts writes: a change is conditioned on the version read. */
  version: number;
  /** Counts the addresses the alert has had: every e-mailed link names it, so a new address voids the old links. */
  addressVersion: number;
  /** While the address waits for its confirmation: the link e-mailed last (its id is in its token; it confirms once). */
  pendingLink: { id: string; sentAt: string } | null;
  /** The address's consent to the e-mails (Canada's anti-spam law): when, to which address, how given. */
  consent: AlertConsentRecord | null;
  /** Set when deleted: the item is then a tombstone until `ttl`. */
  deletedAt: string | null;
  /** Epoch seconds: when an unconfirmed alert or a tombstone goes (readers compare it with the time too). */
  ttl: number | null;
}

/** What a cell item holds: enough to decide, with no other read, whether a new ad is for the alert. */
export interface AlertCellEntry<Criteria = unknown> {
  alertId: string;
  criteria: Criteria;
  latitude: number;
  longitude: number;
  radiusMeters: number;
}

const alertItem = (alert: AlertRecord) => ({
  ...alertKey(alert.id),
  type: 'Alert',
  ...(alert.ownerId && !alert.deletedAt ? userAlertsIndexKeys(alert.ownerId, alert.createdAt, alert.id) : {}),
  ...alert,
});

const ALERT_FIELDS: (keyof AlertRecord)[] = [
  'id',
  'ownerId',
  'status',
  'criteria',
  'place',
  'radiusKm',
  'email',
  'language',
  'createdAt',
  'updatedAt',
  'confirmedAt',
  'watermark',
  'lastDigestAt',
  'lastDigestWeek',
  'digestLeaseUntil',
  'cells',
  'version',
  'addressVersion',
  'pendingLink',
  'consent',
  'deletedAt',
  'ttl',
];
// Alerts written before address versions had the first.
const alertOfItem = (item: Record<string, unknown>): AlertRecord =>
  ({
    ...Object.fromEntries(ALERT_FIELDS.map((field) => [field, item[field] ?? null])),
    addressVersion: item.addressVersion ?? 1,
  }) as unknown as AlertRecord;

const alertCellItem = (alertId: string, cell: string, entry: AlertCellEntry) => ({
  ...alertCellKey(alertId, cell),
  type: 'AlertCell',
  ...entry,
});

/** The items of a new alert: its own and its cell items (exported for bulk loads: the benchmark). */
export const newAlertItems = (alert: AlertRecord, entry: AlertCellEntry | null): Record<string, unknown>[] => [
  alertItem(alert),
  ...(entry ? alert.cells.map((cell) => alertCellItem(alert.id, cell, entry)) : []),
];

const cellWrites = (before: string[], after: { cells: string[]; entry: AlertCellEntry } | null, alertId: string): TransactItem[] => {
  const kept = new Set(after?.cells ?? []);
  return [
    ...before
      .filter((cell) => !kept.has(cell))
      .map((cell): TransactItem => ({ Delete: { TableName: tableName(), Key: alertCellKey(alertId, cell) } })),
    ...(after?.cells ?? []).map((cell): TransactItem => ({
      Put: { TableName: tableName(), Item: alertCellItem(alertId, cell, after!.entry) },
    })),
  ];
};

/** Writes a new alert (and, when ACTIVE, its cell items). */
export async function putNewAlert(alert: AlertRecord, entry: AlertCellEntry | null): Promise<void> {
  await transactWrite([
    { Put: { TableName: tableName(), Item: alertItem(alert), ConditionExpression: 'attribute_not_exists(PK)' } },
    ...cellWrites([], entry && { cells: alert.cells, entry }, alert.id),
  ]);
}

/**
 * Replaces the alert read as `before` with `next` (its cell items rewritten: `entry` for ACTIVE ones,
 * none otherwise); ITEM_GONE when it changed since it was read.
 */
export async function replaceAlert(before: AlertRecord, next: AlertRecord, entry: AlertCellEntry | null): Promise<AlertRecord> {
  const written = { ...next, version: before.version + 1 };
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: alertItem(written),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': before.version },
        },
      },
      ...cellWrites(before.cells, entry && { cells: written.cells, entry }, before.id),
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw new DataRefusal('ITEM_GONE', 'The alert changed meanwhile');
    throw error;
  }
  return written;
}

export async function getAlert(alertId: string): Promise<AlertRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: alertKey(alertId), ConsistentRead: true }));
  return Item && alertOfItem(Item);
}

export async function getAlerts(alertIds: string[]): Promise<AlertRecord[]> {
  return (await batchGet(alertIds.map(alertKey))).map(alertOfItem);
}

/** A user's alerts, newest first (at most ALERTS_PER_USER_MAX: one page). */
export async function userAlerts(ownerId: string): Promise<AlertRecord[]> {
  const alerts: AlertRecord[] = [];
  for await (const items of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': userAlertsPartition(ownerId) },
    ScanIndexForward: false,
  })) {
    alerts.push(...items.map(alertOfItem));
  }
  return alerts;
}

/** The cell items of one shard's cell: the alerts whose circle may hold a point of that cell. */
export async function alertsInCell<Criteria>(shard: number, cell: string): Promise<AlertCellEntry<Criteria>[]> {
  const entries: AlertCellEntry<Criteria>[] = [];
  for await (const items of queryPages({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': alertCellPartition(shard, cell) },
    ProjectionExpression: 'alertId, criteria, latitude, longitude, radiusMeters',
  })) {
    entries.push(...(items as unknown as AlertCellEntry<Criteria>[]));
  }
  return entries;
}

/** Where a claim of an alert's weekly digest leaves it. */
export type DigestClaimOutcome = 'claimed' | 'done' | 'busy' | 'gone';

export interface DigestClaim {
  /** ISO week of the digest. */
  week: string;
  /** Ads published up to this instant are in it. */
  cutoff: string;
  now: string;
  /** The claim's lease: a sender that dies leaves it, and it ends then. */
  leaseUntil: string;
}

/**
 * Claims the alert's digest of `week` for one sender (a lease on the alert item, so that two runs never
 * send it at once): `done` when that week's went out already, `busy` while another sender's lease
 * runs, `gone` once the alert is deleted or inactive. Bumps `version`: an edit read before is refused.
 */
export async function claimDigest(alertId: string, { week, cutoff, now, leaseUntil }: DigestClaim): Promise<DigestClaimOutcome> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: alertKey(alertId),
        UpdateExpression: 'SET digestLeaseUntil = :lease, version = version + :one',
        ConditionExpression:
          '#status = :active AND deletedAt = :none AND watermark < :cutoff AND lastDigestWeek <> :week AND ' +
          '(digestLeaseUntil = :none OR digestLeaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':lease': leaseUntil,
          ':one': 1,
          ':active': 'ACTIVE',
          ':none': null,
          ':cutoff': cutoff,
          ':week': week,
          ':now': now,
        },
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const alert = await getAlert(alertId);
  if (!alert || alert.deletedAt || alert.status !== 'ACTIVE') return 'gone';
  return alert.lastDigestWeek === week || alert.watermark >= cutoff ? 'done' : 'busy';
}

/** Gives a claim back after a send that failed: the next run sends it. */
export async function releaseDigest(alertId: string, leaseUntil: string): Promise<void> {
  await updateIfLeased(alertId, leaseUntil, 'SET digestLeaseUntil = :none, version = version + :one', {});
}

/**
 * Records a sent digest in the write that ends its claim: the week, and the watermark moved to the
 * cut (the next digest starts after it). Refused only when the lease was lost (the sender took longer than it).
 */
export async function recordDigestSent(alertId: string, { week, cutoff, now, leaseUntil }: DigestClaim): Promise<void> {
  await updateIfLeased(
    alertId,
    leaseUntil,
    'SET digestLeaseUntil = :none, lastDigestWeek = :week, watermark = :cutoff, lastDigestAt = :now, version = version + :one',
    { ':week': week, ':cutoff': cutoff, ':now': now },
  );
}

async function updateIfLeased(alertId: string, leaseUntil: string, update: string, values: Record<string, unknown>): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: alertKey(alertId),
        UpdateExpression: update,
        ConditionExpression: 'digestLeaseUntil = :mine',
        ExpressionAttributeValues: { ...values, ':mine': leaseUntil, ':none': null, ':one': 1 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Up to when a digest shard has matched every new ad; undefined before its first complete run. */
export async function digestShardDoneUntil(shard: number): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: digestShardRunKey(shard), ConsistentRead: true }));
  return Item?.doneUntil as string | undefined;
}

/** Moves a shard's mark forward (never back: a late rerun of an older week leaves it). */
export async function markDigestShardDone(shard: number, cutoff: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: digestShardRunKey(shard),
        UpdateExpression: 'SET doneUntil = :cutoff, #type = :type',
        ConditionExpression: 'attribute_not_exists(doneUntil) OR doneUntil < :cutoff',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':cutoff': cutoff, ':type': 'DigestShardRun' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
