import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatTaxRate,
  gstNumber,
  normalizeTaxNumber,
  qstNumber,
  SALES_TAX_RATES,
  salesTaxRatesOn,
  taxesAdded,
  taxesIncluded,
  taxLinesOf,
  type SalesTaxRates,
  type TaxBreakdown,
} from './sales-taxes';

const QUEBEC = salesTaxRatesOn('2026-12-08');
const cents = fc.integer({ min: 0, max: 10_000_000 });
/** Any rates a future table might hold, 0 % to 30 % each. */
const anyRates = fc.record({
  since: fc.constant('2013-01-01'),
  gst: fc.integer({ min: 0, max: 30_000 }),
  qst: fc.integer({ min: 0, max: 30_000 }),
});
const addsUp = (lines: TaxBreakdown) => lines.baseCents + lines.gstCents + lines.qstCents === lines.totalCents;
const nonNegative = (lines: TaxBreakdown) => Object.values(lines).every((value) => Number.isSafeInteger(value) && value >= 0);

describe('salesTaxRatesOn', () => {
  it('gives Quebec’s rates since 2013: GST 5 %, QST 9.975 %', () => {
    expect(QUEBEC).toEqual({ since: '2013-01-01', gst: 5_000, qst: 9_975 });
    expect(salesTaxRatesOn('2013-01-01T05:00:00.000Z')).toBe(SALES_TAX_RATES[0]);
    expect(() => salesTaxRatesOn('2012-12-31')).toThrow(RangeError);
  });

  it('keeps each date’s rates when a newer row is added', () => {
    const table: SalesTaxRates[] = [...SALES_TAX_RATES, { since: '2030-07-01', gst: 6_000, qst: 10_000 }];
    fc.assert(
      fc.property(fc.date({ min: new Date('2013-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }), (date) => {
        const day = date.toISOString().slice(0, 10);
        expect(salesTaxRatesOn(day, table)).toEqual(day < '2030-07-01' ? QUEBEC : table[1]);
      }),
    );
  });
});

describe('taxesAdded', () => {
  it('computes each tax on the base and rounds each half up to the cent', () => {
    expect(taxesAdded(10_000, QUEBEC)).toEqual({ baseCents: 10_000, gstCents: 500, qstCents: 998, totalCents: 11_498 });
    // 10 ¢: GST 0.5 ¢ → 1 ¢ (half up), QST 0.9975 ¢ → 1 ¢.
    expect(taxesAdded(10, QUEBEC)).toEqual({ baseCents: 10, gstCents: 1, qstCents: 1, totalCents: 12 });
    // 30 $: QST 299.25 ¢ → 299 ¢.
    expect(taxesAdded(3_000, QUEBEC)).toMatchObject({ gstCents: 150, qstCents: 299 });
    expect(taxesAdded(0, QUEBEC).totalCents).toBe(0);
    expect(() => taxesAdded(10.5, QUEBEC)).toThrow(RangeError);
    expect(() => taxesAdded(-1, QUEBEC)).toThrow(RangeError);
  });

  it('always adds up, never negative, each tax within half a cent of its exact amount', () => {
    fc.assert(
      fc.property(cents, anyRates, (base, rates) => {
        const lines = taxesAdded(base, rates);
        expect(addsUp(lines) && nonNegative(lines)).toBe(true);
        expect(Math.abs(lines.gstCents - (base * rates.gst) / 100_000)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(lines.qstCents - (base * rates.qst) / 100_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('taxesIncluded', () => {
  it('breaks a total down into its base and taxes', () => {
    expect(taxesIncluded(11_498, QUEBEC)).toEqual({ baseCents: 10_000, gstCents: 500, qstCents: 998, totalCents: 11_498 });
    // No base gives 1 ¢ with its taxes: the cent is the base's.
    expect(taxesIncluded(1, QUEBEC)).toEqual({ baseCents: 1, gstCents: 0, qstCents: 0, totalCents: 1 });
    // 11 ¢: base 9 ¢ makes 10 ¢ (QST 0.9 ¢ → 1 ¢), base 10 ¢ makes 12 ¢: the 9 ¢ base's taxes, the cent left to the base.
    expect(taxesIncluded(11, QUEBEC)).toEqual({ baseCents: 10, gstCents: 0, qstCents: 1, totalCents: 11 });
  });

  it('always adds up to the total, never negative, and gives back what taxesAdded made', () => {
    fc.assert(
      fc.property(cents, anyRates, (total, rates) => {
        const lines = taxesIncluded(total, rates);
        expect(lines.totalCents).toBe(total);
        expect(addsUp(lines) && nonNegative(lines)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(cents, anyRates, (base, rates) => {
        const added = taxesAdded(base, rates);
        expect(taxesIncluded(added.totalCents, rates)).toEqual(added);
      }),
    );
  });

  it('leaves the rounding to the base: the taxes are those of the largest base that fits, at most 2 ¢ below it', () => {
    fc.assert(
      fc.property(cents, anyRates, (total, rates) => {
        const lines = taxesIncluded(total, rates);
        const taxed = [0, 1, 2]
          .map((below) => lines.baseCents - below)
          .find((base) => base >= 0 && taxesAdded(base, rates).totalCents <= total && taxesAdded(base + 1, rates).totalCents > total);
        expect(taxed).toBeDefined();
        expect(taxesAdded(taxed!, rates)).toMatchObject({ gstCents: lines.gstCents, qstCents: lines.qstCents });
      }),
    );
  });
});

describe('taxLinesOf', () => {
  it('taxes a registered seller’s price in its mode, and nobody else’s', () => {
    expect(taxLinesOf(10_000, 'ADDED', true, QUEBEC).totalCents).toBe(11_498);
    expect(taxLinesOf(11_498, 'INCLUDED', true, QUEBEC).baseCents).toBe(10_000);
    for (const mode of ['ADDED', 'INCLUDED'] as const)
      expect(taxLinesOf(10_000, mode, false, QUEBEC)).toEqual({ baseCents: 10_000, gstCents: 0, qstCents: 0, totalCents: 10_000 });
  });
});

describe('formatTaxRate', () => {
  it('writes a rate as each language does', () => {
    expect(formatTaxRate(9_975, 'fr')).toBe('9,975\u00a0%');
    expect(formatTaxRate(5_000, 'en')).toBe('5%');
  });
});

describe('registration numbers', () => {
  it('accepts the GST/HST and QST shapes typed with spaces or in lower case, and stores them compact in capitals', () => {
    expect(gstNumber('123456789RT0001')).toBeNull();
    expect(gstNumber(' 123456789 rt 0001 ')).toBeNull();
    expect(normalizeTaxNumber(' 123456789 rt 0001 ')).toBe('123456789RT0001');
    expect(qstNumber('1234567890TQ0001')).toBeNull();
    expect(qstNumber('1234567890 tq 0001')).toBeNull();
    expect(gstNumber('')).toBeNull();
  });

  it('refuses any other shape', () => {
    for (const wrong of ['12345678RT0001', '123456789TQ0001', '123456789RT001', '123456789-RT-0001', '1234567890TQ0001'])
      expect(gstNumber(wrong)).toBe('gstNumber');
    for (const wrong of ['123456789TQ0001', '1234567890RT0001', '1234567890TQ00011', '123456789RT0001'])
      expect(qstNumber(wrong)).toBe('qstNumber');
  });
});
