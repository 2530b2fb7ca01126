// The ad search index (functions/domain/search): one search card per published, listed ad — what a
// result card shows plus the fields filters read — and its compact points (~100 bytes: the point,
// publication time, price and filter fields) in the partitions the engine reads: by geohash per scope
// (all ads, a category, a keyword stem), by date and by price per scope, and the counts of each
// scope's cells. The domain computes them (search-points.ts); this module maps them to items and
// reads them back. The card is written in the ad's own transaction (ads.ts), the points and counts
// around it (functions/domain/search/indexed-writes.ts).

import { GetCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AdCategory, Certification, OfferMode, PriceKind, PriceRange, RentUnit, TaxMode, Weekday } from '@partage/graphql';
import type { AdImageRecord, LocalizedValue } from './ads';
import {
  batchGet,
  batchWrite,
  db,
  isConditionFailure,
  retrying,
  tableName,
  wireQueryAll,
  wireQueryPage,
  type TransactItem,
  type WireItem,
} from './client';
import {
  cellCountKey,
  cellVersionKey,
  orderPartition,
  pointPartition,
  ratedPartition,
  recentPartition,
  searchEntryIndexKeys,
  searchEntryKey,
  type PointOrder,
} from './keys';

export interface OfferPriceRecord {
  kind: PriceKind;
  amountCents: number | null;
  range: PriceRange | null;
  /** Rent only; absent on entries written before units existed (issue 23). */
  unit?: RentUnit | null;
  /** The ad's; absent on entries written before tax modes (issue 39), which read ADDED. */
  taxMode?: TaxMode | null;
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

/** What the engine reads of an ad before its card: where, when, its price and what the filters read. */
export interface SearchPoint {
  id: string;
  latitude: number;
  longitude: number;
  publishedAt: string;
  category: AdCategory;
  modes: OfferMode[];
  availability: SearchEntry['availability'];
  certifications: Certification[];
  priceRanges: PriceRange[];
  /** The price orders' amount: one day's price of the rent, else the sale's, 0 for a donation (search-points.ts priceCentsOf). */
  priceCents: number | null;
  /** The ad's stems, on the points of a stem's scope only (a keyword's other words are checked on them); else empty. */
  terms: string[];
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

/** The card's item, in its date shard (exported for bulk loads: the benchmark). */
export const searchEntryItem = (entry: SearchEntry): Record<string, unknown> => ({
  ...searchEntryKey(entry.id),
  type: 'SearchEntry',
  ...searchEntryIndexKeys(entry.publishedAt, entry.id),
  ...entry,
});

export const searchEntryOfItem = (item: Record<string, unknown>): SearchEntry =>
  Object.fromEntries(ENTRY_FIELDS.map((field) => [field, item[field]])) as unknown as SearchEntry;

/** Inside the ad's transaction: the entry written, or removed when the ad leaves the search (null). */
export const searchEntryWrite = (adId: string, entry: SearchEntry | null): TransactItem =>
  entry
    ? { Put: { TableName: tableName(), Item: searchEntryItem(entry) } }
    : { Delete: { TableName: tableName(), Key: searchEntryKey(adId) } };

const join = (values: readonly string[]) => values.join(',');
const split = <T extends string>(text: unknown): T[] => (typeof text === 'string' && text ? (text.split(',') as T[]) : []);

/** Availability in a few characters: `*` at any time, else day/evening flags and the weekdays. */
const availabilityText = ({ all, day, evening, weekdays }: SearchEntry['availability']) =>
  all ? '*' : `${day ? 'd' : ''}${evening ? 'e' : ''}|${join(weekdays)}`;
function availabilityOf(text: string): SearchEntry['availability'] {
  if (text === '*') return { all: true, day: false, evening: false, weekdays: [] };
  const [flags = '', weekdays] = text.split('|');
  return { all: false, day: flags.includes('d'), evening: flags.includes('e'), weekdays: split<Weekday>(weekdays) };
}

const POINT_SEPARATOR = ';';

/**
 * A point's item: its fields in one string attribute (`d`), its stems (on a stem's points) in `w`. One
 * attribute, not ten: the SDK parses a response with a JSON reviver that costs by the value, and a page
 * of points decodes five times faster so (1,768 points: 17 ms of CPU as ten attributes, 2 as one).
 */
export const pointItem = (key: Record<string, string>, point: SearchPoint): Record<string, unknown> => ({
  ...key,
  d: [
    point.id,
    point.latitude,
    point.longitude,
    point.publishedAt,
    point.category,
    join(point.modes),
    availabilityText(point.availability),
    join(point.certifications),
    join(point.priceRanges),
    point.priceCents ?? '',
  ].join(POINT_SEPARATOR),
  ...(point.terms.length ? { w: point.terms.join(' ') } : {}),
});

/** A point from its `d` and `w` (none of its fields holds the separator: ids, numbers, dates, enums). */
export function pointOf(fields: string, stems: string | undefined): SearchPoint {
  const [id, latitude, longitude, publishedAt, category, modes, availability, certifications, priceRanges, priceCents] =
    fields.split(POINT_SEPARATOR);
  return {
    id: id!,
    latitude: Number(latitude),
    longitude: Number(longitude),
    publishedAt: publishedAt!,
    category: category as AdCategory,
    modes: split<OfferMode>(modes),
    availability: availabilityOf(availability!),
    certifications: split<Certification>(certifications),
    priceRanges: split<PriceRange>(priceRanges),
    priceCents: priceCents ? Number(priceCents) : null,
    terms: stems ? stems.split(' ') : [],
  };
}

export const putItems = (items: Record<string, unknown>[]) => batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
export const deleteItems = (keys: Record<string, unknown>[]) => batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));

/** Additions to a scope's cell counts: the item of `prefix`, its total (`n`) and its finer cells (`c<suffix>`). */
export interface CountChange {
  scope: string;
  prefix: string;
  /** Attribute → amount to add (negative to take away). */
  amounts: Record<string, number>;
}

/**
 * A count item holds its finer cells' counts in one string attribute, `cells` (`<suffix>:<count>`, by
 * suffix, space-separated), not one number attribute each: DynamoDB Local loads an item attribute by
 * attribute, and farthest first in Montréal reads 43 count items of ~4,000 counts between them (11.5 ms
 * of its CPU as attributes, 4.3 ms as strings; the search's Node 5 ms against 1.8). A string cannot be
 * added to, so a change is read, then written on the condition that the item still holds what was read
 * (its counts alone say what it is: equal counts read again give the same sum).
 */
const CELL_COUNT_SEPARATOR = ' ';

/** The counts (`n`, `c<suffix>`) of a count item's total and `cells` text. */
function countsOfCells(total: number, cells: string): Record<string, number> {
  const counts: Record<string, number> = { n: total };
  for (const pair of cells.split(CELL_COUNT_SEPARATOR)) {
    const colon = pair.indexOf(':');
    if (colon > 0) counts[`c${pair.slice(0, colon)}`] = Number(pair.slice(colon + 1));
  }
  return counts;
}

/** A count item's fields from its counts: the finer cells holding anything, by suffix. */
const countFields = (counts: Record<string, number>) => ({
  n: counts.n ?? 0,
  cells: Object.keys(counts)
    .filter((name) => name !== 'n' && counts[name] !== 0)
    .sort()
    .map((name) => `${name.slice(1)}:${counts[name]}`)
    .join(CELL_COUNT_SEPARATOR),
});

const COUNT_WRITES_IN_FLIGHT = 16;
/**
 * A count item written by another process meanwhile is read again, after a random wait that grows with the
 * tries (full jitter): a scope's item takes the changes of every publication, from every Lambda container.
 */
const COUNT_WRITE_TRIES = 40;
const COUNT_RETRY_MAX_WAIT_MS = 100;

/** Adds changes to a count item: read (strongly), then written if no other change came between. */
async function writeCount({ scope, prefix, amounts }: CountChange): Promise<void> {
  const key = cellCountKey(scope, prefix);
  await retrying(
    async () => {
      const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
      if (Item && Item.cells === undefined) throw legacyCountsError();
      const counts = Item ? countsOfCells(Item.n as number, Item.cells as string) : {};
      for (const [name, amount] of Object.entries(amounts)) counts[name] = (counts[name] ?? 0) + amount;
      const { n, cells } = countFields(counts);
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET n = :n, cells = :cells',
          ConditionExpression: Item ? 'n = :readN AND cells = :readCells' : 'attribute_not_exists(PK)',
          ExpressionAttributeValues: { ':n': n, ':cells': cells, ...(Item ? { ':readN': Item.n, ':readCells': Item.cells } : {}) },
        }),
      );
    },
    {
      retryable: isConditionFailure,
      tries: COUNT_WRITE_TRIES,
      waitMs: (attempt) => Math.random() * Math.min(COUNT_RETRY_MAX_WAIT_MS, 2 ** attempt),
    },
  );
}

/** Changes to one count item waiting for its write in flight to end, summed (`change`); and their write. */
const nextCountWrite = new Map<string, { change: CountChange; written: Promise<void> }>();
const countWriteInFlight = new Map<string, Promise<void>>();

/**
 * Adds a change to its count item. Changes to one item in this process are written together: those asked
 * while a write of the item is in flight wait for it, summed, and go in the next one. Without that, ads
 * published at once in one process (the local host, the tests) refused each other's writes: 12,706
 * refused for 2,579 changes in the search tests. Writes from other processes still meet the condition.
 */
function addToCount(change: CountChange): Promise<void> {
  const key = `${change.scope} ${change.prefix}`;
  const waiting = nextCountWrite.get(key);
  if (waiting) {
    const { amounts } = waiting.change;
    for (const [name, amount] of Object.entries(change.amounts)) amounts[name] = (amounts[name] ?? 0) + amount;
    return waiting.written;
  }
  const previous = countWriteInFlight.get(key) ?? Promise.resolve();
  const batch = { scope: change.scope, prefix: change.prefix, amounts: { ...change.amounts } };
  const written = previous
    .catch(() => {})
    .then(() => {
      // From here on, changes wait for the next write: this one's amounts are final.
      nextCountWrite.delete(key);
      return writeCount(batch);
    });
  nextCountWrite.set(key, { change: batch, written });
  countWriteInFlight.set(key, written);
  const forget = () => {
    if (countWriteInFlight.get(key) === written) countWriteInFlight.delete(key);
  };
  written.then(forget, forget);
  return written;
}

/** Each change added to its count item (created at its first addition); a few in flight at once. */
export async function addToCounts(changes: CountChange[]): Promise<void> {
  for (let start = 0; start < changes.length; start += COUNT_WRITES_IN_FLIGHT) {
    await Promise.all(changes.slice(start, start + COUNT_WRITES_IN_FLIGHT).map(addToCount));
  }
}

/** A count item as stored, from its counts (for bulk loads: the seeds, the re-index, the benchmark). */
export const cellCountItem = (scope: string, prefix: string, counts: Record<string, number>) => ({
  ...cellCountKey(scope, prefix),
  ...countFields(counts),
});

/** What reading an index item written before its present format says to the operator, not a TypeError. */
const reindexNeeded = (what: string) => new Error(`${what}: re-index the table (npm run reindex:search, docs/search.md).`);
const legacyCountsError = () => reindexNeeded('A search count item of an earlier format (no `cells`)');

/** A count item's scope, prefix and counts, from the wire. */
function countsOfWire(item: WireItem) {
  if (item.cells === undefined) throw legacyCountsError();
  const sortKey = item.SK!.S!;
  return {
    scope: item.PK!.S!.slice('PTN#'.length),
    prefix: sortKey === '*' ? '' : sortKey,
    counts: countsOfCells(Number(item.n!.N), item.cells!.S!),
  };
}

/** The count items of these (scope, prefix) pairs that exist, keyed `<scope> <prefix>` (no item: every count 0). */
export const getCellCounts = async (wanted: { scope: string; prefix: string }[]): Promise<Map<string, Record<string, number>>> =>
  (await getCountsAndVersions(wanted, [])).counts;

/** getCellCounts, and in the same request the versions of these point partitions' cells (0 for one never written). */
export async function getCountsAndVersions(
  wanted: { scope: string; prefix: string }[],
  cells: string[],
): Promise<{ counts: Map<string, Record<string, number>>; versions: Map<string, number> }> {
  const versionKeys = cells.map(cellVersionKey);
  const items = (await batchGet([...wanted.map(({ scope, prefix }) => cellCountKey(scope, prefix)), ...versionKeys], {
    wire: true,
  })) as WireItem[];
  const counts = new Map<string, Record<string, number>>();
  const versions = new Map(versionKeys.map((key) => [key.PK.slice(VERSION_PREFIX.length), 0]));
  for (const item of items) {
    const partition = item.PK!.S!;
    if (partition.startsWith(VERSION_PREFIX)) versions.set(partition.slice(VERSION_PREFIX.length), Number(item.v!.N));
    else {
      const { scope, prefix, counts: itemCounts } = countsOfWire(item);
      counts.set(`${scope} ${prefix}`, itemCounts);
    }
  }
  return { counts, versions };
}

const VERSION_PREFIX = cellVersionKey('').PK;

/**
 * Raises the versions of these point partitions' cells: after a write of points there, so that a search
 * process that kept the points it read before reads them again (functions/domain/search/point-cache.ts).
 */
export async function raiseCellVersions(cells: string[]): Promise<void> {
  const keys = new Map(cells.map(cellVersionKey).map((key) => [key.PK, key]));
  await Promise.all(
    [...keys.values()].map((Key) =>
      db().send(
        new UpdateCommand({ TableName: tableName(), Key, UpdateExpression: 'ADD v :one', ExpressionAttributeValues: { ':one': 1 } }),
      ),
    ),
  );
}

/** Every count item of a scope, by prefix (a stem's scope: one item per 3-character cell holding its points), all pages. */
export async function scopeCountItems(scope: string): Promise<Map<string, Record<string, number>>> {
  const items = await wireQueryAll({ condition: 'PK = :pk', values: { ':pk': cellCountKey(scope, '').PK } });
  return new Map(
    items.map((item) => {
      const { prefix, counts } = countsOfWire(item);
      return [prefix, counts];
    }),
  );
}

/** What the engine reads of a point: not its keys, its stems (`w`) only when asked. */
const POINT_ATTRIBUTES = ['d'];
const POINT_ATTRIBUTES_WITH_STEMS = ['d', 'w'];

function pointOfWire(item: WireItem): SearchPoint {
  if (item.d?.S === undefined) throw reindexNeeded('A search point without its fields (`d`)');
  return pointOf(item.d.S, item.w?.S);
}

/**
 * Every point of a scope whose geohash lies between two cells (inclusive, `last`'s sub-cells too), all
 * pages; without their stems (`terms` empty) unless `stems`; strongly consistent when asked (points a
 * search process keeps under the version it read: an eventually consistent read could be older than it).
 */
export async function pointsBetween(
  scope: string,
  first: string,
  last: string,
  { stems = true, consistent = false } = {},
): Promise<SearchPoint[]> {
  const items = await wireQueryAll({
    condition: 'PK = :pk AND SK BETWEEN :first AND :last',
    values: { ':pk': pointPartition(scope, first), ':first': first, ':last': `${last}~` },
    attributes: stems ? POINT_ATTRIBUTES_WITH_STEMS : POINT_ATTRIBUTES,
    consistent,
  });
  return items.map(pointOfWire);
}

/** The ad's card as last written (a strongly consistent read); undefined when it is out of the search. */
export async function getSearchEntry(adId: string): Promise<SearchEntry | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: searchEntryKey(adId), ConsistentRead: true }));
  return Item && searchEntryOfItem(Item);
}

/** The card's fields less its stems (a keyword's ~30 words): what a result shows and the other filters read. */
const SHOWN_FIELDS = ENTRY_FIELDS.filter((field) => field !== 'terms');

/**
 * Cards of these ads, those that exist (an ad out of the search has none), in no particular order; their
 * stems only `withTerms` (else empty): a card is a third lighter to read without them.
 */
export async function getSearchEntries(adIds: string[], { withTerms = false } = {}): Promise<SearchEntry[]> {
  const items = await batchGet(adIds.map(searchEntryKey), { attributes: withTerms ? ENTRY_FIELDS : SHOWN_FIELDS });
  return items.map((item) => searchEntryOfItem({ terms: [], ...item }));
}

/** Where a partial read of a partition stopped: pass it back to go on. */
export type IndexStartKey = Record<string, unknown>;

/**
 * A page of a date or price partition in its sort key's order, sort keys from `low` to `high`
 * (inclusive), `exclude` (the token's own key, an inclusive bound) left out.
 */
export async function orderedPoints(
  order: PointOrder,
  scope: string,
  cell: string,
  {
    ascending,
    low,
    high,
    exclude,
    limit,
    startKey,
  }: { ascending: boolean; low: string; high: string; exclude?: string; limit?: number; startKey?: IndexStartKey },
): Promise<{ points: { sortKey: string; point: SearchPoint }[]; startKey?: IndexStartKey }> {
  const page = await wireQueryPage({
    condition: 'PK = :pk AND SK BETWEEN :low AND :high',
    values: { ':pk': orderPartition(order, scope, cell), ':low': low, ':high': high },
    attributes: [...POINT_ATTRIBUTES, 'SK'],
    ascending,
    limit,
    startKey,
  });
  const points = page.items.filter((item) => item.SK!.S !== exclude).map((item) => ({ sortKey: item.SK!.S!, point: pointOfWire(item) }));
  return { points, startKey: page.startKey };
}

export interface EntryPage {
  entries: SearchEntry[];
  /** The last entry's keys when more may follow. */
  startKey?: IndexStartKey;
}

/**
 * Cards of a date shard in publication order, strictly after `after` (a publicationSortKey) in that
 * order (the alerts' digest walks them).
 */
export async function entriesByPublication(
  shard: number,
  { ascending, after, limit, startKey }: { ascending: boolean; after?: string; limit: number; startKey?: IndexStartKey },
): Promise<EntryPage> {
  const bound = after === undefined ? '' : ` AND GSI2SK ${ascending ? '>' : '<'} :after`;
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: `GSI2PK = :pk${bound}`,
      ExpressionAttributeValues: { ':pk': recentPartition(shard), ...(after === undefined ? {} : { ':after': after }) },
      ScanIndexForward: ascending,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { entries: (page.Items ?? []).map(searchEntryOfItem), startKey: page.LastEvaluatedKey };
}

/** A rated ad in the rating order: its sort key (keys.ts ratingSortKey) and id. */
export interface RatedPosition {
  key: string;
  id: string;
  /** The ad's geohash (absent from an aggregate last written before it was kept there). */
  geohash?: string;
}

/**
 * A shard of the rating order (the equipment aggregates of the rated ads in the search), best first,
 * strictly after `after` (a ratingSortKey) in that order; only the keys and the ad's geohash are read
 * (the entries are fetched for the ads a page may need).
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
      ProjectionExpression: 'PK, GSI2SK, ratedGeohash',
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  const items = (page.Items ?? []).map((item) => ({
    key: String(item.GSI2SK),
    id: String(item.PK).slice('AD#'.length),
    ...(typeof item.ratedGeohash === 'string' && { geohash: item.ratedGeohash }),
  }));
  return { items, startKey: page.LastEvaluatedKey };
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

/**
 * The offline re-index's Scan (never on a request path): each page's search cards, and the keys of
 * the index items a re-index replaces — points, counts, and the keyword postings (`TERM#`) of the
 * design before them.
 */
export async function scanSearchIndex(
  startKey?: IndexStartKey,
): Promise<{ cards: SearchEntry[]; indexKeys: Record<string, unknown>[]; startKey?: IndexStartKey }> {
  const page = await db().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression:
        '(begins_with(PK, :ad) AND SK = :card) OR begins_with(PK, :term) OR begins_with(PK, :point) OR ' +
        'begins_with(PK, :date) OR begins_with(PK, :price) OR begins_with(PK, :count)',
      ExpressionAttributeValues: {
        ':ad': 'AD#',
        ':card': 'SEARCH',
        ':term': 'TERM#',
        ':point': 'PT#',
        ':date': 'DT#',
        ':price': 'PR#',
        ':count': 'PTN#',
      },
      ExclusiveStartKey: startKey,
    }),
  );
  const items = page.Items ?? [];
  return {
    cards: items.filter((item) => item.SK === 'SEARCH').map(searchEntryOfItem),
    indexKeys: items.filter((item) => item.SK !== 'SEARCH').map(({ PK, SK }) => ({ PK, SK })),
    startKey: page.LastEvaluatedKey,
  };
}
