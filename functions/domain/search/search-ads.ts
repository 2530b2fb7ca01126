// The ad search engine: one page of published, listed ads matching the criteria, in the asked
// order, read from the search index (functions/data/search-index.ts) without a Scan.
// - Distance orders: geohash cells in a priority queue by the least (ascending) or greatest
//   (descending) distance any point of the cell can have; a cell with more ads than one read takes
//   is split into its 32 children, so dense cities are read in small cells and the regions in big
//   ones. Reading stops once the page's ads are closer (farther) than anything an unread cell holds.
// - Date orders: a merge of sorted partitions (the RECENT shards, or the GEO_RECENT cells the circle
//   touches), each read lazily from the page token on.
// - Rating order: the same merge over the RATED shards (the rated ads' equipment aggregates, by
//   average then publication), their entries fetched a page at a time; then, once every rated ad is
//   past, the unrated ones in the date order's partitions, newest first (a rated ad met there is skipped).
//   Its positions are rating sort keys (keys.ts ratingSortKey), `000#…` for the unrated.
// - A keyword whose stem has few postings reads them as the candidates; a common one filters the
//   entries the other strategies read. Postings are only candidates: every ad is checked on its entry.
// Every request returns a full page, or the last one (no token): never a short page with a token,
// which a client could only follow blindly (a sparse or empty result ends in one request).

import type { AdSort } from '@partage/graphql';
import {
  GEO_CELL_PRECISION,
  GEO_RECENT_CELL_PRECISION,
  publicationSortKey,
  RATED_SHARDS,
  ratingSortKey,
  RECENT_SHARDS,
  UNRATED_SORT_PREFIX,
} from '../../data/keys';
import { averageTenthsOf, getEquipmentRatings } from '../../data/ratings';
import {
  entriesByPublication,
  entriesInCell,
  getSearchEntries,
  ratedByAverage,
  termPostings,
  type IndexStartKey,
  type PublicationPartition,
  type RatedPosition,
  type SearchEntry,
  type TermPosting,
} from '../../data/search-index';
import { cellOf, cellsCovering, distanceMeters, type Cell, type Point } from './cell-cover';
import { matchWithin, type Circle, type SearchCriteria } from './entry-match';
import { geohashChildren } from './geohash';
import type { SearchPosition } from './search-cursor';

/** Tuning, from the benchmark's figures (tests/bench/search.ts); tests shrink it to reach every path with few ads. */
export const SEARCH_TUNING = {
  /** Entries read from a fine cell at once; a cell holding many more is split. */
  cellLimit: 100,
  /**
   * Entries read from a cell coarser than fineCellPrecision: a dense wide cell is split after a
   * small read instead of a full one (its entries are still candidates).
   */
  probeLimit: 24,
  fineCellPrecision: 6,
  /** Most cells read in parallel per round. */
  parallelCells: 16,
  /** Finest cell split (7 characters: about 150 m); finer cells are read page by page instead. */
  maxSplitPrecision: 7,
  /** Postings of a stem read to tell a rare stem (all of them read) from a common one. */
  postingLimit: 500,
  /**
   * Stems of a keyword whose postings are read (the longest: the rarest, most likely); the others
   * are checked on the entries. A 100-character keyword holds up to 50 words.
   */
  postingTerms: 4,
  /** Most entries a date partition reads at once (the first read is smaller, each next one doubles). */
  maxPartitionPage: 100,
};

/** Metres of slack on cell bounds: a point exactly on a bound must not be lost to rounding. */
const EPSILON_METERS = 0.01;

export interface SearchRequest {
  criteria: SearchCriteria;
  near: Circle | null;
  sort: AdSort;
  limit: number;
  after: SearchPosition | null;
}

export interface SearchHit {
  entry: SearchEntry;
  /** From the searched place; null without one. */
  meters: number | null;
  /** Its rating sort key (the rating order only). */
  ratingKey?: string;
}

export interface SearchPage {
  hits: SearchHit[];
  /** Where the next page starts; null when no more ad matches. */
  next: SearchPosition | null;
}

export const isDistanceSort = (sort: AdSort) => sort === 'DISTANCE_ASC' || sort === 'DISTANCE_DESC';

/** What the orders compare: a hit, or a posting not yet checked against its entry. */
interface Ranked {
  id: string;
  publishedAt: string;
  meters: number | null;
  ratingKey?: string;
}

const rankOf = (hit: SearchHit): Ranked => ({
  id: hit.entry.id,
  publishedAt: hit.entry.publishedAt,
  meters: hit.meters,
  ratingKey: hit.ratingKey,
});
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The text the date and rating orders sort by. */
const orderKeyOf = (rank: Ranked, sort: AdSort): string =>
  sort === 'RATING_DESC' ? rank.ratingKey! : publicationSortKey(rank.publishedAt, rank.id);

function comparer(sort: AdSort): (a: Ranked, b: Ranked) => number {
  const sign = sort === 'DISTANCE_ASC' || sort === 'DATE_ASC' ? 1 : -1;
  return isDistanceSort(sort)
    ? (a, b) => sign * (a.meters! - b.meters! || text(a.id, b.id))
    : (a, b) => sign * text(orderKeyOf(a, sort), orderKeyOf(b, sort));
}

const positionOf = (rank: Ranked, sort: AdSort): SearchPosition =>
  isDistanceSort(sort) ? { meters: rank.meters!, id: rank.id } : { key: orderKeyOf(rank, sort) };

function isAfter(rank: Ranked, after: SearchPosition | null, sort: AdSort): boolean {
  if (!after) return true;
  if ('key' in after) {
    const key = orderKeyOf(rank, sort);
    return sort === 'DATE_ASC' ? key > after.key : key < after.key;
  }
  const meters = rank.meters!;
  if (meters !== after.meters) return sort === 'DISTANCE_DESC' ? meters < after.meters : meters > after.meters;
  return sort === 'DISTANCE_DESC' ? rank.id < after.id : rank.id > after.id;
}

function metersFrom(request: SearchRequest, point: Point): number | null {
  return request.near && distanceMeters(request.near.centre, point);
}

/** The entry as a hit of this request, or null: out of the circle, not matching, or before the token. */
function hitOf(entry: SearchEntry, request: SearchRequest, ratingKey?: string): SearchHit | null {
  const meters = matchWithin(entry, request.criteria, request.near);
  if (meters === undefined) return null;
  const hit = { entry, meters, ratingKey };
  return isAfter(rankOf(hit), request.after, request.sort) ? hit : null;
}

/** `sorted` (every hit there is up to one past the page) cut to the page: the last page has no next. */
function pageOf(sorted: SearchHit[], request: SearchRequest): SearchPage {
  if (sorted.length > request.limit) {
    const hits = sorted.slice(0, request.limit);
    return { hits, next: positionOf(rankOf(hits.at(-1)!), request.sort) };
  }
  return { hits: sorted, next: null };
}

interface QueuedCell extends Cell {
  /** Where an earlier read of this cell stopped. */
  startKey?: IndexStartKey;
}

/** A wide cell not read yet: its first read is a small probe. */
const probed = (cell: QueuedCell) => cell.hash.length < SEARCH_TUNING.fineCellPrecision && !cell.startKey;

async function searchByDistance(request: SearchRequest): Promise<SearchPage> {
  const { centre, radiusMeters } = request.near!;
  const descending = request.sort === 'DISTANCE_DESC';
  const after = request.after && 'meters' in request.after ? request.after : null;
  const order = comparer(request.sort);
  // The distance no ad of an unread cell can beat: the nearest point of the next cell (ascending),
  // its farthest (descending).
  const boundOf = (cell: Cell) => (descending ? cell.maxDistance : cell.minDistance);
  const beyond = (meters: number, bound: number) => (descending ? meters > bound + EPSILON_METERS : meters < bound - EPSILON_METERS);
  const queue: QueuedCell[] = [];
  const enqueue = (cell: QueuedCell) => {
    // Cells out of the circle, or wholly on the side of the token already returned, are never read.
    const returned =
      after && (descending ? cell.minDistance > after.meters + EPSILON_METERS : cell.maxDistance < after.meters - EPSILON_METERS);
    if (cell.minDistance <= radiusMeters && !returned) queue.push(cell);
  };
  const hits = new Map<string, SearchHit>();

  async function read(cell: QueuedCell) {
    // A wide cell's first read is a small probe; a fine cell, or one found worth reading on, a full read.
    const probe = probed(cell);
    const page = await entriesInCell(cell.hash, probe ? SEARCH_TUNING.probeLimit : SEARCH_TUNING.cellLimit, cell.startKey);
    for (const entry of page.entries) {
      const hit = hits.has(entry.id) ? null : hitOf(entry, request);
      if (hit) hits.set(entry.id, hit);
    }
    if (!page.startKey) return;
    // Entries come in geohash order: the share of the children the read went through tells how many
    // the cell holds. A cell worth a read or two is read on when its turn comes again; a denser one
    // is split, two levels at once when its children would still be dense.
    const children = geohashChildren(cell.hash);
    const last = page.entries.at(-1)!.geohash;
    const reached = children.indexOf(last.slice(0, cell.hash.length + 1));
    const perChild = page.entries.length / (reached + 1);
    if (cell.hash.length >= SEARCH_TUNING.maxSplitPrecision || perChild * (children.length - reached) <= SEARCH_TUNING.cellLimit) {
      return enqueue({ ...cell, startKey: page.startKey });
    }
    const depth = perChild > SEARCH_TUNING.cellLimit && cell.hash.length + 2 <= SEARCH_TUNING.maxSplitPrecision ? 2 : 1;
    const finer = depth === 1 ? children : children.flatMap(geohashChildren);
    const current = last.slice(0, cell.hash.length + depth);
    for (const child of finer) {
      if (child >= current) enqueue({ ...cellOf(child, centre), startKey: child === current ? page.startKey : undefined });
    }
  }

  cellsCovering(centre, radiusMeters, GEO_CELL_PRECISION).forEach(enqueue);
  const settled = () => {
    queue.sort((a, b) => (descending ? b.maxDistance - a.maxDistance : a.minDistance - b.minDistance) || text(a.hash, b.hash));
    const sorted = [...hits.values()].sort((a, b) => order(rankOf(a), rankOf(b)));
    return queue.length === 0 ? sorted : sorted.filter((hit) => beyond(hit.meters!, boundOf(queue[0]!)));
  };
  for (let proven = settled(); queue.length > 0 && proven.length <= request.limit; proven = settled()) {
    // Past the budget, stop once the page moves past the token (so the next token moves on too).
    const frontier = boundOf(queue[0]!);
    // Which cells to read now. Once the page could be full, every cell that may still hold a nearer
    // (farther) ad; before, the fine cells around the next, or the next wide cells' first small probes
    // together: one at a time, an empty region's hundreds of cells (300 km) cost as many round trips.
    const sorted = [...hits.values()].sort((a, b) => order(rankOf(a), rankOf(b)));
    const kth = sorted[request.limit]?.meters;
    const depth = queue[0]!.maxDistance - queue[0]!.minDistance;
    const wanted = (cell: QueuedCell) =>
      kth !== undefined && kth !== null
        ? !beyond(kth, boundOf(cell))
        : queue[0]!.hash.length >= SEARCH_TUNING.fineCellPrecision
          ? Math.abs(boundOf(cell) - frontier) <= depth / 2
          : probed(queue[0]!) && probed(cell);
    let count = 1;
    while (count < Math.min(queue.length, SEARCH_TUNING.parallelCells) && wanted(queue[count]!)) count++;
    const round = queue.splice(0, count);
    await Promise.all(round.map(read));
  }
  return pageOf(settled(), request);
}

/** A sorted partition read page by page: `limit` items from `startKey` on. */
type SortedPartition<T> = (limit: number, startKey?: IndexStartKey) => Promise<{ items: T[]; startKey?: IndexStartKey }>;

interface PartitionReader<T> {
  read: SortedPartition<T>;
  buffer: T[];
  startKey?: IndexStartKey;
  done: boolean;
  size: number;
}

/**
 * The hits of a merge of sorted partitions, in order, until one past the page (or none is left).
 * Every partition shows its next item; the first of them in the order (by `keyOf`, `descending`) is
 * the next of all. Items are taken as many as the page still lacks, then made hits by `resolve`.
 */
async function mergePartitions<T>(
  request: SearchRequest,
  partitions: SortedPartition<T>[],
  keyOf: (item: T) => string,
  descending: boolean,
  resolve: (items: T[]) => Promise<SearchHit[]>,
): Promise<SearchHit[]> {
  const firstSize = Math.min(SEARCH_TUNING.maxPartitionPage, Math.max(8, Math.ceil((2 * (request.limit + 1)) / partitions.length)));
  const readers: PartitionReader<T>[] = partitions.map((read) => ({ read, buffer: [], done: false, size: firstSize }));
  async function fill(reader: PartitionReader<T>) {
    const page = await reader.read(reader.size, reader.startKey);
    reader.buffer.push(...page.items);
    reader.startKey = page.startKey;
    reader.done = !page.startKey;
    reader.size = Math.min(SEARCH_TUNING.maxPartitionPage, reader.size * 2);
  }
  const sign = descending ? -1 : 1;
  const hits: SearchHit[] = [];
  for (;;) {
    const taken: T[] = [];
    while (hits.length + taken.length <= request.limit) {
      const empty = readers.filter((reader) => reader.buffer.length === 0 && !reader.done);
      if (empty.length > 0) {
        await Promise.all(empty.map(fill));
        continue;
      }
      const next = readers
        .filter((reader) => reader.buffer.length > 0)
        .sort((a, b) => sign * text(keyOf(a.buffer[0]!), keyOf(b.buffer[0]!)))[0];
      if (!next) break;
      taken.push(next.buffer.shift()!);
    }
    if (taken.length === 0) return hits;
    hits.push(...(await resolve(taken)));
  }
}

const datePartition =
  (partition: PublicationPartition, ascending: boolean, after: string | undefined): SortedPartition<SearchEntry> =>
  async (limit, startKey) => {
    const page = await entriesByPublication(partition, { ascending, after, limit, startKey });
    return { items: page.entries, startKey: page.startKey };
  };

const publicationKeyOf = (entry: SearchEntry) => publicationSortKey(entry.publishedAt, entry.id);

async function searchByDate(request: SearchRequest, partitions: PublicationPartition[]): Promise<SearchPage> {
  const ascending = request.sort === 'DATE_ASC';
  const after = request.after && 'key' in request.after ? request.after.key : undefined;
  const hits = await mergePartitions(
    request,
    partitions.map((partition) => datePartition(partition, ascending, after)),
    publicationKeyOf,
    !ascending,
    async (entries) => entries.flatMap((entry) => hitOf(entry, request) ?? []),
  );
  return pageOf(hits, request);
}

/** The equipment averages in tenths of these ads (0: unrated), from their sums: one BatchGetItem per 100. */
async function equipmentAveragesOf(adIds: string[]): Promise<Map<string, number>> {
  const sums = await getEquipmentRatings(adIds);
  return new Map(adIds.map((id) => [id, averageTenthsOf(sums.get(id)!) ?? 0]));
}

/** An ad's key in the rating order, as published at `publishedAt`. */
const ratingKeyOf = (averages: Map<string, number>, ad: { id: string; publishedAt: string }) =>
  ratingSortKey(averages.get(ad.id) ?? 0, ad.publishedAt, ad.id);

async function searchByRating(request: SearchRequest, unratedPartitions: PublicationPartition[]): Promise<SearchPage> {
  const after = request.after && 'key' in request.after ? request.after.key : undefined;
  const hits: SearchHit[] = [];
  if (!after?.startsWith(UNRATED_SORT_PREFIX)) {
    const rated = Array.from(
      { length: RATED_SHARDS },
      (_, shard): SortedPartition<RatedPosition> =>
        (limit, startKey) =>
          ratedByAverage(shard, { after, limit, startKey }),
    );
    hits.push(
      ...(await mergePartitions(
        request,
        rated,
        (item) => item.key,
        true,
        async (items) => {
          const entries = new Map((await getSearchEntries(items.map((item) => item.id))).map((entry) => [entry.id, entry]));
          return items.flatMap((item) => {
            const entry = entries.get(item.id);
            // The index is eventually consistent: an ad published anew since is found by its current key.
            return entry && item.key.endsWith(`#${publicationKeyOf(entry)}`) ? (hitOf(entry, request, item.key) ?? []) : [];
          });
        },
      )),
    );
  }
  if (hits.length <= request.limit) {
    const unratedAfter = after?.startsWith(UNRATED_SORT_PREFIX) ? after.slice(UNRATED_SORT_PREFIX.length) : undefined;
    const rest = { ...request, limit: request.limit - hits.length };
    hits.push(
      ...(await mergePartitions(
        rest,
        unratedPartitions.map((partition) => datePartition(partition, false, unratedAfter)),
        publicationKeyOf,
        true,
        async (entries) => {
          const averages = await equipmentAveragesOf(entries.map((entry) => entry.id));
          return entries.flatMap((entry) => (averages.get(entry.id) ? [] : (hitOf(entry, request, ratingKeyOf(averages, entry)) ?? [])));
        },
      )),
    );
  }
  return pageOf(hits, request);
}

/** A rare keyword: its candidates are all known, ordered by their postings, and checked on their entries in that order. */
async function searchCandidates(request: SearchRequest, postings: TermPosting[]): Promise<SearchPage> {
  const order = comparer(request.sort);
  // An ad has two postings of a stem when those of an earlier publication outlived a failed clean-up:
  // the latest is its current one (reading an id twice is refused by BatchGetItem).
  const latest = new Map<string, TermPosting>();
  for (const posting of postings) {
    const kept = latest.get(posting.id);
    if (!kept || kept.publishedAt < posting.publishedAt) latest.set(posting.id, posting);
  }
  const averages = request.sort === 'RATING_DESC' ? await equipmentAveragesOf([...latest.keys()]) : undefined;
  const ranked = [...latest.values()]
    .map((posting) => ({
      id: posting.id,
      publishedAt: posting.publishedAt,
      meters: metersFrom(request, posting),
      ratingKey: averages && ratingKeyOf(averages, posting),
    }))
    .filter((rank) => (rank.meters === null || rank.meters <= request.near!.radiusMeters) && isAfter(rank, request.after, request.sort))
    .sort(order);
  const hits: SearchHit[] = [];
  // One BatchGetItem's worth at a time, until the page and the one after it are known.
  const chunk = 100;
  let checked = 0;
  while (checked < ranked.length && hits.length <= request.limit) {
    const entries = await getSearchEntries(ranked.slice(checked, checked + chunk).map((rank) => rank.id));
    checked += chunk;
    hits.push(...entries.flatMap((entry) => hitOf(entry, request, averages && ratingKeyOf(averages, entry)) ?? []));
  }
  return pageOf(
    hits.sort((a, b) => order(rankOf(a), rankOf(b))),
    request,
  );
}

/** One page of the search. */
export async function runSearch(request: SearchRequest): Promise<SearchPage> {
  const { criteria, near, sort } = request;
  if (criteria.terms.length > 0) {
    const longest = [...criteria.terms].sort((a, b) => b.length - a.length || text(a, b)).slice(0, SEARCH_TUNING.postingTerms);
    const lists = await Promise.all(longest.map((term) => termPostings(term, SEARCH_TUNING.postingLimit)));
    const complete = lists.filter((list) => list.complete).sort((a, b) => a.postings.length - b.postings.length);
    if (complete.length > 0) {
      const [smallest, ...others] = complete.map((list) => list.postings);
      const inOthers = others.map((postings) => new Set(postings.map((posting) => posting.id)));
      return searchCandidates(
        request,
        smallest!.filter((posting) => inOthers.every((ids) => ids.has(posting.id))),
      );
    }
  }
  if (isDistanceSort(sort)) return searchByDistance(request);
  const partitions: PublicationPartition[] = near
    ? cellsCovering(near.centre, near.radiusMeters, GEO_RECENT_CELL_PRECISION).map((cell) => ({ geoRecentCell: cell.hash }))
    : Array.from({ length: RECENT_SHARDS }, (_, shard) => ({ shard }));
  return sort === 'RATING_DESC' ? searchByRating(request, partitions) : searchByDate(request, partitions);
}
