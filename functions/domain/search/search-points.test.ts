import { describe, expect, it } from 'vitest';
import { searchEntry } from '../../testing/search-entry';
import { countChanges, countPlace, priceCentsOf, priceSortKey, scopeTermOf, searchPointsOf } from './search-points';

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

describe("a stem's point", () => {
  it('holds the stems a keyword searched in its scope may also ask: its own and those ranked after it (shorter, or as long and after it)', () => {
    const points = searchPointsOf(searchEntry({ terms: ['four', 'pizza', 'pate', 'sole'] }));
    const termsOf = (scope: string) => points.find((point) => point.counted?.scope === scope)!.item.w;
    expect(termsOf('T:pizza')).toBe('four pizza pate sole');
    expect(termsOf('T:four')).toBe('four pate sole');
    expect(termsOf('T:pate')).toBe('pate sole');
    expect(termsOf('T:sole')).toBe('sole');
    // The scope a keyword is searched in is the first of its stems in that rank.
    expect(scopeTermOf(['sole', 'four', 'pate'])).toBe('four');
    expect(scopeTermOf([])).toBeUndefined();
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
    // A stem's scope: one item, of its 3-character cell (its total, its 4- and 5-character cells).
    expect(changes.filter((change) => change.scope === 'T:four')).toEqual([
      { scope: 'T:four', prefix: 'f25', amounts: { n: 1, cd: 1, cdv: 1 } },
    ]);
    expect(countChanges(searchPointsOf(entry), -1)[0]!.amounts).toEqual({ n: -1, cf2: -1, cf25: -1 });
  });

  it("finds a cell of any counted size in its count item, a stem scope's 3-character cell in its own", () => {
    const [all, , stem] = searchPointsOf(entry);
    for (const [point, cells] of [
      [all!, ['f2', 'f25', 'f25d', 'f25dv', 'f25dvk', 'f25dvkq']],
      [stem!, ['f25', 'f25d', 'f25dv']],
    ] as const) {
      for (const cell of cells) {
        const { prefix, attribute } = countPlace(point.counted!.scope, cell);
        const change = countChanges([point], 1).find((each) => each.prefix === prefix)!;
        expect(change.amounts[attribute], cell).toBe(1);
      }
    }
  });
});

describe('the price orders', () => {
  it("take one day of the rent's amount, else the sale's, a donation as free, and put ads without one after every amount", () => {
    expect(priceCentsOf(entry)).toBe(50_000);
    const rent = (amountCents: number, unit?: 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'FLAT') => ({
      rent: { kind: 'AMOUNT' as const, amountCents, range: null, unit },
      sale: entry.sale,
      modes: ['RENT' as const],
    });
    expect(priceCentsOf(rent(4_500))).toBe(4_500);
    // Comparable across units: 40 $/hour is 320 $ a day; 28 $/week is 4 $; 47 $/day is itself.
    expect(priceCentsOf(rent(4_000, 'HOUR'))).toBe(32_000);
    expect(priceCentsOf(rent(2_800, 'WEEK'))).toBe(400);
    expect(priceCentsOf(rent(4_700, 'DAY'))).toBe(4_700);
    expect(priceCentsOf(rent(30_000, 'MONTH'))).toBe(1_000);
    expect(priceCentsOf(rent(9_900, 'FLAT'))).toBe(9_900);
    expect(priceCentsOf({ rent: null, sale: null, modes: ['DONATION'] })).toBe(0);
    expect(priceCentsOf({ rent: null, sale: null, modes: ['TRADE'] })).toBeNull();
    const keys = [priceSortKey(null, 'a'), priceSortKey(100_000_00, 'b'), priceSortKey(9, 'c'), priceSortKey(10, 'a')];
    expect([...keys].sort()).toEqual([priceSortKey(9, 'c'), priceSortKey(10, 'a'), priceSortKey(100_000_00, 'b'), priceSortKey(null, 'a')]);
  });
});
