// The numbered documents of paid contracts (issue 39 §4): the owner's receipt to the tenant, the
// platform's fee invoice to the owner, and the credit notes of either. Each is an item of its contract
// `CONTRACT#<id>/DOCUMENT#<documentId>`, written once (`attribute_not_exists`) and never changed: what
// it says (both organisations, amounts, taxes, references) is fixed when it is issued.
//
// Numbers run without a gap per issuer and calendar year: a counter item per issuer and year
// `DOCUMENT_SEQUENCE#<issuer>#<year>/SEQUENCE` holds the last number given. A document is written in
// one transaction with its counter's update `SET last = <read + 1>` conditioned on `last` still being
// the number read: a number is taken only together with the document that bears it (a crash takes
// none), and of two documents numbered at once from the same reading, one is refused and numbered
// again (consecutive numbers, never the same one twice). A retry of an issuance finds its document
// written (its own condition refuses it) and takes no second number.

import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ContractDocumentKind, DatePrecision, LocalizedText, SalesTaxRates, TaxBreakdown } from '@partage/graphql';
import { batchGet, db, isConditionFailure, isTransactionConflict, queryPages, tableName, type TransactItem } from './client';
import { DataRefusal } from './errors';

/** Who issues a series: the platform, or an owner's organisation (its account). */
export type DocumentIssuerKey = 'PLATFORM' | `OWNER#${string}`;

const DOCUMENT_SK_PREFIX = 'DOCUMENT#';
const documentKey = (contractId: string, documentId: string) => ({
  PK: `CONTRACT#${contractId}`,
  SK: `${DOCUMENT_SK_PREFIX}${documentId}`,
});
const sequenceKey = (issuer: DocumentIssuerKey, year: number) => ({ PK: `DOCUMENT_SEQUENCE#${issuer}#${year}`, SK: 'SEQUENCE' });
/** GSI1 and GSI2: an issuer's documents and a recipient's, by time of issue (the books' export reads them by period). */
const issuedByPartition = (issuer: DocumentIssuerKey) => `DOCUMENTS_BY#${issuer}`;
const issuedToPartition = (recipientId: string) => `DOCUMENTS_TO#${recipientId}`;

/** An organisation as a document names it, as it was when the document was issued. */
export interface DocumentPartyRecord {
  /** Null for the platform. */
  userId: string | null;
  /** The organisation's name (else the person's public name); null for a platform that configured none. */
  name: string | null;
  address: string | null;
  postalCode: string | null;
  /** The Quebec enterprise number (NEQ), when the organisation gave it. */
  neq: string | null;
  gstNumber: string | null;
  qstNumber: string | null;
}

export interface ContractDocumentRecord {
  /** Unique within its contract: `receipt`, `fee-invoice`, `credit-<n>`, `fee-credit-<n>`. */
  id: string;
  contractId: string;
  kind: ContractDocumentKind;
  issuer: DocumentIssuerKey;
  /** `<prefix>-<year>-<sequence on 6 digits>`. */
  number: string;
  year: number;
  sequence: number;
  issuedAt: string;
  /** A credit note's original document. */
  refersTo: { id: string; number: string } | null;
  seller: DocumentPartyRecord;
  buyer: DocumentPartyRecord;
  /** What it bills: the rental, or the platform's fee. */
  line: 'RENTAL' | 'PLATFORM_FEE';
  /** Charged (receipt, invoice) or credited (credit note), positive: base + GST + QST = total. */
  amounts: TaxBreakdown;
  /** The rates of the contract version's day; null when the seller collects no taxes. */
  rates: SalesTaxRates | null;
  contractVersion: number;
  adTitle: LocalizedText;
  period: { precision: DatePrecision; start: string; end: string; startAt: string; endAt: string };
  payment: { paidAt: string; reference: string };
  /** A credit note's cause: the provider's refund id, or the dispute lost, or the charge's refunded total (null reference). */
  credit: { cause: 'REFUND' | 'CHARGEBACK'; reference: string | null } | null;
}

const documentOf = (item: Record<string, unknown>): ContractDocumentRecord => {
  const { PK: _pk, SK: _sk, type: _type, GSI1PK: _a, GSI1SK: _b, GSI2PK: _c, GSI2SK: _d, ...record } = item;
  return record as unknown as ContractDocumentRecord;
};

/** A contract's documents, in the order they were issued (consistent: an issuance reads what it builds on). */
export async function contractDocuments(contractId: string): Promise<ContractDocumentRecord[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': `CONTRACT#${contractId}`, ':prefix': DOCUMENT_SK_PREFIX },
      ConsistentRead: true,
    }),
  );
  return Items.map(documentOf).sort((a, b) => a.issuedAt.localeCompare(b.issuedAt) || a.number.localeCompare(b.number));
}

/**
 * The documents an issuer issued, or those addressed to a user, in [fromAt, toAt) (ISO instants), by
 * time of issue: the books' export (issue 39 §5) reads a period of an organisation's.
 */
export async function documentsIssued(
  by: { issuer: DocumentIssuerKey } | { recipientId: string },
  fromAt: string,
  toAt: string,
): Promise<ContractDocumentRecord[]> {
  const [index, partition] = 'issuer' in by ? ['GSI1', issuedByPartition(by.issuer)] : ['GSI2', issuedToPartition(by.recipientId)];
  const documents: ContractDocumentRecord[] = [];
  for await (const items of queryPages({
    IndexName: index,
    KeyConditionExpression: `${index}PK = :pk AND ${index}SK BETWEEN :from AND :to`,
    // `<issuedAt>#<number>`: every key of an instant before toAt sorts before `toAt` itself.
    ExpressionAttributeValues: { ':pk': partition, ':from': fromAt, ':to': toAt },
  }))
    documents.push(...items.map(documentOf).filter((document) => document.issuedAt < toAt));
  return documents;
}

/** Some documents of several contracts at once (those that exist): a dashboard page's receipts and invoices. */
export async function getContractDocuments(keys: { contractId: string; documentId: string }[]): Promise<ContractDocumentRecord[]> {
  return (await batchGet(keys.map(({ contractId, documentId }) => documentKey(contractId, documentId)))).map(documentOf);
}

/** The last number given in each series (0 for a series not started), read consistently. */
export async function lastNumbers(series: { issuer: DocumentIssuerKey; year: number }[]): Promise<Map<string, number>> {
  const items = await batchGet(
    series.map(({ issuer, year }) => sequenceKey(issuer, year)),
    { consistent: true },
  );
  const last = new Map(items.map((item) => [item.PK as string, item.last as number]));
  return new Map(series.map(({ issuer, year }) => [seriesName(issuer, year), last.get(sequenceKey(issuer, year).PK) ?? 0]));
}

/** A series' name in the map lastNumbers answers. */
export const seriesName = (issuer: DocumentIssuerKey, year: number): string => sequenceKey(issuer, year).PK;

/**
 * Writes `documents` (numbered from `last`, the series' last numbers as read) and moves each series'
 * counter to its last document's number, in one transaction: each counter conditioned on the number
 * read, each document on its absence. STALE_VERSION (nothing written) when a counter moved meanwhile,
 * a document exists already, or another transaction wrote the same items: the caller reads again.
 */
export async function putNumberedDocuments(documents: ContractDocumentRecord[], last: Map<string, number>): Promise<void> {
  const counters = new Map<string, { issuer: DocumentIssuerKey; year: number; to: number }>();
  for (const document of documents) {
    const name = seriesName(document.issuer, document.year);
    counters.set(name, { issuer: document.issuer, year: document.year, to: Math.max(document.sequence, counters.get(name)?.to ?? 0) });
  }
  const items: TransactItem[] = [
    ...[...counters].map(([name, { issuer, year, to }]): TransactItem => {
      const read = last.get(name) ?? 0;
      return {
        Update: {
          TableName: tableName(),
          Key: sequenceKey(issuer, year),
          UpdateExpression: 'SET #last = :to, #type = :type',
          ConditionExpression: read === 0 ? 'attribute_not_exists(PK)' : '#last = :read',
          ExpressionAttributeNames: { '#last': 'last', '#type': 'type' },
          ExpressionAttributeValues: { ':to': to, ':type': 'DocumentSequence', ...(read === 0 ? {} : { ':read': read }) },
        },
      };
    }),
    ...documents.map((document): TransactItem => ({
      Put: {
        TableName: tableName(),
        Item: {
          ...documentKey(document.contractId, document.id),
          type: 'ContractDocument',
          GSI1PK: issuedByPartition(document.issuer),
          GSI1SK: `${document.issuedAt}#${document.number}`,
          ...(document.buyer.userId
            ? { GSI2PK: issuedToPartition(document.buyer.userId), GSI2SK: `${document.issuedAt}#${document.number}` }
            : {}),
          ...document,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    })),
  ];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (isConditionFailure(error) || isTransactionConflict(error))
      throw new DataRefusal('STALE_VERSION', 'A series moved on, or a document was issued, meanwhile');
    throw error;
  }
}
