import { describe, expect, it } from 'vitest';
import { searchEntry } from '../../testing/search-entry';
import { countAttribute, countChanges, countItemPrefix, priceCentsOf, priceSortKey, searchPointsOf } from './search-points';

const entry = searchEntry({
  geohash: 'f25dvkqrs',
  rent: { kind: 'RANGE', amountCents: null, range: 'FROM_0_TO_100' },
  modes: ['RENT', 'SALE'],
  priceRanges: ['FROM_0_TO_100', 'FROM_500_TO_1000'],
});

describe('searchPointsOf', () => {
  it('puts a geo point in the scopes of all ads, its category and each stem, and date and price points for the first two', () => {
    expect(searchPointsOf(entry).map((point) => `${point.key.PK} ${point.key.SK}`)).toEqual([
      'PT#*#f25 f25dvkqrs#a',
      'PT#C:PROFESSIONAL_COOKING_EQUIPMENT#f25 f25dvkqrs#a',
      'PT#T:four#f25 f25dvkqrs#a',
      'PT#T:pizza#f25 f25dvkqrs#a',
      'DT#*#f2 2026-11-01T00:00:00.000Z#a',
      'PR#*#f2 P000000050000#a',
      'DT#C:PROFESSIONAL_COOKING_EQUIPMENT#f2 2026-11-01T00:00:00.000Z#a',
      'PR#C:PROFESSIONAL_COOKING_EQUIPMENT#f2 P000000050000#a',
    ]);
  });
});

describe('countChanges', () => {
  it("counts a geo point in its cells of 2 to 7 characters (5 for a stem's scope), one change per count item", () => {
    const changes = countChanges(searchPointsOf(entry).slice(0, 3), 1);
    expect(changes.filter((change) => change.scope === '*')).toEqual([
      { scope: '*', prefix: '', amounts: { n: 1, cf2: 1, cf25: 1 } },
      { scope: '*', prefix: 'f25', amounts: { n: 1, cd: 1, cdv: 1 } },
      { scope: '*', prefix: 'f25dv', amounts: { n: 1, ck: 1, ckq: 1 } },
    ]);
    expect(changes.filter((change) => change.scope === 'T:four').map((change) => change.prefix)).toEqual(['', 'f25']);
    expect(countChanges(searchPointsOf(entry), -1)[0]!.amounts).toEqual({ n: -1, cf2: -1, cf25: -1 });
  });

  it('finds a cell of any counted size in its count item', () => {
    for (const cell of ['f2', 'f25', 'f25d', 'f25dv', 'f25dvk', 'f25dvkq']) {
      const change = countChanges(searchPointsOf(entry).slice(0, 1), 1).find((each) => each.prefix === countItemPrefix(cell))!;
      expect(change.amounts[countAttribute(cell)], cell).toBe(1);
    }
  });
});

describe('the price orders', () => {
  it("take the rent's amount, else the sale's, and put ads without one after every amount", () => {
    expect(priceCentsOf(entry)).toBe(50_000);
    expect(priceCentsOf({ rent: { kind: 'AMOUNT', amountCents: 4_500, range: null }, sale: entry.sale })).toBe(4_500);
    expect(priceCentsOf({ rent: null, sale: null })).toBeNull();
    const keys = [priceSortKey(null, 'a'), priceSortKey(100_000_00, 'b'), priceSortKey(9, 'c'), priceSortKey(10, 'a')];
    expect([...keys].sort()).toEqual([priceSortKey(9, 'c'), priceSortKey(10, 'a'), priceSortKey(100_000_00, 'b'), priceSortKey(null, 'a')]);
  });
});
