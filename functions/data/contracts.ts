// Contracts: their items, versions, per-party listings and the booking calendar of each ad. The keys
// of this capability are built here with the items they name (functions/data/README.md, "Contracts").
//
// - The contract `CONTRACT#<id>/CONTRACT` holds its current state, its present version's content
//   and its history; it is listed for its owner (GSI1) and its tenant (GSI2) by creation time. Every
//   write is a Put conditioned on `revision` (the count of writes) being the one read, so a change
//   made meanwhile is refused, never overwritten; the webhook's payment written without a read
//   (payContractUnread) is an Update conditioned on what the session says, which adds 1 to `revision`
//   all the same.
// - Each version of the content `CONTRACT#<id>/VERSION#<000001>` is written once
//   (`attribute_not_exists`) in the same transaction as the contract that points at it.
// - An ad's booking calendar `AD#<adId>/CALENDAR` keeps the periods held for its contracts, by
//   contract id. A hold is written by a Put conditioned on the calendar's `revision`, in one
//   transaction with a check of the contract's status and version: of two overlapping holds placed at
//   the same moment, the second finds the calendar changed, reads it again and sees the first. The
//   webhook keeps or frees one contract's hold by an Update of that entry alone (no read, no overlap
//   to check), which adds 1 to `revision` too.

import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type {
  CancellationPolicy,
  ContractStatus,
  ContractStepKind,
  DatePrecision,
  SalesTaxRates,
  TaxBreakdown,
  TaxMode,
  TaxStatus,
} from '@partage/graphql';
import {
  batchGet,
  queryPages,
  db,
  failedConditionIndexes,
  isConditionFailure,
  isTransactionConflict,
  keyedRead,
  tableName,
  transactWrite,
  type KeyedReads,
  type TransactItem,
} from './client';
import { claimAlone, releaseClaim } from './claims';
import { DataRefusal } from './errors';
import { adCalendarKey as calendarKey } from './keys';
import { newestFirstPage, type ListingIndex } from './page-tokens';

const contractKey = (contractId: string) => ({ PK: `CONTRACT#${contractId}`, SK: 'CONTRACT' });
const VERSION_SK_PREFIX = 'VERSION#';
/** Zero-padded so that versions sort as text. */
const versionKey = (contractId: string, version: number) => ({
  PK: `CONTRACT#${contractId}`,
  SK: `${VERSION_SK_PREFIX}${String(version).padStart(6, '0')}`,
});
const ownerContractsPartition = (ownerId: string) => `OWNER_CONTRACTS#${ownerId}`;
const tenantContractsPartition = (tenantId: string) => `TENANT_CONTRACTS#${tenantId}`;
/** Every contract, for administrators (GSI3). */
const ALL_CONTRACTS_PARTITION = 'CONTRACTS';
/** The contracts whose payout is flagged, for administrators (GSI1 of their flag items). */
const FLAGGED_PAYOUTS_PARTITION = 'FLAGGED_PAYOUTS';
const payoutFlagKey = (contractId: string) => ({ PK: `CONTRACT#${contractId}`, SK: 'PAYOUT_FLAG' });
/** The contracts whose money needs an administrator (an open dispute, a fraud warning, a failed refund): GSI1 of their flag items. */
const MONEY_ATTENTION_PARTITION = 'MONEY_ATTENTION';
const moneyFlagKey = (contractId: string) => ({ PK: `CONTRACT#${contractId}`, SK: 'MONEY_FLAG' });
const noticeKey = (contractId: string, kind: ContractStepKind, version?: number) => ({
  PK: `CONTRACT#${contractId}`,
  SK: version === undefined ? `NOTICE#${kind}` : `NOTICE#${kind}#${version}`,
});

export interface ContractFileRecord {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
}

/** One seller's amount broken down; the numbers are the seller's, null when it collects no taxes. */
export interface TaxLinesRecord extends TaxBreakdown {
  gstNumber: string | null;
  qstNumber: string | null;
}

export interface ContractTaxesRecord {
  mode: TaxMode;
  ownerTaxStatus: TaxStatus;
  owner: TaxLinesRecord;
  platformFee: TaxLinesRecord;
  /** The rates applied, kept so that a later change of rate rewrites no past receipt; null before taxes. */
  rates: SalesTaxRates | null;
}

/** What the owner proposes; compared as a whole to tell an edit with no change. */
export interface ContractContent {
  precision: DatePrecision;
  /** Quebec wall clock as agreed (`YYYY-MM-DD` or `YYYY-MM-DDTHH:00`). */
  start: string;
  end: string;
  /** The same period's instants (ISO 8601 UTC), end excluded: what overlaps are computed on. */
  startAt: string;
  endAt: string;
  /** What the tenant pays: the owner's price with its taxes (taxes.owner.totalCents). */
  totalPriceCents: number;
  /** Part of the total the platform keeps, fixed when the version is made: its fee, its own taxes included. */
  platformFeeCents: number;
  /** The sales taxes of the version (contract-taxes.ts); absent on versions made before issue 39 (untaxed). */
  taxes?: ContractTaxesRecord;
  /** The ad's cancellation policy when the version was made; absent before policies (no cancellation by the tenant). */
  cancellationPolicy?: CancellationPolicy;
  /** Sanitised HTML. */
  terms: string;
  files: ContractFileRecord[];
  disclaimerAccepted: boolean;
}

/** One step of the contract's history: what happened, by whom, leading to which status and version. */
export interface ContractStepRecord {
  kind: ContractStepKind;
  at: string;
  /** The user who made it; null for the platform (webhook, scheduler). */
  actorId: string | null;
  status: ContractStatus;
  version: number;
  /** An administrator's reason for a refund (read by administrators only). */
  reason?: string;
}

/** A paid rental the tenant cancelled under the paid version's policy (contract-cancellation.ts). */
export interface ContractCancellationRecord {
  at: string;
  policy: CancellationPolicy;
  percent: number;
  /** What the cancellation gives back (0: nothing under the policy now). */
  refundCents: number;
}

/** The tenant's present attempt at paying: the Checkout Session opened for it (absent before the first). */
export interface ContractCheckoutRecord {
  /** Counts the attempts (1 for the first): part of the session's idempotency key. */
  attempt: number;
  /** The contract version the session charges. */
  version: number;
  /** Null while the session is being opened (the attempt is recorded first, see startContractPayment). */
  sessionId: string | null;
  expiresAt: string;
  /** The session's hosted page: a second "accept and pay" while it is open sends the tenant back to it. */
  url?: string;
}

/** The payment that made the contract PAID (the provider's ids, for the payout and a refund). */
export interface ContractPaymentRecord {
  sessionId: string;
  paymentIntentId: string;
  amountCents: number;
  paidAt: string;
  /** The charge, once an event named it (a refund's, a dispute's). */
  chargeId?: string;
  /** The charge's refunded total as the provider last told it (`charge.refunded`): a floor under the refunds known one by one. */
  chargeRefundedCents?: number;
}

/** Money taken back from the owner's account after the payout (a refund after it, a dispute lost, the dashboard). */
export interface ContractReversalRecord {
  amountCents: number;
  at: string;
}

/** The owner's payout: the job's claim, its failures, then the transfer. */
export interface ContractPayoutRecord {
  /** When a run claimed it (null: no run at it); a claim older than the run's longest life has lapsed. */
  claimedAt: string | null;
  /** Part of the transfer's idempotency key: moves on only after a refusal that certainly made no transfer. */
  keyAttempt: number;
  /** Failed runs so far. */
  failures: number;
  lastFailure?: string;
  /** Too many failures: left to administrators. */
  flagged: boolean;
  transferId?: string;
  paidOutAt?: string;
  /** What the transfer sent (the owner's share less the refunds made before it). */
  amountCents?: number;
  /** The transfer's reversals, by the provider's id (a reversal event is mirrored once). */
  reversals?: Record<string, ContractReversalRecord>;
  /** The transfer's reversed total as the provider last told it (`transfer.reversed`): a floor under the reversals known one by one. */
  reversedFloorCents?: number;
}

/** A refund asked for (written before the provider's call: from then on the payout never runs). */
export interface ContractRefundRecord {
  requestedAt: string;
  requestedBy: string;
  /** The provider's idempotency key: a retry of the same request refunds once. */
  key?: string;
  amountCents?: number;
  reason?: string;
}

/** One refund of the payment, as the provider told it (its events) or answered the platform's call. */
export interface ContractRefundEntry {
  amountCents: number;
  state: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';
  origin: 'PLATFORM' | 'OUTSIDE';
  reason?: string;
  at: string;
}

/** A dispute of the payment, as the provider's events tell it. */
export interface ContractDisputeRecord {
  disputeId: string;
  state: 'OPEN' | 'WON' | 'LOST' | 'WARNING_CLOSED';
  providerStatus: string;
  reason: string;
  amountCents: number;
  evidenceDueBy: string | null;
  openedAt: string;
  closedAt?: string;
}

export interface ContractRecord {
  id: string;
  adId: string;
  conversationId: string;
  ownerId: string;
  tenantId: string;
  status: ContractStatus;
  /** The content's version (1 at the proposal, + 1 per edit). */
  version: number;
  /** Counts the writes of the item: each one is conditioned on the revision read. */
  revision: number;
  createdAt: string;
  updatedAt: string;
  content: ContractContent;
  history: ContractStepRecord[];
  checkout?: ContractCheckoutRecord;
  payment?: ContractPaymentRecord;
  payout?: ContractPayoutRecord;
  /** The refund under way (asked for, the provider's answer not recorded yet). */
  refund?: ContractRefundRecord;
  /** Every refund of the payment, by the provider's id. */
  refunds?: Record<string, ContractRefundEntry>;
  dispute?: ContractDisputeRecord;
  /** The card issuer's early fraud warning (its fraud type). */
  fraudWarning?: { warningId: string; fraudType: string; at: string };
  /** The tenant cancelled the paid rental: its dates are freed, it is never rated nor counted. */
  cancellation?: ContractCancellationRecord;
}

export interface ContractVersionRecord {
  version: number;
  createdAt: string;
  content: ContractContent;
}

function contractItem(contract: ContractRecord): Record<string, unknown> {
  return {
    ...contractKey(contract.id),
    type: 'Contract',
    GSI1PK: ownerContractsPartition(contract.ownerId),
    GSI1SK: `${contract.createdAt}#${contract.id}`,
    GSI2PK: tenantContractsPartition(contract.tenantId),
    GSI2SK: `${contract.createdAt}#${contract.id}`,
    GSI3PK: ALL_CONTRACTS_PARTITION,
    GSI3SK: `${contract.createdAt}#${contract.id}`,
    ...contract,
  };
}

/** The record an item holds: the item without its keys and type (contractItem adds nothing else). */
function contractOf(item: Record<string, unknown>): ContractRecord {
  const {
    PK: _pk,
    SK: _sk,
    type: _type,
    GSI1PK: _gsi1pk,
    GSI1SK: _gsi1sk,
    GSI2PK: _gsi2pk,
    GSI2SK: _gsi2sk,
    GSI3PK: _gsi3pk,
    GSI3SK: _gsi3sk,
    ...record
  } = item;
  return record as unknown as ContractRecord;
}

/**
 * Whether the contract's money needs an administrator: an open dispute; an early fraud warning while the
 * payment is held (a refund or the payout ends it); a failed refund while the payment is not all back.
 */
export const needsMoneyAttention = (contract: ContractRecord): boolean =>
  contract.dispute?.state === 'OPEN' ||
  (Boolean(contract.fraudWarning) && contract.status === 'PAID') ||
  (contract.status !== 'REFUNDED' && Object.values(contract.refunds ?? {}).some((refund) => refund.state === 'FAILED'));

/** The administrators' lists a contract may be on, each through a flag item of its own (GSI1). */
const ADMIN_FLAGS = [
  {
    key: payoutFlagKey,
    type: 'ContractPayoutFlag',
    partition: FLAGGED_PAYOUTS_PARTITION,
    on: (c: ContractRecord) => Boolean(c.payout?.flagged),
  },
  { key: moneyFlagKey, type: 'ContractMoneyFlag', partition: MONEY_ATTENTION_PARTITION, on: needsMoneyAttention },
] as const;

/**
 * The flag items' writes when a change puts the contract on an administrators' list or takes it off
 * (none otherwise): a flag item lists the contract, and goes when the flag does, in the same
 * transaction as the contract.
 */
function adminFlagWrites(before: ContractRecord, written: ContractRecord): TransactItem[] {
  return ADMIN_FLAGS.flatMap(({ key, type, partition, on }): TransactItem[] => {
    const is = on(written);
    if (on(before) === is) return [];
    if (!is) return [{ Delete: { TableName: tableName(), Key: key(written.id) } }];
    const Item = { ...key(written.id), type, contractId: written.id, GSI1PK: partition, GSI1SK: `${written.createdAt}#${written.id}` };
    return [{ Put: { TableName: tableName(), Item } }];
  });
}

const versionPut = (contract: ContractRecord): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...versionKey(contract.id, contract.version),
      type: 'ContractVersion',
      version: contract.version,
      createdAt: contract.updatedAt,
      content: contract.content,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** A new contract (revision 1) with its first version. */
export async function putNewContract(contract: ContractRecord): Promise<void> {
  await putNewContractWith(contract, []);
}

/** A new contract with its first version and `alongWith` in the same transaction (as replaceContract's). */
export async function putNewContractWith(contract: ContractRecord, alongWith: TransactItem[]): Promise<void> {
  await transactWrite([
    { Put: { TableName: tableName(), Item: contractItem(contract), ConditionExpression: 'attribute_not_exists(PK)' } },
    versionPut(contract),
    ...alongWith,
  ]);
}

/** The contract by id, to read along with other items (readTogether) rather than by itself (getContract). */
export const contractRead = (contractId: string): KeyedReads<ContractRecord | undefined> =>
  keyedRead(contractKey(contractId), (item) => item && contractOf(item));

export async function getContract(contractId: string): Promise<ContractRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: contractKey(contractId), ConsistentRead: true }));
  return Item && contractOf(Item);
}

/** Several contracts at once (those that exist, in no particular order): a dashboard page's. */
export async function getContracts(contractIds: string[]): Promise<ContractRecord[]> {
  return (await batchGet([...new Set(contractIds)].map(contractKey))).map(contractOf);
}

/**
 * Writes `next` over the contract read as `before` (revision + 1), with its version item when the
 * version moved on and `alongWith` (writes of other capabilities that must happen with this change
 * and only with it, e.g. the parties' transaction counts at the payout); STALE_VERSION when the
 * contract was changed since it was read.
 */
export async function replaceContract(
  before: ContractRecord,
  next: ContractRecord,
  alongWith: TransactItem[] = [],
): Promise<ContractRecord> {
  const written = { ...next, revision: before.revision + 1 };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: contractItem(written),
        ConditionExpression: 'attribute_exists(PK) AND revision = :revision',
        ExpressionAttributeValues: { ':revision': before.revision },
      },
    },
  ];
  if (written.version !== before.version) items.push(versionPut(written));
  items.push(...adminFlagWrites(before, written), ...alongWith);
  try {
    await transactWrite(items);
  } catch (error) {
    if (isConditionFailure(error)) throw new DataRefusal('STALE_VERSION', 'The contract was changed meanwhile');
    throw error;
  }
  return written;
}

/**
 * Claims the sending of a step's notice that must go once (the PAID receipts; a version's proposal or
 * edit e-mail, with its `version`) for the run `token`; false when another run claimed it (it sent it,
 * or is sending it).
 */
export const claimContractNotice = (contractId: string, kind: ContractStepKind, token: string, version?: number): Promise<boolean> =>
  claimAlone(noticeKey(contractId, kind, version), token, { type: 'ContractNotice' });

/** Gives back the run's claim of a notice it failed to send, so that a retry sends it. */
export const releaseContractNotice = (contractId: string, kind: ContractStepKind, token: string, version?: number): Promise<void> =>
  releaseClaim(noticeKey(contractId, kind, version), token);

/**
 * Every version of a contract, oldest first (at most CONTRACT_MAX_VERSIONS, each with terms of up to
 * CONTRACT_TERMS_MAX_LENGTH: read page by page, as a Query answers 1 MB at most).
 */
export async function contractVersions(contractId: string): Promise<ContractVersionRecord[]> {
  const versions: ContractVersionRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const { Items, LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': contractKey(contractId).PK, ':prefix': VERSION_SK_PREFIX },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    versions.push(...(Items ?? []).map(({ version, createdAt, content }) => ({ version, createdAt, content }) as ContractVersionRecord));
    start = LastEvaluatedKey;
  } while (start);
  return versions;
}

export type ContractParty = 'OWNER' | 'TENANT';

const PARTY_LISTINGS: Record<ContractParty, { index: ListingIndex; partition: (userId: string) => string }> = {
  OWNER: { index: { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' }, partition: ownerContractsPartition },
  TENANT: { index: { name: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK' }, partition: tenantContractsPartition },
};

/** A page of a listing's items, newest first (null: the last page). */
async function listingPage(index: ListingIndex, partition: string, limit: number, nextToken?: string | null) {
  const page = await newestFirstPage(index, partition, limit, nextToken);
  return { items: page.items, nextToken: page.nextToken ?? null };
}

/** A user's contracts on one side, newest first. */
export async function partyContracts(
  party: ContractParty,
  userId: string,
  limit: number,
  nextToken?: string | null,
): Promise<{ contracts: ContractRecord[]; nextToken: string | null }> {
  const { index, partition } = PARTY_LISTINGS[party];
  const page = await listingPage(index, partition(userId), limit, nextToken);
  return { contracts: page.items.map(contractOf), nextToken: page.nextToken };
}

/** Every contract of an owner created before `beforeAt` (ISO instant), read whole: what their books' export looks its payouts up in. */
export async function ownerContractsBefore(ownerId: string, beforeAt: string): Promise<ContractRecord[]> {
  const contracts: ContractRecord[] = [];
  for await (const items of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
    ExpressionAttributeValues: { ':pk': ownerContractsPartition(ownerId), ':before': beforeAt },
  }))
    contracts.push(...items.map(contractOf));
  return contracts;
}

const ALL_CONTRACTS_INDEX: ListingIndex = { name: 'GSI3', pk: 'GSI3PK', sk: 'GSI3SK' };
const FLAG_ITEMS_INDEX: ListingIndex = { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' };

/**
 * Contracts for administrators, newest first: all of them, those whose payout is flagged, or those
 * whose money needs them (both read through their flag items).
 */
export async function adminContracts(
  which: 'ALL' | 'PAYOUT_FLAGGED' | 'MONEY_ATTENTION',
  limit: number,
  nextToken?: string | null,
): Promise<{ contracts: ContractRecord[]; nextToken: string | null }> {
  if (which === 'ALL') {
    const page = await listingPage(ALL_CONTRACTS_INDEX, ALL_CONTRACTS_PARTITION, limit, nextToken);
    return { contracts: page.items.map(contractOf), nextToken: page.nextToken };
  }
  const partition = which === 'PAYOUT_FLAGGED' ? FLAGGED_PAYOUTS_PARTITION : MONEY_ATTENTION_PARTITION;
  const flags = await listingPage(FLAG_ITEMS_INDEX, partition, limit, nextToken);
  const ids = flags.items.map((flag) => flag.contractId as string);
  const byId = new Map((await batchGet(ids.map(contractKey))).map((item) => [item.id as string, contractOf(item)]));
  return { contracts: ids.flatMap((id) => byId.get(id) ?? []), nextToken: flags.nextToken };
}

/** A period held on an ad's calendar for a contract. */
export interface BookingHold {
  contractId: string;
  startAt: string;
  endAt: string;
  /** A hold taken while the tenant pays lapses then; null: kept until released (a paid contract). */
  expiresAt: string | null;
  /** The payment attempt that placed it (ContractCheckoutRecord.attempt): only that attempt's failure may free it. */
  attempt?: number;
}

/** An ad's booking calendar as read: what a change of it is conditioned on. */
export interface BookingCalendar {
  adId: string;
  holds: BookingHold[];
  /** Absent: the calendar item does not exist yet. */
  revision?: number;
}

/**
 * The calendar item keeps its holds by contract id (a map), so that a change of one contract's hold
 * can be written without reading the calendar first (payContractUnread); a calendar kept as a list
 * (before) is read the same and written as a map at its next change.
 */
const calendarOf = (adId: string, item: Record<string, unknown> | undefined): BookingCalendar => {
  if (!item) return { adId, holds: [] };
  const holds = item.holds as BookingHold[] | Record<string, BookingHold>;
  return { adId, holds: Array.isArray(holds) ? holds : Object.values(holds), revision: item.revision as number };
};

/** The ad's calendar, to read along with other items (readTogether) and hand to the change that follows. */
export const calendarRead = (adId: string): KeyedReads<BookingCalendar> => keyedRead(calendarKey(adId), (item) => calendarOf(adId, item));

async function readCalendar(adId: string): Promise<BookingCalendar> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: calendarKey(adId), ConsistentRead: true }));
  return calendarOf(adId, Item);
}

/** A hold counts until it lapses, and until its period is over (past periods are dropped at the next write). */
const isLive = (hold: BookingHold, now: string) => (hold.expiresAt === null || hold.expiresAt > now) && hold.endAt > now;
const overlaps = (a: { startAt: string; endAt: string }, b: { startAt: string; endAt: string }) =>
  Date.parse(a.startAt) < Date.parse(b.endAt) && Date.parse(b.startAt) < Date.parse(a.endAt);

/** The periods held on an ad at `now` (lapsed and past ones left out). */
export async function bookedPeriods(adId: string, now: string): Promise<BookingHold[]> {
  return (await readCalendar(adId)).holds.filter((hold) => isLive(hold, now));
}

/** The calendar written with `holds`, conditioned on the revision read (or on its absence). */
const calendarPut = (adId: string, calendar: BookingCalendar, holds: BookingHold[]): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...calendarKey(adId),
      type: 'BookingCalendar',
      adId,
      holds: Object.fromEntries(holds.map((hold) => [hold.contractId, hold])),
      revision: (calendar.revision ?? 0) + 1,
    },
    ConditionExpression: calendar.revision === undefined ? 'attribute_not_exists(PK)' : 'revision = :revision',
    ...(calendar.revision !== undefined && { ExpressionAttributeValues: { ':revision': calendar.revision } }),
  },
});

/** Rounds of read-then-conditional-write before giving up on a calendar many writers are changing. */
const CALENDAR_TRIES = 60;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.min(100, 5 * attempt) + Math.random() * 25));

/**
 * A webhook's handling: the calendar it read along with its other reads (its first change starts from
 * it rather than reading it again), and the claim of its event, written with the change or not at all
 * (a refused claim is DataRefusal EVENT_CLAIMED: another delivery of the event handled it).
 */
export interface EventHandling {
  calendar?: BookingCalendar;
  claim?: TransactItem;
}

/**
 * Writes the calendar changed by `change` (null: nothing to write), with `alongWith` in the same
 * transaction; a calendar changed meanwhile is read again and `change` applied anew (the first round
 * starts from `readAhead` when it is this ad's). A refusal of `alongWith` items (their positions
 * there) is `onAlongWithRefused`'s to tell.
 */
async function changeCalendar(
  adId: string,
  change: (holds: BookingHold[]) => BookingHold[] | null,
  alongWith: TransactItem[],
  onAlongWithRefused: (refused: number[]) => DataRefusal,
  readAhead?: BookingCalendar,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const calendar = attempt === 1 && readAhead?.adId === adId ? readAhead : await readCalendar(adId);
    const holds = change(calendar.holds);
    if (!holds) return;
    try {
      await db().send(new TransactWriteCommand({ TransactItems: [calendarPut(adId, calendar, holds), ...alongWith] }));
      return;
    } catch (error) {
      const refused = failedConditionIndexes(error);
      if (refused.some((index) => index > 0)) throw onAlongWithRefused(refused.filter((index) => index > 0).map((index) => index - 1));
      if (!(refused.includes(0) || isTransactionConflict(error) || isConditionFailure(error)) || attempt >= CALENDAR_TRIES) throw error;
      await pause(attempt);
    }
  }
}

/**
 * Holds `period` on the ad for the contract, if the contract is still in `expected` (its status and
 * the version the tenant saw). DATES_TAKEN when a live hold of another contract overlaps it;
 * STALE_VERSION when the contract moved on. Placing the hold of a contract again replaces its own
 * (a retry, or a hold kept once paid with `expiresAt` null).
 */
export async function placeBookingHold(
  hold: BookingHold & { adId: string },
  expected: { status: ContractStatus; version: number },
  now: string,
): Promise<void> {
  const { adId, ...entry } = hold;
  const contractCheck: TransactItem = {
    ConditionCheck: {
      TableName: tableName(),
      Key: contractKey(hold.contractId),
      ConditionExpression: '#status = :status AND version = :version',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': expected.status, ':version': expected.version },
    },
  };
  await changeCalendar(
    adId,
    withHold(entry, now),
    [contractCheck],
    () => new DataRefusal('STALE_VERSION', 'The contract was changed meanwhile'),
  );
}

/** The calendar's holds with `entry` in place of its contract's own; DATES_TAKEN when another live hold overlaps it. */
const withHold = (entry: BookingHold, now: string) => (holds: BookingHold[]) => {
  const others = holds.filter((h) => h.contractId !== entry.contractId && isLive(h, now));
  if (others.some((h) => overlaps(h, entry))) throw new DataRefusal('DATES_TAKEN', 'These dates are held for another contract');
  return [...others, entry];
};

/**
 * Frees the hold payment attempt `attempt` placed, if the contract is still SUBMITTED at that attempt
 * and the hold is still that attempt's and not kept for good, in one transaction: the failure of an
 * attempt never frees the dates of a contract that a late payment event made PAID meanwhile, nor the
 * hold of a newer attempt. False when nothing was freed.
 */
export async function releaseAttemptHold(adId: string, contractId: string, attempt: number, now: string): Promise<boolean> {
  const contractCheck: TransactItem = {
    ConditionCheck: {
      TableName: tableName(),
      Key: contractKey(contractId),
      ConditionExpression: '#status = :submitted AND checkout.attempt = :attempt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':submitted': 'SUBMITTED', ':attempt': attempt },
    },
  };
  const ours = (h: BookingHold) => h.contractId === contractId && h.attempt === attempt && h.expiresAt !== null;
  let freed = false;
  try {
    await changeCalendar(
      adId,
      (holds) => {
        freed = holds.some(ours);
        return freed ? holds.filter((h) => !ours(h) && isLive(h, now)) : null;
      },
      [contractCheck],
      () => new DataRefusal('STALE_VERSION', 'The contract moved on from that attempt'),
    );
  } catch (error) {
    if (error instanceof DataRefusal && error.reason === 'STALE_VERSION') return false;
    throw error;
  }
  return freed;
}

const eventClaimed = () => new DataRefusal('EVENT_CLAIMED', 'The event was handled meanwhile');

/**
 * Writes `next` over the contract read as `before` and holds `hold` on its ad in one transaction: the
 * payment's PAID and the dates kept for good are written together or not at all (a SUBMITTED
 * contract never keeps a hold that does not lapse, and a later hold of a payment attempt can no longer
 * replace it), with the webhook event's claim. DATES_TAKEN or STALE_VERSION as placeBookingHold and
 * replaceContract; EVENT_CLAIMED (before any other) when another delivery of the event won it.
 */
export async function replaceContractHolding(
  before: ContractRecord,
  next: ContractRecord,
  hold: Omit<BookingHold, 'contractId'>,
  now: string,
  handling: EventHandling = {},
): Promise<ContractRecord> {
  const written = { ...next, revision: before.revision + 1 };
  const put: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: contractItem(written),
      ConditionExpression: 'attribute_exists(PK) AND revision = :revision',
      ExpressionAttributeValues: { ':revision': before.revision },
    },
  };
  await changeCalendar(
    before.adId,
    withHold({ ...hold, contractId: before.id }, now),
    handling.claim ? [put, handling.claim] : [put],
    // The claim, when given, follows the contract's put.
    (refused) => (refused.includes(1) ? eventClaimed() : new DataRefusal('STALE_VERSION', 'The contract was changed meanwhile')),
    handling.calendar,
  );
  return written;
}

/** What a change written without reading the contract first expects it to be (its conditions). */
export interface ContractExpectation {
  status: ContractStatus;
  version: number;
  totalPriceCents: number;
  ownerId: string;
  tenantId: string;
}

/** A payment as its provider's event tells it: the contract's new status, the payment and its step. */
export interface PaymentChange {
  status: ContractStatus;
  updatedAt: string;
  payment: ContractPaymentRecord;
  step: ContractStepRecord;
}

/**
 * The webhook's common case in one request, with no read before it: the contract `contractId` of
 * `adId` takes `change` (status, payment, one more step, revision + 1) if it is still as `expected`,
 * and its own hold on the ad, still live, is kept for good (`expiresAt` null, the calendar's revision
 * + 1: a writer that read it before is refused and reads again), in one TransactWriteItems with the
 * event's `claim` and `alongWith` (the job it schedules). No other contract's live hold can overlap a
 * live one of this contract (every hold is placed after checking the live ones), so keeping it needs
 * no overlap check. True when written; false when any condition refused it or another transaction
 * ran into it (nothing written: the caller reads and decides, replaceContractHolding); EVENT_CLAIMED
 * when the claim was refused (another delivery of the event won it).
 */
export async function payContractUnread(
  { contractId, adId }: { contractId: string; adId: string },
  expected: ContractExpectation,
  change: PaymentChange,
  now: string,
  { claim, alongWith = [] }: { claim: TransactItem; alongWith?: TransactItem[] },
): Promise<boolean> {
  const contract: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: contractKey(contractId),
      UpdateExpression:
        'SET #status = :paid, updatedAt = :at, payment = :payment, history = list_append(history, :step), revision = revision + :one',
      ConditionExpression:
        'attribute_exists(PK) AND #status = :expected AND version = :version AND content.totalPriceCents = :total AND ownerId = :owner AND tenantId = :tenant',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':paid': change.status,
        ':at': change.updatedAt,
        ':payment': change.payment,
        ':step': [change.step],
        ':one': 1,
        ':expected': expected.status,
        ':version': expected.version,
        ':total': expected.totalPriceCents,
        ':owner': expected.ownerId,
        ':tenant': expected.tenantId,
      },
    },
  };
  const calendar: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: calendarKey(adId),
      UpdateExpression: 'SET holds.#contract.expiresAt = :kept, revision = revision + :one',
      // A hold that lapsed (null or missing compares as false) is left to the read path, which places it again if the dates are free.
      ConditionExpression: 'holds.#contract.expiresAt > :now',
      ExpressionAttributeNames: { '#contract': contractId },
      ExpressionAttributeValues: { ':kept': null, ':one': 1, ':now': now },
    },
  };
  return writeUnread([contract, calendar, claim, ...alongWith], 2);
}

/**
 * The webhook's expiry of a session in one request, with no read before it: the contract's hold is
 * freed if the contract is still SUBMITTED with `sessionId` as its current attempt and holds dates on
 * the ad, with the event's `claim`. True when written; false when a condition refused it (the caller
 * reads and decides, releaseBookingHold); EVENT_CLAIMED as payContractUnread.
 */
export async function releaseHoldUnread(
  { contractId, adId, sessionId }: { contractId: string; adId: string; sessionId: string },
  claim: TransactItem,
): Promise<boolean> {
  const contract: TransactItem = {
    ConditionCheck: {
      TableName: tableName(),
      Key: contractKey(contractId),
      ConditionExpression: '#status = :submitted AND checkout.sessionId = :session',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':submitted': 'SUBMITTED', ':session': sessionId },
    },
  };
  const calendar: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: calendarKey(adId),
      UpdateExpression: 'REMOVE holds.#contract SET revision = revision + :one',
      ConditionExpression: 'attribute_exists(holds.#contract)',
      ExpressionAttributeNames: { '#contract': contractId },
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
  return writeUnread([contract, calendar, claim], 2);
}

/** A transaction written without a read before it: false when cancelled (nothing written), EVENT_CLAIMED when the claim at `claimIndex` was refused. */
async function writeUnread(items: TransactItem[], claimIndex: number): Promise<boolean> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (failedConditionIndexes(error).includes(claimIndex)) throw eventClaimed();
    if (error instanceof Error && error.name === 'TransactionCanceledException') return false;
    throw error;
  }
}

/**
 * Frees the contract's period on the ad (lapsed holds are dropped on the way), with the webhook
 * event's claim when one is given (EVENT_CLAIMED when another delivery won it); nothing is written
 * when it holds none.
 */
export async function releaseBookingHold(adId: string, contractId: string, now: string, handling: EventHandling = {}): Promise<void> {
  await changeCalendar(
    adId,
    (holds) => (holds.some((h) => h.contractId === contractId) ? holds.filter((h) => h.contractId !== contractId && isLive(h, now)) : null),
    handling.claim ? [handling.claim] : [],
    eventClaimed,
    handling.calendar,
  );
}
