import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { salesTaxRatesOn, taxesAdded, taxesIncluded, untaxed, type TaxBreakdown } from '@partage/graphql';
import { feeCreditedCents, nextCredit, sumOfLines, type Creditable } from './document-credits';

const QUEBEC = salesTaxRatesOn('2026-12-08');
const addsUp = (lines: TaxBreakdown) => lines.baseCents + lines.gstCents + lines.qstCents === lines.totalCents;
const nonNegative = (lines: TaxBreakdown) => Object.values(lines).every((value) => Number.isSafeInteger(value) && value >= 0);

/** A receipt: taxes added to a price, included in one, or none (a seller who collects none). */
const original = fc.oneof(
  fc.integer({ min: 50, max: 10_000_000 }).map((base): Creditable => ({ amounts: taxesAdded(base, QUEBEC), rates: QUEBEC })),
  fc.integer({ min: 50, max: 10_000_000 }).map((total): Creditable => ({ amounts: taxesIncluded(total, QUEBEC), rates: QUEBEC })),
  fc.integer({ min: 50, max: 10_000_000 }).map((total): Creditable => ({ amounts: untaxed(total), rates: null })),
);

/** Refunds of `original`: parts of its total (at least `least` cents each), in order, maybe all of it. */
const refundsOf = (least: number) =>
  original.chain((receipt) =>
    fc
      .array(fc.integer({ min: least, max: receipt.amounts.totalCents }), { minLength: 1, maxLength: 6 })
      .chain((parts) => fc.boolean().map((toTheEnd) => ({ receipt, parts, toTheEnd }))),
  );

/** The credit notes of the refunds in turn (a refund past the total is held to what is left; the last takes the rest when `toTheEnd`). */
function creditNotes({ receipt, parts, toTheEnd }: { receipt: Creditable; parts: number[]; toTheEnd: boolean }): TaxBreakdown[] {
  const notes: TaxBreakdown[] = [];
  let credited = 0;
  for (const part of parts) {
    const next = Math.min(receipt.amounts.totalCents, credited + part);
    if (next === credited) break;
    notes.push(nextCredit(receipt, sumOfLines(notes), next));
    credited = next;
  }
  if (toTheEnd && credited < receipt.amounts.totalCents) notes.push(nextCredit(receipt, sumOfLines(notes), receipt.amounts.totalCents));
  return notes;
}

describe('credit notes', () => {
  it('credit a whole receipt in one note with its own lines', () => {
    fc.assert(
      fc.property(original, (receipt) => {
        expect(nextCredit(receipt, sumOfLines([]), receipt.amounts.totalCents)).toEqual(receipt.amounts);
      }),
    );
  });

  it('have lines that are never negative and add up to what each credits, however small the refunds', () => {
    fc.assert(
      fc.property(refundsOf(1), (refunds) => {
        const notes = creditNotes(refunds);
        expect(notes.every((note) => addsUp(note) && nonNegative(note) && note.totalCents > 0)).toBe(true);
        expect(sumOfLines(notes).totalCents).toBeLessThanOrEqual(refunds.receipt.amounts.totalCents);
      }),
    );
  });

  it('add up, line by line, to the receipt once everything is given back, whatever the partial refunds before', () => {
    fc.assert(
      fc.property(refundsOf(2), (refunds) => {
        const notes = creditNotes({ ...refunds, toTheEnd: true });
        expect(sumOfLines(notes)).toEqual(refunds.receipt.amounts);
      }),
    );
  });

  it('credit a part with the taxes the tax module finds in it', () => {
    const receipt = { amounts: taxesAdded(25_000, QUEBEC), rates: QUEBEC };
    expect(nextCredit(receipt, sumOfLines([]), 5_000)).toEqual({ baseCents: 4_349, gstCents: 217, qstCents: 434, totalCents: 5_000 });
    expect(() => nextCredit(receipt, sumOfLines([]), 0)).toThrow(RangeError);
    expect(() => nextCredit(receipt, sumOfLines([]), 28_745)).toThrow(RangeError);
  });
});

describe('feeCreditedCents', () => {
  it('takes a refund out of the owner’s share first, then the fee', () => {
    // 287,44 $ paid, 25 $ of fee: the owner's share is 262,44 $.
    expect(feeCreditedCents(28_744, 2_500, 26_244)).toBe(0);
    expect(feeCreditedCents(28_744, 2_500, 27_744)).toBe(1_500);
    expect(feeCreditedCents(28_744, 2_500, 28_744)).toBe(2_500);
    expect(feeCreditedCents(28_744, 0, 28_744)).toBe(0);
  });
});
