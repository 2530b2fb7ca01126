// Money as each language writes it, the one format of every screen, e-mail, receipt and invoice
// (docs/money.md): two decimals, `1 234,56 $` in French (a narrow no-break space between thousands
// and a no-break space before the sign, as the Office québécois de la langue française writes it),
// `$1,234.56` in English. Canadian dollars only, so no "CA". Written by hand from integer cents, so
// that the server and every browser write the same characters whatever their ICU data.

import { PRICE_RANGES, type PriceRange, type UiLanguage } from './enums';

/** Between groups of thousands in French (U+202F NARROW NO-BREAK SPACE). */
export const FRENCH_GROUP_SEPARATOR = '\u202f';
/** Between a French amount and its sign (U+00A0 NO-BREAK SPACE): the amount never wraps. */
export const FRENCH_SIGN_SEPARATOR = '\u00a0';

const WRITING: Record<UiLanguage, { group: string; decimal: string; signed: (amount: string) => string }> = {
  fr: { group: FRENCH_GROUP_SEPARATOR, decimal: ',', signed: (amount) => `${amount}${FRENCH_SIGN_SEPARATOR}$` },
  en: { group: ',', decimal: '.', signed: (amount) => `$${amount}` },
};

/** Whole dollars with their thousands grouped: `1 234` in French, `1,234` in English. */
const groupedDollars = (dollars: number, language: UiLanguage): string =>
  String(dollars).replace(/\B(?=(\d{3})+$)/g, WRITING[language].group);

/** An amount of cents in the language's format: `1 234,56 $`, `$1,234.56` (`-` before a negative one). */
export function formatMoney(cents: number, language: UiLanguage): string {
  const whole = Math.abs(Math.round(cents));
  const { decimal, signed } = WRITING[language];
  const amount = `${groupedDollars(Math.floor(whole / 100), language)}${decimal}${String(whole % 100).padStart(2, '0')}`;
  return `${cents < 0 ? '-' : ''}${signed(amount)}`;
}

/** Cents as a price field shows them for editing: the language's decimal mark, no grouping (`1234,56`, `1234.56`). */
export const typedAmountOf = (cents: number, language: UiLanguage): string =>
  `${Math.floor(cents / 100)}${WRITING[language].decimal}${String(cents % 100).padStart(2, '0')}`;

/** The bounds in dollars of each price bucket (spec §9): its lower one included, its upper one not (none for the last). */
const PRICE_RANGE_BOUNDS: Record<PriceRange, readonly [number, number | null]> = {
  FROM_0_TO_100: [0, 100],
  FROM_100_TO_500: [100, 500],
  FROM_500_TO_1000: [500, 1000],
  FROM_1000_TO_2000: [1000, 2000],
  FROM_2000: [2000, null],
};

/** The price bucket (spec §9) an amount falls in (100 $ is in 100-500). */
export function priceRangeOfCents(cents: number): PriceRange {
  return PRICE_RANGES.find((range) => cents < (PRICE_RANGE_BOUNDS[range][1] ?? Infinity) * 100) ?? 'FROM_2000';
}

const wholeMoney = (dollars: number, language: UiLanguage) => WRITING[language].signed(groupedDollars(dollars, language));

/** A price bucket in words, its amounts in the money format without cents: `500 à 1 000 $`, `$500 to $1,000`, `2 000 $ et plus`. */
export function formatPriceRange(range: PriceRange, language: UiLanguage): string {
  const [from, to] = PRICE_RANGE_BOUNDS[range];
  if (to === null) return language === 'en' ? `${wholeMoney(from, language)} or more` : `${wholeMoney(from, language)} et plus`;
  return language === 'en'
    ? `${wholeMoney(from, language)} to ${wholeMoney(to, language)}`
    : `${groupedDollars(from, language)} à ${wholeMoney(to, language)}`;
}
