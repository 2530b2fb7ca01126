import { describe, expect, it } from 'vitest';
import { PRICE_RANGES } from './enums';
import { formatMoney, formatPriceRange, priceRangeOfCents, typedAmountOf } from './money';

/** The French spaces made visible: `_` between thousands (narrow no-break), `~` before the sign (no-break). */
const visible = (s: string) => s.replace(/\u202f/g, '_').replace(/\u00a0/g, '~');

describe('formatMoney', () => {
  it('writes French amounts as Quebec does: thousands apart by a narrow no-break space, a comma, a no-break space before $', () => {
    expect(visible(formatMoney(123456, 'fr'))).toBe('1_234,56~$');
    expect(visible(formatMoney(0, 'fr'))).toBe('0,00~$');
    expect(visible(formatMoney(5, 'fr'))).toBe('0,05~$');
    expect(visible(formatMoney(99_999, 'fr'))).toBe('999,99~$');
    expect(visible(formatMoney(100_000_000, 'fr'))).toBe('1_000_000,00~$');
  });

  it('writes English amounts with the sign first, commas between thousands and a period', () => {
    expect(formatMoney(123456, 'en')).toBe('$1,234.56');
    expect(formatMoney(9550, 'en')).toBe('$95.50');
    expect(formatMoney(5, 'en')).toBe('$0.05');
    expect(formatMoney(100_000_000, 'en')).toBe('$1,000,000.00');
  });

  it('says no "CA" (the product is Canadian only) and has no breaking space', () => {
    for (const language of ['fr', 'en'] as const) {
      expect(formatMoney(123456, language)).not.toMatch(/CA| /);
    }
  });

  it('writes what Intl writes for Canadian dollars, but for the narrow space between French thousands', () => {
    for (const cents of [0, 7, 99_999, 123_456, 987_654_321]) {
      const intl = (locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' }).format(cents / 100);
      expect(formatMoney(cents, 'en')).toBe(intl('en-CA'));
      expect(formatMoney(cents, 'fr').replace(/\u202f/g, '\u00a0')).toBe(intl('fr-CA').replace(/\u202f/g, '\u00a0'));
    }
  });

  it('puts a minus before a negative amount', () => {
    expect(formatMoney(-123456, 'en')).toBe('-$1,234.56');
    expect(visible(formatMoney(-50, 'fr'))).toBe('-0,50~$');
  });
});

describe('typedAmountOf', () => {
  it('writes cents as a price field shows them: the language’s decimal mark, no grouping', () => {
    expect(typedAmountOf(123405, 'fr')).toBe('1234,05');
    expect(typedAmountOf(123405, 'en')).toBe('1234.05');
    expect(typedAmountOf(7, 'en')).toBe('0.07');
  });
});

describe('price ranges', () => {
  it('name each bucket with the money format, without cents', () => {
    expect(PRICE_RANGES.map((range) => visible(formatPriceRange(range, 'fr')))).toEqual([
      '0 à 100~$',
      '100 à 500~$',
      '500 à 1_000~$',
      '1_000 à 2_000~$',
      '2_000~$ et plus',
    ]);
    expect(PRICE_RANGES.map((range) => formatPriceRange(range, 'en'))).toEqual([
      '$0 to $100',
      '$100 to $500',
      '$500 to $1,000',
      '$1,000 to $2,000',
      '$2,000 or more',
    ]);
  });

  it('put an amount in the bucket of its lower bound', () => {
    expect(priceRangeOfCents(0)).toBe('FROM_0_TO_100');
    expect(priceRangeOfCents(9_999)).toBe('FROM_0_TO_100');
    expect(priceRangeOfCents(10_000)).toBe('FROM_100_TO_500');
    expect(priceRangeOfCents(99_999)).toBe('FROM_500_TO_1000');
    expect(priceRangeOfCents(100_000)).toBe('FROM_1000_TO_2000');
    expect(priceRangeOfCents(200_000)).toBe('FROM_2000');
  });
});
