// An ad's compact search points and the cell counts they add to (functions/data/search-index.ts):
// - a geo point in each scope it is in — all ads, its category, each of its keyword stems — keyed by
//   its geohash in the scope's partition of a 3-character cell: a cell of any finer size is one range;
//   a stem's point also holds the ad's stems a keyword searched in that scope may hold besides it;
// - a date point and a price point for all ads and for its category: the date and price orders of
//   a set too large to sort in memory;
// - per scope, the count of points of the cells holding it, from 2 to 7 characters (3 to 5 for a
//   stem's scope, whose points are few, in one item per 3-character cell): the engine picks the cells
//   to read from them, without probing.
// A count is raised before its point is written and lowered after it is deleted, so a count is never
// below its cell's points: a cell counted empty holds nothing, and is never read.

import { comparableDayPriceCents } from '@partage/graphql';
import { pointKey, orderPointKey, publicationSortKey } from '../../data/keys';
import { cellCountItem, pointItem, type CountChange, type SearchEntry, type SearchPoint } from '../../data/search-index';

export const ALL_SCOPE = '*';
export const categoryScope = (category: string) => `C:${category}`;
export const termScope = (term: string) => `T:${term}`;
const isTermScope = (scope: string) => scope.startsWith('T:');

/** Whether stem `a` goes before `b` in choosing a keyword's scope: the longer, then the first in text. */
const ranksBefore = (a: string, b: string) => a.length > b.length || (a.length === b.length && a < b);

/** The stem whose scope a keyword's stems are searched in: the first by ranksBefore. */
export const scopeTermOf = (terms: string[]): string | undefined =>
  terms.reduce<string | undefined>((first, term) => (first === undefined || ranksBefore(term, first) ? term : first), undefined);

/** The finest counted cell of a scope's points. */
export const finestCountedPrecision = (scope: string) => (isTermScope(scope) ? 5 : 7);

/**
 * Count items: the item of a prefix of `item` characters holds the counts of its sub-cells of `cells`
 * characters, and its own (`n`). A stem's scope has no scope-wide item: a search with a place reads
 * the items of its 3-character cells anyway, and one without reads its few items whole (scopeCountItems),
 * so each of an ad's stems costs one count write, not two.
 */
const COUNT_ITEMS = [
  { item: 0, cells: [2, 3] },
  { item: 3, cells: [4, 5] },
  { item: 5, cells: [6, 7] },
] as const;
const countItemsOf = (scope: string) =>
  COUNT_ITEMS.filter(({ item }) => item < finestCountedPrecision(scope) && (item > 0 || !isTermScope(scope)));

/** The prefix of the count item holding a cell's count. */
export const countItemPrefix = (cell: string): string => cell.slice(0, COUNT_ITEMS.findLast(({ item }) => item < cell.length)!.item);

/** The attribute of a cell's count in its count item. */
export const countAttribute = (cell: string) => `c${cell.slice(countItemPrefix(cell).length)}`;

/** Where a scope's count of a cell is: its count item and attribute (a stem's 3-character cell: its own item's total). */
export const countPlace = (scope: string, cell: string): { prefix: string; attribute: string } =>
  isTermScope(scope) && cell.length === 3
    ? { prefix: cell, attribute: 'n' }
    : { prefix: countItemPrefix(cell), attribute: countAttribute(cell) };

/**
 * The price orders' amount, comparable across units (docs/search.md): the price of one day of the rent
 * when it is an amount, else the sale's; 0 for a donation without either (free: first, lowest first);
 * null otherwise (after the priced ads, in both orders).
 */
export function priceCentsOf(entry: Pick<SearchEntry, 'rent' | 'sale' | 'modes'>): number | null {
  const priced = comparableDayPriceCents(entry.rent) ?? comparableDayPriceCents(entry.sale);
  return priced === null && entry.modes.includes('DONATION') ? 0 : priced;
}

/** Sort keys of the price orders: priced ads by amount, then those without one (`~` sorts after them). */
export const PRICED_RANGE: [string, string] = ['P', 'P~'];
export const UNPRICED_RANGE: [string, string] = ['~', '~~'];
export const priceSortKey = (priceCents: number | null, adId: string) =>
  priceCents === null ? `~#${adId}` : `P${String(priceCents).padStart(12, '0')}#${adId}`;

export interface IndexedPoint {
  key: { PK: string; SK: string };
  item: Record<string, unknown>;
  /** A geo point: its scope's cells count it. */
  counted?: { scope: string; geohash: string };
}

/** The points of an ad's search entry. */
export function searchPointsOf(entry: SearchEntry): IndexedPoint[] {
  const point: SearchPoint = {
    id: entry.id,
    latitude: entry.latitude,
    longitude: entry.longitude,
    publishedAt: entry.publishedAt,
    category: entry.category,
    modes: entry.modes,
    availability: entry.availability,
    certifications: entry.certifications,
    priceRanges: entry.priceRanges,
    priceCents: priceCentsOf(entry),
    terms: [],
  };
  const wide = [ALL_SCOPE, categoryScope(entry.category)];
  const geo = (scope: string, terms: string[]): IndexedPoint => {
    const key = pointKey(scope, entry.geohash, entry.id);
    return { key, item: pointItem(key, { ...point, terms }), counted: { scope, geohash: entry.geohash } };
  };
  const ordered = (order: 'DATE' | 'PRICE', scope: string): IndexedPoint => {
    const sortKey = order === 'DATE' ? publicationSortKey(entry.publishedAt, entry.id) : priceSortKey(point.priceCents, entry.id);
    const key = orderPointKey(order, scope, entry.geohash, sortKey);
    return { key, item: pointItem(key, point) };
  };
  return [
    ...wide.map((scope) => geo(scope, [])),
    // A keyword is searched in its first stem's scope (scopeTermOf): its other stems all rank after
    // it, so the point needs only the ad's stems ranked after its own. Fewer than all of them: an edit
    // that gains or loses a stem rewrites only the points of the stems ranked before it.
    ...entry.terms.map((term) =>
      geo(
        termScope(term),
        entry.terms.filter((other) => other === term || ranksBefore(term, other)),
      ),
    ),
    ...wide.flatMap((scope) => [ordered('DATE', scope), ordered('PRICE', scope)]),
  ];
}

/** What the counted points add to their cells' counts (`sign` -1: take away), one change per count item. */
export function countChanges(points: IndexedPoint[], sign: 1 | -1): CountChange[] {
  const changes = new Map<string, CountChange>();
  for (const { counted } of points) {
    if (!counted) continue;
    const { scope, geohash } = counted;
    for (const { item, cells } of countItemsOf(scope)) {
      const prefix = geohash.slice(0, item);
      const change = changes.get(`${scope} ${prefix}`) ?? { scope, prefix, amounts: {} };
      changes.set(`${scope} ${prefix}`, change);
      for (const name of ['n', ...cells.map((length) => countAttribute(geohash.slice(0, length)))]) {
        change.amounts[name] = (change.amounts[name] ?? 0) + sign;
      }
    }
  }
  return [...changes.values()];
}

/** Count changes of many ads summed in memory, written once: as whole items (the re-index, the benchmark) or added (publishAll). */
export class CountTotals {
  private readonly totals = new Map<string, CountChange>();

  add(changes: CountChange[]): void {
    for (const change of changes) {
      const key = `${change.scope} ${change.prefix}`;
      const total = this.totals.get(key) ?? { scope: change.scope, prefix: change.prefix, amounts: {} };
      this.totals.set(key, total);
      for (const [name, amount] of Object.entries(change.amounts)) total.amounts[name] = (total.amounts[name] ?? 0) + amount;
    }
  }

  get size() {
    return this.totals.size;
  }

  /** The sums as count changes (ADD updates over counts already there). */
  changes(): CountChange[] {
    return [...this.totals.values()];
  }

  items(): Record<string, unknown>[] {
    return this.changes().map(({ scope, prefix, amounts }) => cellCountItem(scope, prefix, amounts));
  }
}
