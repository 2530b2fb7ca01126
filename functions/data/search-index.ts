// The ad search index (functions/domain/search): one search entry per published, listed ad — what a
// result card needs plus the fields filters read — and one term posting per keyword stem of the ad
// (`TERM#<stem>`, by publication time: one write each, no secondary index).
// The domain computes both; this module maps them to items and reads them back. The entry is written
// in the ad's own transaction (ads.ts), the postings around it (functions/domain/search/indexed-writes.ts).

import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AdCategory, Certification, OfferMode, PriceKind, PriceRange, RentUnit, Weekday } from '@partage/graphql';
import type { AdImageRecord, LocalizedValue } from './ads';
import { batchGet, db, tableName, type TransactItem } from './client';
import {
  geoCellPartition,
  geoRecentPartition,
  ratedPartition,
  recentPartition,
  searchEntryIndexKeys,
  searchEntryKey,
  termPartition,
  termPostingKey,
} from './keys';

export interface OfferPriceRecord {
  kind: PriceKind;
  amountCents: number | null;
  range: PriceRange | null;
  /** Rent only; absent on entries written before units existed (issue 23). */
  unit?: RentUnit | null;
}

export interface SearchEntry {
  id: string;
  path: string;
  title: LocalizedValue;
  category: AdCategory;
  town: string;
  /** The public point (never a hidden address): distances are measured from it. */
  latitude: number;
  longitude: number;
  radiusMeters: number;
  /** Its 9-character geohash. */
  geohash: string;
  image: AdImageRecord | null;
  rent: OfferPriceRecord | null;
  sale: OfferPriceRecord | null;
  trade: boolean;
  donation: boolean;
  publishedAt: string;
  modes: OfferMode[];
  availability: { all: boolean; day: boolean; evening: boolean; weekdays: Weekday[] };
  certifications: Certification[];
  /** The buckets of its rent and sale prices. */
  priceRanges: PriceRange[];
  /** Its keyword stems (functions/domain/search/terms.ts). */
  terms: string[];
}

/** A keyword stem of one ad, with what orders candidates before their entries are read. */
export interface TermPosting {
  id: string;
  publishedAt: string;
  latitude: number;
  longitude: number;
}

const ENTRY_FIELDS = [
  'id',
  'path',
  'title',
  'category',
  'town',
  'latitude',
  'longitude',
  'radiusMeters',
  'geohash',
  'image',
  'rent',
  'sale',
  'trade',
  'donation',
  'publishedAt',
  'modes',
  'availability',
  'certifications',
  'priceRanges',
  'terms',
] as const satisfies readonly (keyof SearchEntry)[];

/** The entry's item with its three index keys (exported for bulk loads: the benchmark). */
export const searchEntryItem = (entry: SearchEntry): Record<string, unknown> => ({
  ...searchEntryKey(entry.id),
  type: 'SearchEntry',
  ...searchEntryIndexKeys(entry.geohash, entry.publishedAt, entry.id),
  ...entry,
});

export const searchEntryOfItem = (item: Record<string, unknown>): SearchEntry =>
  Object.fromEntries(ENTRY_FIELDS.map((field) => [field, item[field]])) as unknown as SearchEntry;

/** Inside the ad's transaction: the entry written, or removed when the ad leaves the search (null). */
export const searchEntryWrite = (adId: string, entry: SearchEntry | null): TransactItem =>
  entry
    ? { Put: { TableName: tableName(), Item: searchEntryItem(entry) } }
    : { Delete: { TableName: tableName(), Key: searchEntryKey(adId) } };

/** A posting's item (exported for bulk loads: the benchmark). */
export const termPostingItem = (entry: Pick<SearchEntry, 'id' | 'publishedAt' | 'latitude' | 'longitude'>, term: string) => ({
  ...termPostingKey(term, entry.publishedAt, entry.id),
  type: 'TermPosting',
  id: entry.id,
  publishedAt: entry.publishedAt,
  latitude: entry.latitude,
  longitude: entry.longitude,
});

const BATCH_WRITE_LIMIT = 25;

async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < requests.length; start += BATCH_WRITE_LIMIT) {
    let pending = requests.slice(start, start + BATCH_WRITE_LIMIT);
    while (pending.length > 0) {
      const { UnprocessedItems } = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending as never } }));
      pending = (UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined) ?? [];
    }
  }
}

export const putTermPostings = (entry: SearchEntry, terms: string[]) =>
  batchWrite(terms.map((term) => ({ PutRequest: { Item: termPostingItem(entry, term) } })));

/** Deletes the postings of `terms` an entry (as it was written: its publication time is in their keys) had. */
export const deleteTermPostings = (entry: Pick<SearchEntry, 'id' | 'publishedAt'>, terms: string[]) =>
  batchWrite(terms.map((term) => ({ DeleteRequest: { Key: termPostingKey(term, entry.publishedAt, entry.id) } })));

/** The ad's entry as last written (a strongly consistent read); undefined when it is out of the search. */
export async function getSearchEntry(adId: string): Promise<SearchEntry | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: searchEntryKey(adId), ConsistentRead: true }));
  return Item && searchEntryOfItem(Item);
}

/** Entries of these ads, those that exist (an ad out of the search has none), in no particular order. */
export async function getSearchEntries(adIds: string[]): Promise<SearchEntry[]> {
  return (await batchGet(adIds.map(searchEntryKey))).map(searchEntryOfItem);
}

/** Where a partial read of an index stopped: pass it back to go on. */
export type IndexStartKey = Record<string, unknown>;

export interface EntryPage {
  entries: SearchEntry[];
  /** The last entry's keys when more may follow. */
  startKey?: IndexStartKey;
}

const entryPage = (items: Record<string, unknown>[] | undefined, last?: IndexStartKey): EntryPage => ({
  entries: (items ?? []).map(searchEntryOfItem),
  startKey: last,
});

/** Entries of a geohash cell (of GEO_CELL_PRECISION characters or finer), in geohash order. */
export async function entriesInCell(cell: string, limit: number, startKey?: IndexStartKey): Promise<EntryPage> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :cell)',
      ExpressionAttributeValues: { ':pk': geoCellPartition(cell), ':cell': cell },
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return entryPage(page.Items, page.LastEvaluatedKey);
}

/** A partition of the date orders: a RECENT shard (GSI2) or a GEO_RECENT cell (GSI3). */
export type PublicationPartition = { shard: number } | { geoRecentCell: string };

/**
 * Entries of a date partition in publication order, strictly after `after` (a publicationSortKey)
 * in that order.
 */
export async function entriesByPublication(
  partition: PublicationPartition,
  { ascending, after, limit, startKey }: { ascending: boolean; after?: string; limit: number; startKey?: IndexStartKey },
): Promise<EntryPage> {
  const [index, pk] =
    'shard' in partition ? ['GSI2', recentPartition(partition.shard)] : ['GSI3', geoRecentPartition(partition.geoRecentCell)];
  const bound = after === undefined ? '' : ` AND ${index}SK ${ascending ? '>' : '<'} :after`;
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk${bound}`,
      ExpressionAttributeValues: { ':pk': pk, ...(after === undefined ? {} : { ':after': after }) },
      ScanIndexForward: ascending,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return entryPage(page.Items, page.LastEvaluatedKey);
}

/** A rated ad in the rating order: its sort key (keys.ts ratingSortKey) and id. */
export interface RatedPosition {
  key: string;
  id: string;
}

/**
 * A shard of the rating order (the equipment aggregates of the rated ads in the search), best first,
 * strictly after `after` (a ratingSortKey) in that order; only the keys are read (the entries are
 * fetched for the ads a page needs).
 */
export async function ratedByAverage(
  shard: number,
  { after, limit, startKey }: { after?: string; limit: number; startKey?: IndexStartKey },
): Promise<{ items: RatedPosition[]; startKey?: IndexStartKey }> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: `GSI2PK = :pk${after === undefined ? '' : ' AND GSI2SK < :after'}`,
      ExpressionAttributeValues: { ':pk': ratedPartition(shard), ...(after === undefined ? {} : { ':after': after }) },
      ProjectionExpression: 'PK, GSI2SK',
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  const items = (page.Items ?? []).map((item) => ({ key: String(item.GSI2SK), id: String(item.PK).slice('AD#'.length) }));
  return { items, startKey: page.LastEvaluatedKey };
}

/** The postings of a stem, at most `limit`; `complete` when that was all of them. */
export async function termPostings(term: string, limit: number): Promise<{ postings: TermPosting[]; complete: boolean }> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': termPartition(term) },
      ProjectionExpression: 'id, publishedAt, latitude, longitude',
      Limit: limit,
    }),
  );
  const postings = (page.Items ?? []).map(
    ({ id, publishedAt, latitude, longitude }) => ({ id, publishedAt, latitude, longitude }) as TermPosting,
  );
  return { postings, complete: !page.LastEvaluatedKey };
}

/** A published ad as the sitemap lists it. */
export interface PublishedAdLink {
  path: string;
  publishedAt: string;
}

/**
 * Published ads of one date shard, newest first, only their path and publication time (the sitemap):
 * a page of the RECENT partition with a projection, `startKey` to go on.
 */
export async function publishedAdLinks(
  shard: number,
  { limit, startKey }: { limit: number; startKey?: IndexStartKey },
): Promise<{ links: PublishedAdLink[]; startKey?: IndexStartKey }> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': recentPartition(shard) },
      ExpressionAttributeNames: { '#path': 'path' },
      ProjectionExpression: '#path, publishedAt',
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  const links = (page.Items ?? []).map(({ path, publishedAt }) => ({ path, publishedAt }) as PublishedAdLink);
  return { links, startKey: page.LastEvaluatedKey };
}
