// The local payment simulator's records, kept in the table as Stripe keeps its own: connected
// accounts, onboarding links, Checkout Sessions, transfers, and the answers of idempotent calls (so
// a retried call with the same key gets the first answer, as with Stripe). Local host only.

import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { simulatorRecordKey, simulatorTransferKey, type SimulatorRecordKind } from './keys';

export interface SimulatedAccount {
  accountId: string;
  userId: string;
  email: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  created: number;
}

export interface SimulatedLink {
  token: string;
  accountId: string;
  refreshUrl: string;
  returnUrl: string;
  /** Epoch seconds; also the item's TTL. */
  ttl: number;
}

export type SimulatedSessionStatus = 'open' | 'complete' | 'expired';

export interface SimulatedSession {
  sessionId: string;
  contractId: string;
  contractVersion: number;
  /** Absent from sessions kept from before the metadata named the ad. */
  adId?: string;
  /** Absent from sessions kept from before the metadata named the parties. */
  ownerId?: string;
  tenantId?: string;
  amountCents: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  language: string;
  customerEmail?: string;
  /** Epoch seconds. */
  expiresAt: number;
  created: number;
  status: SimulatedSessionStatus;
  paymentStatus: 'unpaid' | 'paid';
  paymentIntentId: string;
  chargeId: string;
}

export interface SimulatedTransfer {
  transferId: string;
  accountId: string;
  amountCents: number;
  sourceTransaction: string;
  transferGroup: string;
  created: number;
}

type Records = { ACCOUNT: SimulatedAccount; LINK: SimulatedLink; SESSION: SimulatedSession; CALL: { key: string; answer: unknown } };

const strip = <T>({ PK: _pk, SK: _sk, type: _type, ...record }: Record<string, unknown>) => record as T;

export async function getSimulatorRecord<K extends SimulatorRecordKind>(kind: K, id: string): Promise<Records[K] | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: simulatorRecordKey(kind, id), ConsistentRead: true }));
  return Item && strip<Records[K]>(Item);
}

/** Writes a new record; false when one with that id exists (an idempotent call already answered). */
export async function putSimulatorRecord<K extends SimulatorRecordKind>(
  kind: K,
  id: string,
  record: Records[K],
  ttl?: number,
): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...simulatorRecordKey(kind, id), type: `Simulator${kind}`, ...record, ...(ttl ? { ttl } : {}) },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Sets fields of an existing record, if `condition` (on its attributes, `:`-named values in `values`) holds. */
export async function updateSimulatorRecord<K extends 'ACCOUNT' | 'SESSION'>(
  kind: K,
  id: string,
  changes: Partial<Records[K]>,
  condition?: { expression: string; names?: Record<string, string>; values: Record<string, unknown> },
): Promise<boolean> {
  const names = Object.keys(changes);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: simulatorRecordKey(kind, id),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: ['attribute_exists(PK)', condition?.expression].filter(Boolean).join(' AND '),
        ExpressionAttributeNames: { ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])), ...condition?.names },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((name, i) => [`:v${i}`, changes[name as keyof typeof changes]])),
          ...condition?.values,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function putSimulatedTransfer(transfer: SimulatedTransfer): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...simulatorTransferKey(transfer.accountId, transfer.transferId), type: 'SimulatorTransfer', ...transfer },
    }),
  );
}

/** The latest transfers to an account (its dashboard page). */
export async function simulatedTransfers(accountId: string, limit = 50): Promise<SimulatedTransfer[]> {
  const { PK } = simulatorTransferKey(accountId, '');
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': 'TRANSFER#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => strip<SimulatedTransfer>(item));
}
