// The local payment simulator's records, kept in the table as Stripe keeps its own: connected
// accounts, onboarding links, Checkout Sessions, charges and their refunds and disputes, transfers and
// their reversals, events held back to be delivered late, and the answers of idempotent calls (so a
// retried call with the same key gets the first answer, as with Stripe). Local host only.

import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, isConditionFailure, tableName } from './client';
import {
  SIMULATOR_CHARGES_PARTITION,
  simulatorChargeListingKey,
  simulatorGroupTransferKey,
  simulatorHeldEventKey,
  simulatorRecordKey,
  simulatorTransferKey,
  type SimulatorRecordKind,
} from './keys';

export interface SimulatedAccount {
  accountId: string;
  userId: string;
  email: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  created: number;
  /** The fingerprint of the bank account given at onboarding (absent before: none). */
  bankAccountFingerprint?: string;
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

export interface SimulatedReversal {
  reversalId: string;
  amountCents: number;
  /** The reversal's metadata `contractId`. */
  contractId: string;
  created: number;
}

export interface SimulatedTransfer {
  transferId: string;
  accountId: string;
  amountCents: number;
  /** Absent from transfers kept from before reversals: none. */
  amountReversedCents?: number;
  reversals?: SimulatedReversal[];
  sourceTransaction: string;
  transferGroup: string;
  created: number;
}

/** A dispute as the simulator's dashboard makes it: a chargeback awaiting evidence, then won or lost. */
export interface SimulatedDispute {
  disputeId: string;
  /** Stripe's dispute status. */
  status: 'needs_response' | 'won' | 'lost';
  reason: string;
  amountCents: number;
  /** Epoch seconds. */
  evidenceDueBy: number;
  created: number;
}

/** The charge a paid Checkout Session made. */
export interface SimulatedCharge {
  chargeId: string;
  paymentIntentId: string;
  sessionId: string;
  /** The contract: Checkout's `payment_intent_data.transfer_group`. */
  transferGroup: string;
  amountCents: number;
  amountRefundedCents: number;
  /** The payment's metadata: who paid (absent from charges kept from before). */
  tenantId?: string;
  /** The card's fingerprint (absent from charges kept from before). */
  cardFingerprint?: string;
  dispute?: SimulatedDispute;
  /** Epoch seconds, when paid. */
  created: number;
  /** Raised by every change, each conditioned on the one it read (changes at once: one is refused). */
  revision: number;
}

export interface SimulatedRefund {
  refundId: string;
  chargeId: string;
  paymentIntentId: string;
  amountCents: number;
  /** The refund's metadata `contractId` (null: made in the dashboard). */
  contractId: string | null;
  created: number;
}

/** What an idempotent call answered, or the refusal it answered with (replayed as Stripe replays it). */
export interface SimulatedCall {
  key: string;
  answer: unknown;
  error?: { kind: string; message: string; statusCode?: number; providerCode?: string };
}

/** A signed event's body kept back by the checkout page, delivered when the charges page says so. */
export interface SimulatedHeldEvent {
  eventId: string;
  eventType: string;
  created: number;
  payload: string;
}

type Records = {
  ACCOUNT: SimulatedAccount;
  LINK: SimulatedLink;
  SESSION: SimulatedSession;
  CALL: SimulatedCall;
  CHARGE: SimulatedCharge;
  INTENT: { paymentIntentId: string; chargeId: string };
  REFUND: SimulatedRefund;
  TRANSFER: { transferId: string; accountId: string };
};

/** A condition on an item's attributes, its `:`-named values in `values`. */
export interface SimulatorCondition {
  expression: string;
  names?: Record<string, string>;
  values: Record<string, unknown>;
}

const strip = <T>({ PK: _pk, SK: _sk, type: _type, ...record }: Record<string, unknown>) => record as T;

export async function getSimulatorRecord<K extends SimulatorRecordKind>(kind: K, id: string): Promise<Records[K] | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: simulatorRecordKey(kind, id), ConsistentRead: true }));
  return Item && strip<Records[K]>(Item);
}

/** Sends a conditional write; false when its condition failed. */
async function conditionalWrite(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const recordItem = <K extends SimulatorRecordKind>(kind: K, id: string, record: Records[K]) => ({
  ...simulatorRecordKey(kind, id),
  type: `Simulator${kind}`,
  ...record,
});

/** Writes a new record; false when one with that id exists (an idempotent call already answered). */
export function putSimulatorRecord<K extends SimulatorRecordKind>(kind: K, id: string, record: Records[K], ttl?: number): Promise<boolean> {
  return conditionalWrite(() =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...recordItem(kind, id, record), ...(ttl ? { ttl } : {}) },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

/** The update that sets `changes` on an existing item, if `condition` holds. */
function setFields(key: Record<string, string>, changes: Record<string, unknown>, condition?: SimulatorCondition) {
  const names = Object.keys(changes);
  return {
    TableName: tableName(),
    Key: key,
    UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ConditionExpression: ['attribute_exists(PK)', condition?.expression].filter(Boolean).join(' AND '),
    ExpressionAttributeNames: { ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])), ...condition?.names },
    ExpressionAttributeValues: {
      ...Object.fromEntries(names.map((name, i) => [`:v${i}`, changes[name]])),
      ...condition?.values,
    },
  };
}

/** Sets fields of an existing record, if `condition` holds. */
export function updateSimulatorRecord<K extends 'ACCOUNT' | 'SESSION' | 'CHARGE'>(
  kind: K,
  id: string,
  changes: Partial<Records[K]>,
  condition?: SimulatorCondition,
): Promise<boolean> {
  return conditionalWrite(() => db().send(new UpdateCommand(setFields(simulatorRecordKey(kind, id), changes, condition))));
}

/**
 * A session paid, and the charge it made, together (false, nothing written, when the session's
 * `condition` fails): the charge found by its id, by its payment intent, and listed on the charges page.
 */
export function putSimulatedCharge(
  charge: SimulatedCharge,
  session: { changes: Partial<SimulatedSession>; condition: SimulatorCondition },
): Promise<boolean> {
  const put = (item: object) => ({ Put: { TableName: tableName(), Item: { ...item }, ConditionExpression: 'attribute_not_exists(PK)' } });
  const pointer = { paymentIntentId: charge.paymentIntentId, chargeId: charge.chargeId };
  return conditionalWrite(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: setFields(simulatorRecordKey('SESSION', charge.sessionId), session.changes, session.condition) },
          put(recordItem('CHARGE', charge.chargeId, charge)),
          put(recordItem('INTENT', charge.paymentIntentId, pointer)),
          put({ ...simulatorChargeListingKey(charge.created, charge.chargeId), type: 'SimulatorChargeListing', ...pointer }),
        ],
      }),
    ),
  );
}

/** The items of `keys` that exist, in that order. */
async function readInOrder<T>(keys: Record<string, string>[]): Promise<T[]> {
  const id = (key: Record<string, unknown>) => `${String(key.PK)}|${String(key.SK)}`;
  const found = new Map((await batchGet(keys, { consistent: true })).map((item) => [id(item), item]));
  return keys.flatMap((key) => {
    const item = found.get(id(key));
    return item ? [strip<T>(item)] : [];
  });
}

async function queryPartition(PK: string, prefix: string, { newestFirst, limit }: { newestFirst: boolean; limit: number }) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
      ScanIndexForward: !newestFirst,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** The latest charges paid (the charges page). */
export async function simulatedCharges(limit = 20): Promise<SimulatedCharge[]> {
  const items = await queryPartition(SIMULATOR_CHARGES_PARTITION, 'CHARGE#', { newestFirst: true, limit });
  return readInOrder(items.map((item) => simulatorRecordKey('CHARGE', String(item.chargeId))));
}

/** A transfer, on its account's dashboard, found by its id and listed in its transfer group. */
export async function putSimulatedTransfer(transfer: SimulatedTransfer): Promise<void> {
  const pointer = { transferId: transfer.transferId, accountId: transfer.accountId };
  const put = (item: object) => ({ Put: { TableName: tableName(), Item: { ...item } } });
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        put({ ...simulatorTransferKey(transfer.accountId, transfer.transferId), type: 'SimulatorTransfer', ...transfer }),
        put(recordItem('TRANSFER', transfer.transferId, pointer)),
        put({ ...simulatorGroupTransferKey(transfer.transferGroup, transfer.transferId), type: 'SimulatorGroupTransfer', ...pointer }),
      ],
    }),
  );
}

const transferKeyOf = (pointer: Record<string, unknown>) => simulatorTransferKey(String(pointer.accountId), String(pointer.transferId));

export async function getSimulatedTransfer(transferId: string): Promise<SimulatedTransfer | undefined> {
  const pointer = await getSimulatorRecord('TRANSFER', transferId);
  if (!pointer) return undefined;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: transferKeyOf(pointer), ConsistentRead: true }));
  return Item && strip<SimulatedTransfer>(Item);
}

/** The latest transfers of a transfer group, newest first (Stripe's list of transfers by `transfer_group`). */
export async function simulatedGroupTransfers(transferGroup: string, limit = 10): Promise<SimulatedTransfer[]> {
  const items = await queryPartition(simulatorGroupTransferKey(transferGroup, '').PK, 'TRANSFER#', { newestFirst: true, limit });
  return readInOrder(items.map(transferKeyOf));
}

/** Records a reversal on a transfer; undefined when another was recorded since `transfer` was read. */
export async function reverseSimulatedTransfer(
  transfer: SimulatedTransfer,
  reversal: SimulatedReversal,
): Promise<SimulatedTransfer | undefined> {
  const seen = transfer.amountReversedCents ?? 0;
  const changes = { amountReversedCents: seen + reversal.amountCents, reversals: [...(transfer.reversals ?? []), reversal] };
  const unchanged = {
    expression: '(attribute_not_exists(#reversed) OR #reversed = :seen)',
    names: { '#reversed': 'amountReversedCents' },
    values: { ':seen': seen },
  };
  const key = simulatorTransferKey(transfer.accountId, transfer.transferId);
  return (await conditionalWrite(() => db().send(new UpdateCommand(setFields(key, changes, unchanged)))))
    ? { ...transfer, ...changes }
    : undefined;
}

/** The latest transfers to an account (its dashboard page). */
export async function simulatedTransfers(accountId: string, limit = 50): Promise<SimulatedTransfer[]> {
  const items = await queryPartition(simulatorTransferKey(accountId, '').PK, 'TRANSFER#', { newestFirst: true, limit });
  return items.map((item) => strip<SimulatedTransfer>(item));
}

export async function holdSimulatorEvent(event: SimulatedHeldEvent): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...simulatorHeldEventKey(event.created, event.eventId), type: 'SimulatorHeldEvent', ...event },
    }),
  );
}

/** The events held back, oldest first. */
export async function heldSimulatorEvents(limit = 100): Promise<SimulatedHeldEvent[]> {
  const items = await queryPartition(SIMULATOR_CHARGES_PARTITION, 'HELD#', { newestFirst: false, limit });
  return items.map((item) => strip<SimulatedHeldEvent>(item));
}

export async function releaseHeldSimulatorEvent(event: SimulatedHeldEvent): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: simulatorHeldEventKey(event.created, event.eventId) }));
}
