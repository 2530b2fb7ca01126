// Money format of spec §9: two decimals and the suffix `$ CA`, with each language's grouping and
// decimal mark: `1 234,50 $ CA` in French, `1,234.50 $ CA` in English. Amounts travel as cents.

import type { PriceRange, UiLanguage } from './enums';

const FORMATS: Record<UiLanguage, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat('fr-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

export function formatMoney(cents: number, language: UiLanguage): string {
  // fr-CA groups with a narrow no-break space; a plain no-break space keeps the amount on one line
  // in every font.
  return `${FORMATS[language].format(cents / 100).replace(/\u202f/g, '\u00a0')}\u00a0$\u00a0CA`;
}

/**
 * The price bucket (spec §9) an amount falls in; each bucket holds its lower bound and not its upper
 * one (100 $ is in 100-500).
 */
export function priceRangeOfCents(cents: number): PriceRange {
  const dollars = cents / 100;
  if (dollars < 100) return 'FROM_0_TO_100';
  if (dollars < 500) return 'FROM_100_TO_500';
  if (dollars < 1000) return 'FROM_500_TO_1000';
  if (dollars < 2000) return 'FROM_1000_TO_2000';
  return 'FROM_2000';
}
