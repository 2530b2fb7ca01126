import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from './enums';
import { formatMoney, typedAmountOf } from './money';
import { readTypedAmount } from './typed-amount';

const cents = fc.integer({ min: 0, max: 100_000_000_000 });
const language = fc.constantFrom(...UI_LANGUAGES);

describe('readTypedAmount', () => {
  it.each([
    ['125', 12_500],
    ['125,5', 12_550],
    ['125.05', 12_505],
    ['1234,56', 123_456],
    ['1234.56', 123_456],
    ['1 234,56', 123_456],
    ['1\u00a0234,56 $', 123_456],
    ['1\u202f234,56\u00a0$', 123_456],
    ['$1,234.56', 123_456],
    ['$ 1 234.56', 123_456],
    ['1.234,56', 123_456],
    ['1,234,567', 123_456_700],
    ['1 234 567', 123_456_700],
    ['0,99', 99],
    ['0', 0],
  ])('reads %s as %i cents in both languages', (typed, expected) => {
    for (const language of UI_LANGUAGES) expect(readTypedAmount(typed, language), language).toEqual({ cents: expected });
  });

  it('reads a lone comma before three digits as thousands in English, and asks which it is in French', () => {
    expect(readTypedAmount('1,234', 'en')).toEqual({ cents: 123_400 });
    expect(readTypedAmount('12,345', 'en')).toEqual({ cents: 1_234_500 });
    expect(readTypedAmount('1,234', 'fr')).toEqual({ rule: 'amountAmbiguous' });
    expect(readTypedAmount('1.234', 'fr')).toEqual({ rule: 'amountAmbiguous' });
    expect(readTypedAmount('1.234', 'en')).toEqual({ rule: 'amountDecimals' });
  });

  it.each([
    ['1,234,56', 'amountAmbiguous'],
    ['1.234.56', 'amountAmbiguous'],
    ['12,3456', 'amountDecimals'],
    ['1.234,567', 'amountDecimals'],
    ['abc', 'amount'],
    ['-5', 'amount'],
    ['12 34', 'amount'],
    ['1234 567', 'amount'],
    [',50', 'amount'],
    ['12 $ CA', 'amount'],
    ['$', 'amount'],
    ['1 234,567.00', 'amount'],
    ['  ', 'required'],
    ['99999999999999999', 'amount'],
  ])('refuses %s in both languages (%s)', (typed, rule) => {
    for (const language of UI_LANGUAGES) expect(readTypedAmount(typed, language), language).toEqual({ rule });
  });

  it('reads back every amount formatted in either language, in both languages', () => {
    fc.assert(
      fc.property(cents, language, language, (amount, written, read) => {
        expect(readTypedAmount(formatMoney(amount, written), read)).toEqual({ cents: amount });
      }),
    );
  });

  it('reads back what a price field shows for editing', () => {
    fc.assert(
      fc.property(cents, language, (amount, language) => {
        expect(readTypedAmount(typedAmountOf(amount, language), language)).toEqual({ cents: amount });
      }),
    );
  });

  it('answers integer cents or a rule for anything typed, never throws', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\d\s.,$a-z-]{0,16}$/), language, (typed, language) => {
        const result = readTypedAmount(typed, language);
        if ('cents' in result) expect(Number.isSafeInteger(result.cents) && result.cents >= 0).toBe(true);
        else expect(['required', 'amount', 'amountDecimals', 'amountAmbiguous']).toContain(result.rule);
      }),
    );
  });
});
