// The ad search engine: one page of published, listed ads matching the criteria, in the asked order,
// read from the compact points of the search index (search-points.ts) without a Scan, then the
// page's cards in one BatchGetItem.
// - The scope: the points of a keyword's longest stem, else of the one category asked, else of all
//   ads. Every other criterion is checked on the points.
// - The scope's cell counts (one BatchGetItem) give the cells of the circle that hold anything: a
//   search nothing can match ends there, and a small set (at most countBound points) is read whole,
//   counted exactly and sorted in memory, whatever the order.
// - Distance orders: the counted cells nearest (farthest) first, split while they hold more than
//   cellPoints, chosen so that the cells read hold the page by their counts; reading stops once the
//   page's ads are nearer (farther) than anything an unread cell can hold.
// - Date and price orders: a merge of the scope's date or price partitions (one per 2-character
//   cell the circle touches), read lazily from the page token on.
// - Rating order: the rated ads first, from the RATED shards (the equipment aggregates of the ads in
//   the search, by average then publication: data/ratings.ts), each checked on its card; then the
//   unrated ones from the scope's date partitions, newest first, an ad found rated there (one
//   BatchGetItem of their equipment sums) left out. A small set read whole is ordered by its ads' sums.
// - Points read with a place are kept by cell for the next searches in the area (point-cache.ts),
//   each taken again only at its partition cell's version, read with the counts.
// Every request returns a full page, or the last one (no token): never a short page with a token.
// A point is only a candidate: the page's ads are checked again on their cards (a point of an
// earlier version of the ad, left by a write under way or a crash, never shows).

import { SEARCH_COUNT_BOUND, type AdSort } from '@partage/graphql';
import {
  POINT_PARTITION_PRECISION,
  publicationSortKey,
  RATED_SHARDS,
  ratingSortKey,
  UNRATED_SORT_PREFIX,
  type PointOrder,
} from '../../data/keys';
import { averageTenthsOf, getEquipmentRatings } from '../../data/ratings';
import { tableIdentity } from '../../data/client';
import {
  getCountsAndVersions,
  getSearchEntries,
  orderedPoints,
  pointsBetween,
  ratedByAverage,
  scopeCountItems,
  type IndexStartKey,
  type SearchEntry,
  type SearchPoint,
} from '../../data/search-index';
import { cellOf, cellsCovering, distanceMeters, type Cell } from './cell-cover';
import { entryMatches, type Circle, type SearchCriteria } from './entry-match';
import { geohashChildren } from './geohash';
import { keptPoint, PointCache, type KeptPoint } from './point-cache';
import type { SearchPosition } from './search-cursor';
import {
  ALL_SCOPE,
  categoryScope,
  countItemPrefix,
  countPlace,
  finestCountedPrecision,
  PRICED_RANGE,
  priceCentsOf,
  priceSortKey,
  scopeTermOf,
  termScope,
  UNPRICED_RANGE,
} from './search-points';

/** Tuning, from the benchmark's figures (tests/bench/search.ts); tests shrink it to reach every path with few ads. */
export const SEARCH_TUNING = {
  /** A cell counted above this many points is split into its sub-cells (when they are counted) rather than read whole. */
  cellPoints: 32,
  /** Sets counted at most this many points are read whole (and their count is exact); the count's bound too. */
  countBound: SEARCH_COUNT_BOUND,
  /** A range of cells read together ends before a cell that would take it past this many points: a Query's time grows with its points, and the next one runs beside it. */
  rangePoints: 128,
  /** Cells read together in one range when at most this many points lie between them in the key order (read with them, only candidates). */
  gapPoints: 40,
  /** Most points a date or price partition reads at once (the first read is smaller, each next one doubles). */
  maxPartitionPage: 200,
};

/** Metres of slack on cell bounds: a point exactly on a bound must not be lost to rounding. */
const EPSILON_METERS = 0.01;
/** Around the centre, the finest cells' counts are read at once: the nearest ads of a dense city lie there. */
const NEAR_COUNTS_METERS = 2_000;
/** Farthest first, the edge's finest counts are read at once up to this radius and this many items. */
const EDGE_COUNTS_MAX_RADIUS_METERS = 50_000;
const EDGE_COUNTS_MAX_ITEMS = 90;

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
}

/** How many ads match: `value` exactly, or at least `value` when not `exact`. */
export interface SearchCount {
  value: number;
  exact: boolean;
}

export interface SearchPage {
  hits: SearchHit[];
  /** Where the next page starts; null when no more ad matches. */
  next: SearchPosition | null;
  /** Given for a first page; null when it would cost more than a bounded read (criteria beyond the scope, many ads). */
  count: SearchCount | null;
}

export const isDistanceSort = (sort: AdSort) => sort === 'DISTANCE_ASC' || sort === 'DISTANCE_DESC';
const isPriceSort = (sort: AdSort) => sort === 'PRICE_ASC' || sort === 'PRICE_DESC';

/** What the orders compare: the distance (distance orders) or the sort key (date and price orders), then the id. */
interface Ranked {
  id: string;
  meters: number | null;
  key: string;
}

interface Candidate extends Ranked {
  publishedAt: string;
  /** The ad's card, when it was read to find the candidate (the rated ads of the rating order). */
  card?: SearchEntry;
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Price keys: the priced ads, then those without an amount, last in both directions. */
const phaseOf = (key: string) => (key.startsWith(UNPRICED_RANGE[0]) ? 1 : 0);

function comparer(sort: AdSort): (a: Ranked, b: Ranked) => number {
  switch (sort) {
    case 'DISTANCE_ASC':
      return (a, b) => a.meters! - b.meters! || text(a.id, b.id);
    case 'DISTANCE_DESC':
      return (a, b) => b.meters! - a.meters! || text(b.id, a.id);
    case 'DATE_ASC':
    case 'PRICE_ASC':
      return (a, b) => text(a.key, b.key);
    case 'DATE_DESC':
    case 'RATING_DESC':
      return (a, b) => text(b.key, a.key);
    case 'PRICE_DESC':
      return (a, b) => phaseOf(a.key) - phaseOf(b.key) || (phaseOf(a.key) === 0 ? text(b.key, a.key) : text(a.key, b.key));
  }
}

/**
 * The order's key of a point or a card. The rating order's is an unrated ad's (the sums are not on
 * the point): it never comes before the ad's true key, which ratedCandidates reads.
 */
function sortKeyOf(sort: AdSort, point: Pick<SearchEntry, 'id' | 'publishedAt' | 'rent' | 'sale' | 'modes'> | SearchPoint): string {
  if (isDistanceSort(sort)) return '';
  if (sort === 'RATING_DESC') return UNRATED_SORT_PREFIX + publicationSortKey(point.publishedAt, point.id);
  if (!isPriceSort(sort)) return publicationSortKey(point.publishedAt, point.id);
  return priceSortKey('priceCents' in point ? point.priceCents : priceCentsOf(point), point.id);
}

const positionOf = (rank: Ranked, sort: AdSort): SearchPosition =>
  isDistanceSort(sort) ? { meters: rank.meters!, id: rank.id } : { key: rank.key };

const rankOfPosition = (after: SearchPosition): Ranked =>
  'key' in after ? { id: '', meters: null, key: after.key } : { id: after.id, meters: after.meters, key: '' };

/** The identity of a candidate: an ad may have two points in a scope while a write is under way. */
const signatureOf = (rank: Ranked) => `${rank.id} ${rank.meters} ${rank.key}`;

/** What one request knows: the scope, its counts read so far, and how a point becomes a candidate. */
class SearchContext {
  readonly scope: string;
  /** Whether the scope alone decides what matches (its counts are then counts of results). */
  readonly scopeDecides: boolean;
  readonly order: (a: Ranked, b: Ranked) => number;
  /** What a point is checked on: the criteria less the scope's stem, which every point of the scope holds. */
  private readonly pointCriteria: SearchCriteria;
  /** Whether a stem's points are read with their stems: only a keyword of several words checks them. */
  readonly pointStems: boolean;
  private readonly counts = new Map<string, Record<string, number>>();
  private readonly after: Ranked | null;

  constructor(
    readonly request: SearchRequest,
    /** Candidates found not to match their card: left out when the page is looked for again. */
    readonly rejected: Set<string>,
  ) {
    const { criteria } = request;
    const longest = scopeTermOf(criteria.terms);
    this.scope = longest ? termScope(longest) : criteria.categories.length === 1 ? categoryScope(criteria.categories[0]!) : ALL_SCOPE;
    const others =
      [criteria.modes, criteria.priceRanges, criteria.certifications].some((list) => list.length > 0) || !!criteria.availability;
    this.scopeDecides =
      !others && (longest ? criteria.terms.length === 1 && criteria.categories.length === 0 : criteria.categories.length <= 1);
    this.order = comparer(request.sort);
    this.after = request.after && rankOfPosition(request.after);
    this.pointCriteria = { ...criteria, terms: criteria.terms.filter((term) => term !== longest) };
    // Other scopes' points hold no stems: nothing to leave out.
    this.pointStems = !longest || this.pointCriteria.terms.length > 0;
  }

  get finest() {
    return finestCountedPrecision(this.scope);
  }

  get isTermScope() {
    return this.scope.startsWith('T:');
  }

  /** The versions of the point partitions' cells read with the first counts (a search with a place): what kept points must match. */
  private readonly versions = new Map<string, number>();

  /** The counts of these prefixes not read yet, and the versions of `versionCells` in the same request. */
  async fetchCounts(prefixes: string[], versionCells: string[] = []): Promise<void> {
    const wanted = [...new Set(prefixes)].filter((prefix) => !this.counts.has(prefix));
    if (wanted.length === 0 && versionCells.length === 0) return;
    const found = await getCountsAndVersions(
      wanted.map((prefix) => ({ scope: this.scope, prefix })),
      versionCells,
    );
    for (const prefix of wanted) this.counts.set(prefix, found.counts.get(`${this.scope} ${prefix}`) ?? {});
    for (const [cell, version] of found.versions) this.versions.set(cell, version);
  }

  /** The version of the point partition holding `hash`, when read. */
  versionOf(hash: string): number | undefined {
    return this.versions.get(hash.slice(0, POINT_PARTITION_PRECISION));
  }

  /** Where this request's points are kept: the table's, the scope's, with or without their stems. */
  get keptSpace(): string {
    return `${tableIdentity()}\n${this.scope}\n${this.pointStems ? 'stems' : ''}`;
  }

  /** Every count item of the scope (a stem's, searched without a place: its 3-character cells' items). */
  async fetchAllCounts(): Promise<void> {
    for (const [prefix, counts] of await scopeCountItems(this.scope)) this.counts.set(prefix, counts);
  }

  /** The points of the cells touching the circle (all of the scope's without one), once runSearch has planned them. */
  circlePoints = 0;

  /** The scope's points (0 while its whole count is not read: a stem's scope has none). */
  scopeTotal(): number {
    return this.counts.get('')?.n ?? 0;
  }

  /** The part of `held` points that lie in the circle's cells, at most 1 (1 when either is unknown). */
  shareOf(held: number): number {
    return held > 0 && this.circlePoints > 0 ? Math.min(1, this.circlePoints / held) : 1;
  }

  /** A cell's count; undefined while its count item is not read. */
  countOf(hash: string): number | undefined {
    const { prefix, attribute } = countPlace(this.scope, hash);
    const item = this.counts.get(prefix);
    return item && (item[attribute] ?? 0);
  }

  /**
   * The cells of `length` characters the read counts name: the whole scope's item of the empty
   * prefix, or a stem's 3-character cells' own items (those read: the circle's, or all of them).
   */
  countedCells(length: 2 | 3): string[] {
    if (this.isTermScope)
      return [...this.counts].filter(([prefix, item]) => prefix.length === length && (item.n ?? 0) > 0).map(([prefix]) => prefix);
    return Object.keys(this.counts.get('') ?? {})
      .filter((name) => name.length === length + 1 && name.startsWith('c') && this.counts.get('')![name]! > 0)
      .map((name) => name.slice(1));
  }

  /** The cells' distances from the centre, once each: the plan of the whole set and the distance order look at the same cells. */
  private readonly geometry = new Map<string, Cell>();

  /** A cell as the plan sees it: its count, and its distances from the centre. */
  planCell(hash: string): PlanCell {
    const { near } = this.request;
    let cell = this.geometry.get(hash);
    if (!cell) {
      const bounds = near ? cellOf(hash, near.centre) : { hash, minDistance: 0, maxDistance: 0 };
      // No point of the circle lies farther than its radius.
      cell = { ...bounds, maxDistance: near ? Math.min(bounds.maxDistance, near.radiusMeters) : 0 };
      this.geometry.set(hash, cell);
    }
    return { ...cell, count: this.countOf(hash) ?? 0 };
  }

  inCircle = (cell: Cell) => !this.request.near || cell.minDistance <= this.request.near.radiusMeters;

  /** Whether the cell `hash` may hold a point of the circle (always without one). */
  mayHold(hash: string): boolean {
    const { near } = this.request;
    return !near || cellOf(hash, near.centre).minDistance <= near.radiusMeters + EPSILON_METERS;
  }

  /**
   * The points counted in the cells strictly between two disjoint cells `first` < `last` in the key
   * order (Infinity where a count is not read): the later siblings of `first` and of its ancestors, the
   * earlier ones of `last` and of its ancestors, up to their common ancestor's children between them.
   */
  countBetween(first: string, last: string): number {
    let common = 0;
    while (first[common] === last[common]) common++;
    const siblings = (hash: string, after: boolean) =>
      geohashChildren(hash.slice(0, -1)).filter((sibling) => (after ? sibling > hash : sibling < hash));
    const between = geohashChildren(first.slice(0, common)).filter(
      (cell) => cell > first.slice(0, common + 1) && cell < last.slice(0, common + 1),
    );
    for (let length = first.length; length > common + 1; length--) between.push(...siblings(first.slice(0, length), true));
    for (let length = last.length; length > common + 1; length--) between.push(...siblings(last.slice(0, length), false));
    let total = 0;
    for (const cell of between) total += this.countOf(cell) ?? Infinity;
    return total;
  }

  /** A cell's sub-cells holding anything and touching the circle; null when it cannot be split, 'unread' while their counts are not read. */
  split(cell: PlanCell): PlanCell[] | null | 'unread' {
    if (cell.hash.length >= this.finest) return null;
    if (!this.counts.has(countItemPrefix(`${cell.hash}0`))) return 'unread';
    // The counts first: most sub-cells of a city's edge hold nothing, and their distances cost more.
    return geohashChildren(cell.hash)
      .filter((hash) => (this.countOf(hash) ?? 0) > 0)
      .map((hash) => this.planCell(hash))
      .filter(this.inCircle);
  }

  /** The point as a candidate of this request: within the circle, matching, after the token; else null. */
  candidateOf(point: SearchPoint): Candidate | null {
    const { near, sort } = this.request;
    const meters = near && distanceMeters(near.centre, point);
    if (meters !== null && meters > near!.radiusMeters) return null;
    if (!entryMatches(point, this.pointCriteria)) return null;
    const candidate = { id: point.id, meters, key: sortKeyOf(sort, point), publishedAt: point.publishedAt };
    return this.admits(candidate) ? candidate : null;
  }

  /** The cards of these ads by id; their stems only for a keyword (the check of the other criteria does not read them). */
  async cardsOf(adIds: string[]): Promise<Map<string, SearchEntry>> {
    const cards = await getSearchEntries(adIds, { withTerms: this.request.criteria.terms.length > 0 });
    return new Map(cards.map((card) => [card.id, card]));
  }

  /** After the token, and not found stale on its card already. */
  admits(candidate: Candidate): boolean {
    return !(this.after && this.order(candidate, this.after) <= 0) && !this.rejected.has(signatureOf(candidate));
  }
}

/** The candidates with their rating order's keys, from their equipment's sums: those still after the token. */
async function ratedCandidates(context: SearchContext, candidates: Candidate[]): Promise<Candidate[]> {
  if (candidates.length === 0) return candidates;
  const sums = await getEquipmentRatings(candidates.map((candidate) => candidate.id));
  return candidates.flatMap((candidate) => {
    const key = ratingSortKey(averageTenthsOf(sums.get(candidate.id)!) ?? 0, candidate.publishedAt, candidate.id);
    const rated = { ...candidate, key };
    return context.admits(rated) ? [rated] : [];
  });
}

interface PlanCell extends Cell {
  count: number;
}

/** Candidates in the order, and whether nothing else can follow them. */
interface Collected {
  ranked: Candidate[];
  complete: boolean;
}

/**
 * Points a search process read, by cell, for the next searches in the area (point-cache.ts): 50,000 points
 * are ~25 MB of the search Lambda's 512; kept at most 5 minutes whatever their version.
 */
const pointCache = new PointCache({ points: 50_000, maxAgeMs: 5 * 60_000 });

/** Lets go of every kept point: the benchmark times a search as the first in its area this way. */
export const forgetKeptPoints = () => pointCache.clear();

/**
 * The scope's points of these cells: kept ones at the version just read, the others read (and kept
 * when their version is read).
 */
async function readCells(context: SearchContext, cells: PlanCell[]): Promise<SearchPoint[]> {
  const space = context.keptSpace;
  const kept: SearchPoint[] = [];
  const keptCells: string[] = [];
  const unread: PlanCell[] = [];
  for (const cell of cells) {
    const version = context.versionOf(cell.hash);
    const points = version === undefined ? undefined : pointCache.get(space, cell.hash, version);
    if (points) {
      kept.push(...points);
      keptCells.push(cell.hash);
    } else unread.push(cell);
  }
  if (unread.length === 0) return kept;
  const read = await readRanges(context, unread);
  // Versions read: every cell read is kept (a range reads its cells whole). Its points are placed in
  // their cells; those of a kept cell (a range ran over it) are already in `kept`.
  if (!unread.some((cell) => context.versionOf(cell.hash) !== undefined)) return [...kept, ...read];
  const byCell = new Map(unread.map((cell) => [cell.hash, [] as KeptPoint[]]));
  const lengths = new Set([...unread.map((cell) => cell.hash), ...keptCells].map((hash) => hash.length));
  const alreadyKept = new Set(keptCells);
  const fresh: SearchPoint[] = [];
  for (const point of read) {
    const placed = keptPoint(point);
    let inKept = false;
    for (const length of lengths) {
      const cell = placed.hash.slice(0, length);
      byCell.get(cell)?.push(placed);
      if (alreadyKept.has(cell)) inKept = true;
    }
    if (!inKept) fresh.push(point);
  }
  for (const [hash, points] of byCell) {
    const version = context.versionOf(hash);
    if (version !== undefined) pointCache.put(space, hash, version, points);
  }
  return [...kept, ...fresh];
}

/**
 * Reads the cells in ranges of the key order: cells next to each other in it (or with few points
 * between them) read in one range, a range of many points in parts read at once. Strongly consistent
 * where the versions are read (the points are kept under them).
 */
async function readRanges(context: SearchContext, cells: PlanCell[]): Promise<SearchPoint[]> {
  const ranges: [string, string][] = [];
  const partition = (hash: string) => hash.slice(0, POINT_PARTITION_PRECISION);
  let run: [string, string] | null = null;
  let held = 0;
  for (const cell of [...cells].sort((a, b) => text(a.hash, b.hash))) {
    // A range stays in its partition, which a cell of the partition's size fills alone.
    const gap =
      run && cell.hash.length > POINT_PARTITION_PRECISION && partition(run[0]) === partition(cell.hash)
        ? context.countBetween(run[1], cell.hash)
        : Infinity;
    if (run && gap <= SEARCH_TUNING.gapPoints && held + gap + cell.count <= SEARCH_TUNING.rangePoints) {
      run[1] = cell.hash;
      held += gap + cell.count;
    } else {
      if (run) ranges.push(run);
      run = [cell.hash, cell.hash];
      held = cell.count;
    }
  }
  if (run) ranges.push(run);
  const stems = context.pointStems;
  const pages = await Promise.all(
    ranges.map(([first, last]) => pointsBetween(context.scope, first, last, { stems, consistent: context.versionOf(first) !== undefined })),
  );
  return pages.flat();
}

/**
 * Every point the circle's cells hold, cells refined where the counts read tell: the set sorted in
 * memory. 'large' as soon as the cells wholly inside the circle hold more than `largeAbove` points: the
 * set is not small then, however its edge is refined (a city's edge is thousands of cells).
 */
function cellsOfAll(context: SearchContext, cells: PlanCell[], largeAbove = Infinity): PlanCell[] | 'large' {
  const { near } = context.request;
  const chosen: PlanCell[] = [];
  const pending = [...cells];
  let insidePoints = 0;
  while (pending.length > 0) {
    const cell = pending.pop()!;
    const within = !near || cell.maxDistance < near.radiusMeters;
    const parts = within || cell.count <= SEARCH_TUNING.cellPoints ? null : context.split(cell);
    if (parts === null || parts === 'unread') {
      chosen.push(cell);
      if (within && (insidePoints += cell.count) > largeAbove) return 'large';
    } else pending.push(...parts);
  }
  return chosen;
}

/** Every point of the scope, a partition at a time: without a place, its few date partitions. */
async function pointsOfScope(context: SearchContext): Promise<SearchPoint[]> {
  const pages = await Promise.all(
    context.countedCells(2).map(async (cell) => {
      const points: SearchPoint[] = [];
      let startKey: IndexStartKey | undefined;
      do {
        const page = await orderedPoints('DATE', context.scope, cell, { ascending: true, low: '0', high: '~', startKey });
        points.push(...page.points.map(({ point }) => point));
        startKey = page.startKey;
      } while (startKey);
      return points;
    }),
  );
  return pages.flat();
}

async function readAll(context: SearchContext, cells: PlanCell[]): Promise<Candidate[]> {
  // A stem's scope has no date partitions: its cells, then.
  const points = context.request.near || context.isTermScope ? await readCells(context, cells) : await pointsOfScope(context);
  const candidates = points.flatMap((point) => context.candidateOf(point) ?? []);
  return (context.request.sort === 'RATING_DESC' ? await ratedCandidates(context, candidates) : candidates).sort(context.order);
}

/** A distance and how many candidates lie at most (at least) that far. */
interface Side {
  side: number;
  count: number;
}

/** Puts `item` into the sorted `list` after its equals. */
function insertSorted<T>(list: T[], item: T, order: (a: T, b: T) => number): void {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(list[middle]!, item) <= 0) low = middle + 1;
    else high = middle;
  }
  list.splice(low, 0, item);
}

async function byDistance(context: SearchContext, cells: PlanCell[], need: number): Promise<Collected> {
  const { sort } = context.request;
  const descending = sort === 'DISTANCE_DESC';
  const after = context.request.after && 'meters' in context.request.after ? context.request.after : null;
  // The distance no ad of an unread cell can beat: its nearest point (ascending), its farthest (descending).
  const boundOf = (cell: PlanCell) => (descending ? cell.maxDistance : cell.minDistance);
  const keep = (cell: PlanCell) =>
    context.inCircle(cell) &&
    !(after && (descending ? cell.minDistance > after.meters + EPSILON_METERS : cell.maxDistance < after.meters - EPSILON_METERS));
  const queue = cells.filter(keep);
  const byBound = (a: PlanCell, b: PlanCell) => (descending ? boundOf(b) - boundOf(a) : boundOf(a) - boundOf(b)) || text(a.hash, b.hash);
  const found = new Map<string, Candidate>();
  for (;;) {
    // Cells in the order until their counts hold the page within some distance, and every cell that
    // may hold an ad within it: a dense cell is split first, its sub-cells' counts read in the same
    // round when they are not yet (the cell waits for the next round).
    queue.sort(byBound);
    const round: PlanCell[] = [];
    const waiting: PlanCell[] = [];
    const counts = new Set<string>();
    // The distance within which `need` candidates lie if every point counted matches: candidates
    // found, and the cells chosen, by their far (near) side.
    // (Kept sorted as they grow: a city's edge is hundreds of cells, split one at a time.)
    const bySide = (a: Side, b: Side) => (descending ? b.side - a.side : a.side - b.side);
    const sides = [...found.values()].map((candidate) => ({ side: candidate.meters!, count: 1 })).sort(bySide);
    const reachOf = () => {
      let total = 0;
      return sides.find(({ count }) => (total += count) >= need)?.side;
    };
    let reach = reachOf();
    while (queue.length > 0) {
      const cell = queue[0]!;
      if (reach !== undefined && (descending ? boundOf(cell) < reach - EPSILON_METERS : boundOf(cell) > reach + EPSILON_METERS)) break;
      queue.shift();
      const parts = cell.count > SEARCH_TUNING.cellPoints ? context.split(cell) : null;
      if (parts === 'unread') {
        counts.add(countItemPrefix(`${cell.hash}0`));
        waiting.push(cell);
      } else if (parts) {
        for (const part of parts) if (keep(part)) insertSorted(queue, part, byBound);
      } else {
        round.push(cell);
        insertSorted(sides, { side: descending ? cell.minDistance : cell.maxDistance, count: cell.count }, bySide);
        reach = reachOf();
      }
    }
    const [points] = await Promise.all([readCells(context, round), context.fetchCounts([...counts])]);
    for (const point of points) {
      const candidate = context.candidateOf(point);
      if (candidate) found.set(signatureOf(candidate), candidate);
    }
    queue.push(...waiting);
    queue.sort(byBound);
    const sorted = [...found.values()].sort(context.order);
    if (queue.length === 0) return { ranked: sorted, complete: true };
    const frontier = boundOf(queue[0]!);
    const proven = sorted.filter((hit) => (descending ? hit.meters! > frontier + EPSILON_METERS : hit.meters! < frontier - EPSILON_METERS));
    if (proven.length >= need) return { ranked: proven, complete: false };
  }
}

/** A sorted source of candidates read page by page: `limit` items from `startKey` on. */
type CandidateSource = (limit: number, startKey?: IndexStartKey) => Promise<{ candidates: Candidate[]; startKey?: IndexStartKey }>;

interface SourceReader {
  read: CandidateSource;
  buffer: Candidate[];
  startKey?: IndexStartKey;
  done: boolean;
  size: number;
}

/**
 * The first page of a sorted source holding `weight` of the items merged, `share` of which are expected
 * to be candidates (those of the circle, from the counts): the first pages hold the page twice over
 * between them, as a source read again is a request in a row more.
 */
const firstPageSize = (need: number, weight: number, share: number) =>
  Math.min(SEARCH_TUNING.maxPartitionPage, Math.max(8, Math.ceil((2 * need * weight) / share)));

interface SizedSource {
  read: CandidateSource;
  firstSize: number;
}

/** Candidates merged from sorted sources, in the order, until `need` (or none is left). */
async function mergeSources(context: SearchContext, sources: SizedSource[], need: number): Promise<Collected> {
  const readers: SourceReader[] = sources.map(({ read, firstSize }) => ({ read, buffer: [], done: false, size: firstSize }));
  async function fill(reader: SourceReader) {
    const page = await reader.read(reader.size, reader.startKey);
    reader.buffer.push(...page.candidates);
    reader.startKey = page.startKey;
    reader.done = !page.startKey;
    reader.size = Math.min(SEARCH_TUNING.maxPartitionPage, reader.size * 2);
  }
  const ranked: Candidate[] = [];
  while (ranked.length < need) {
    // Every source shows its next candidate, or is read on: the first of them in the order is the next of all.
    const empty = readers.filter((reader) => reader.buffer.length === 0 && !reader.done);
    if (empty.length > 0) {
      await Promise.all(empty.map(fill));
      continue;
    }
    const next = readers.filter((reader) => reader.buffer.length > 0).sort((a, b) => context.order(a.buffer[0]!, b.buffer[0]!))[0];
    if (!next) return { ranked, complete: true };
    ranked.push(next.buffer.shift()!);
  }
  return { ranked, complete: false };
}

/**
 * A date or price order: the scope's partitions of the 2-character cells the circle touches, merged.
 * The rating order's unrated ads: the date partitions newest first, from an unrated token's publication.
 */
async function byOrderedPartitions(context: SearchContext, need: number): Promise<Collected> {
  const { sort, after } = context.request;
  const rating = sort === 'RATING_DESC';
  const order: PointOrder = isPriceSort(sort) ? 'PRICE' : 'DATE';
  const cells = context.countedCells(2).filter((hash) => context.inCircle(context.planCell(hash)));
  const tokenKey = after && 'key' in after ? after.key : undefined;
  // The rating order's token is a rating key: past the rated ads, its publication bounds the date partitions.
  const afterKey = rating ? (tokenKey?.startsWith(UNRATED_SORT_PREFIX) ? tokenKey.slice(UNRATED_SORT_PREFIX.length) : undefined) : tokenKey;
  const ranges: { range: [string, string]; ascending: boolean }[] =
    order === 'DATE'
      ? [{ range: ['0', '~'], ascending: sort === 'DATE_ASC' }]
      : [
          { range: PRICED_RANGE, ascending: sort === 'PRICE_ASC' },
          { range: UNPRICED_RANGE, ascending: true },
        ];
  const held = cells.reduce((total, cell) => total + (context.countOf(cell) ?? 0), 0);
  const share = context.shareOf(held);
  const sources = cells.flatMap((cell) =>
    ranges.flatMap(({ range: [low, high], ascending }): SizedSource[] => {
      // The token bounds the range of its own phase; a phase wholly before it is done.
      const phase = phaseOf(low);
      const tokenPhase = afterKey === undefined ? -1 : order === 'PRICE' ? phaseOf(afterKey) : 0;
      if (tokenPhase > phase) return [];
      const bounds = tokenPhase === phase ? (ascending ? { low: afterKey!, high } : { low, high: afterKey! }) : { low, high };
      // A price order's two ranges of a partition are read one after the other in the order: each sized as the partition.
      const firstSize = firstPageSize(need, held > 0 ? (context.countOf(cell) ?? 0) / held : 1 / cells.length, share);
      const read: CandidateSource = async (limit, startKey) => {
        const page = await orderedPoints(order, context.scope, cell, { ascending, ...bounds, exclude: afterKey, limit, startKey });
        const candidates = page.points.flatMap(({ point }) => context.candidateOf(point) ?? []);
        return {
          candidates: rating
            ? (await ratedCandidates(context, candidates)).filter((candidate) => candidate.key.startsWith(UNRATED_SORT_PREFIX))
            : candidates,
          startKey: page.startKey,
        };
      };
      return [{ read, firstSize }];
    }),
  );
  return mergeSources(context, sources, need);
}

/**
 * The rating order of a large set: its RATED shards (every rated ad in the search, best first) from
 * the token on, each ad checked on its card (one BatchGetItem per page of a shard); then, once no
 * rated ad is left, the unrated ones.
 */
async function byRating(context: SearchContext, need: number): Promise<Collected> {
  const { after, criteria, near } = context.request;
  const afterKey = after && 'key' in after ? after.key : undefined;
  if (afterKey?.startsWith(UNRATED_SORT_PREFIX)) return byOrderedPartitions(context, need);
  // The shards hold the rated ads of every scope: the circle's share of the scope's is an upper bound.
  const firstSize = firstPageSize(need, 1 / RATED_SHARDS, context.shareOf(context.scopeTotal()));
  const shards = Array.from({ length: RATED_SHARDS }, (_, shard): CandidateSource => async (limit, startKey) => {
    const page = await ratedByAverage(shard, { after: afterKey, limit, startKey });
    // Not the cards of ads whose place is outside the circle: in Montréal, half the rated ads read.
    const cards = await context.cardsOf(page.items.filter((item) => !item.geohash || context.mayHold(item.geohash)).map((item) => item.id));
    const candidates = page.items.flatMap(({ id, key }) => {
      const card = cards.get(id);
      // The index is eventually consistent: an ad published anew since is found by its current key.
      if (!card || key.slice(UNRATED_SORT_PREFIX.length) !== publicationSortKey(card.publishedAt, id)) return [];
      const meters = near && distanceMeters(near.centre, card);
      if ((meters !== null && meters > near!.radiusMeters) || !entryMatches(card, criteria)) return [];
      const candidate = { id, meters, key, publishedAt: card.publishedAt, card };
      return context.admits(candidate) ? [candidate] : [];
    });
    return { candidates, startKey: page.startKey };
  });
  const rated = await mergeSources(
    context,
    shards.map((read) => ({ read, firstSize })),
    need,
  );
  if (!rated.complete) return rated;
  const unrated = await byOrderedPartitions(context, need - rated.ranked.length);
  return { ranked: [...rated.ranked, ...unrated.ranked], complete: unrated.complete };
}

/** Whether the card still says what the candidate's point said (else the point is of an earlier version of the ad). */
function hitOf(candidate: Candidate, entry: SearchEntry | undefined, request: SearchRequest): SearchHit | null {
  if (!entry || !entryMatches(entry, request.criteria)) return null;
  const meters = request.near && distanceMeters(request.near.centre, entry);
  // The rating order's key: its publication part (the card does not hold the sums).
  const keyOf = (key: string) => (request.sort === 'RATING_DESC' ? key.slice(UNRATED_SORT_PREFIX.length) : key);
  const same = meters === candidate.meters && keyOf(sortKeyOf(request.sort, entry)) === keyOf(candidate.key);
  return same ? { entry, meters } : null;
}

/**
 * The 5-character cells whose count items a distance order reads first: those within 2 km of the
 * centre, or, farthest first, those across the circle's edge when they are few enough for one
 * BatchGetItem (a city's radius; a wider circle's edge is split round by round).
 */
function finestCountsFirst(near: Circle, sort: AdSort): string[] {
  if (sort === 'DISTANCE_DESC' && near.radiusMeters <= EDGE_COUNTS_MAX_RADIUS_METERS) {
    const edge = cellsCovering(near.centre, near.radiusMeters, 5).filter((cell) => cell.maxDistance >= near.radiusMeters);
    if (edge.length <= EDGE_COUNTS_MAX_ITEMS) return edge.map((cell) => cell.hash);
  }
  return cellsCovering(near.centre, Math.min(near.radiusMeters, NEAR_COUNTS_METERS), 5).map((cell) => cell.hash);
}

/** One page of the search, with the count of a first page. */
export async function runSearch(request: SearchRequest): Promise<SearchPage> {
  const { near, sort, limit } = request;
  const rejected = new Set<string>();
  for (;;) {
    const context = new SearchContext(request, rejected);
    // The scope's counts: of its 2- and 3-character cells, of the circle's finer cells, and of the
    // finest where the order starts: near the centre, or along the edge for the farthest first. A
    // stem's scope has no item of the empty prefix: its circle's 3-character items, or all of them.
    // With a place, the versions of its point partitions' cells too (the points kept under them).
    if (context.isTermScope && !near) await context.fetchAllCounts();
    else {
      const circleCells = (length: number) => (near ? cellsCovering(near.centre, near.radiusMeters, length).map((cell) => cell.hash) : []);
      await context.fetchCounts(
        [...(context.isTermScope ? [] : ['']), ...circleCells(3), ...(near && context.finest > 5 ? finestCountsFirst(near, sort) : [])],
        circleCells(POINT_PARTITION_PRECISION),
      );
    }
    const cells = context
      .countedCells(3)
      .map((hash) => context.planCell(hash))
      .filter(context.inCircle);
    // A distance order only needs to know whether the set is small (the other orders size their reads
    // by the circle's points).
    const whole = cellsOfAll(context, cells, isDistanceSort(sort) ? SEARCH_TUNING.countBound : Infinity);
    let small = false;
    if (whole !== 'large') {
      const sum = (list: PlanCell[]) => list.reduce((total, cell) => total + cell.count, 0);
      // At most the points of the cells touching the circle; at least those of the cells inside it
      // (maxDistance is capped at the radius: a cell across the edge reaches it).
      const estimate = sum(whole);
      context.circlePoints = estimate;
      const inside = sum(whole.filter((cell) => !near || cell.maxDistance < near.radiusMeters));
      small = estimate <= SEARCH_TUNING.countBound || (context.scopeDecides && inside <= SEARCH_TUNING.countBound);
    }
    const need = limit + 1;
    let collected: Collected;
    let count: SearchCount | null = null;
    // A small set (or one that may be: its count is then exact), or one no partition holds in the
    // order (a stem's, by date or price), is read whole.
    if (whole !== 'large' && (small || (!isDistanceSort(sort) && context.isTermScope))) {
      const all = await readAll(context, whole);
      collected = { ranked: all, complete: true };
      count = { value: all.length, exact: true };
    } else {
      const ordered = sort === 'RATING_DESC' ? byRating : byOrderedPartitions;
      collected = isDistanceSort(sort) ? await byDistance(context, cells, need) : await ordered(context, need);
      if (context.scopeDecides) count = { value: SEARCH_TUNING.countBound, exact: false };
    }
    const head = collected.ranked.slice(0, need);
    const unread = head.filter((candidate) => !candidate.card).map((candidate) => candidate.id);
    const cards = await context.cardsOf(unread);
    for (const { card } of head) if (card) cards.set(card.id, card);
    const hits: SearchHit[] = [];
    for (const candidate of head) {
      const hit = hitOf(candidate, cards.get(candidate.id), request);
      if (hit) hits.push(hit);
      else rejected.add(signatureOf(candidate));
    }
    // A point of an earlier version of an ad took a place: the page is looked for again without it.
    if (hits.length < head.length) continue;
    const first = request.after === null;
    if (hits.length > limit) {
      const page = hits.slice(0, limit);
      return { hits: page, next: positionOf(head[limit - 1]!, sort), count: first ? count : null };
    }
    return { hits, next: null, count: first ? { value: hits.length, exact: true } : null };
  }
}
