// An ad's compact search points and the cell counts they add to (functions/data/search-index.ts):
// - a geo point in each scope it is in — all ads, its category, each of its keyword stems — keyed by
//   its geohash in the scope's partition of a 3-character cell: a cell of any finer size is one range;
// - a date point and a price point for all ads and for its category: the date and price orders of
//   a set too large to sort in memory;
// - per scope, the count of points of the cells holding it, from 2 to 7 characters (5 for a stem's
//   scope, whose points are few): the engine picks the cells to read from them, without probing.
// A count is raised before its point is written and lowered after it is deleted, so a count is never
// below its cell's points: a cell counted empty holds nothing, and is never read.

import { pointKey, orderPointKey, publicationSortKey } from '../../data/keys';
import { cellCountItem, pointItem, type CountChange, type SearchEntry, type SearchPoint } from '../../data/search-index';

export const ALL_SCOPE = '*';
export const categoryScope = (category: string) => `C:${category}`;
export const termScope = (term: string) => `T:${term}`;
const isTermScope = (scope: string) => scope.startsWith('T:');

/** The finest counted cell of a scope's points. */
export const finestCountedPrecision = (scope: string) => (isTermScope(scope) ? 5 : 7);

/** Count items: the item of a prefix of `item` characters holds the counts of its sub-cells of `cells` characters. */
const COUNT_ITEMS = [
  { item: 0, cells: [2, 3] },
  { item: 3, cells: [4, 5] },
  { item: 5, cells: [6, 7] },
] as const;

/** The prefix of the count item holding a cell's count. */
export const countItemPrefix = (cell: string): string => cell.slice(0, COUNT_ITEMS.findLast(({ item }) => item < cell.length)!.item);

/** The attribute of a cell's count in its count item. */
export const countAttribute = (cell: string) => `c${cell.slice(countItemPrefix(cell).length)}`;

/** The price orders' amount: the rent's when it is one, else the sale's; null when neither is an amount. */
export function priceCentsOf(entry: Pick<SearchEntry, 'rent' | 'sale'>): number | null {
  const amount = (offer: SearchEntry['rent']) => (offer?.kind === 'AMOUNT' ? offer.amountCents : null);
  return amount(entry.rent) ?? amount(entry.sale);
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
  const geo = (scope: string, withTerms: boolean): IndexedPoint => {
    const key = pointKey(scope, entry.geohash, entry.id);
    return { key, item: pointItem(key, withTerms ? { ...point, terms: entry.terms } : point), counted: { scope, geohash: entry.geohash } };
  };
  const ordered = (order: 'DATE' | 'PRICE', scope: string): IndexedPoint => {
    const sortKey = order === 'DATE' ? publicationSortKey(entry.publishedAt, entry.id) : priceSortKey(point.priceCents, entry.id);
    const key = orderPointKey(order, scope, entry.geohash, sortKey);
    return { key, item: pointItem(key, point) };
  };
  return [
    ...wide.map((scope) => geo(scope, false)),
    ...entry.terms.map((term) => geo(termScope(term), true)),
    ...wide.flatMap((scope) => [ordered('DATE', scope), ordered('PRICE', scope)]),
  ];
}

/** What the counted points add to their cells' counts (`sign` -1: take away), one change per count item. */
export function countChanges(points: IndexedPoint[], sign: 1 | -1): CountChange[] {
  const changes = new Map<string, CountChange>();
  for (const { counted } of points) {
    if (!counted) continue;
    const { scope, geohash } = counted;
    for (const { item, cells } of COUNT_ITEMS) {
      if (cells[0] > finestCountedPrecision(scope)) break;
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

/** Count changes of many ads summed in memory, written once as whole items (bulk loads: the re-index, the benchmark). */
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

  items(): Record<string, unknown>[] {
    return [...this.totals.values()].map(({ scope, prefix, amounts }) => cellCountItem(scope, prefix, amounts));
  }
}
