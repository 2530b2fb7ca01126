// Money as each language writes it (Intl.NumberFormat's Canadian dollars for fr-CA and en-CA): two
// decimals, `1 234,50 $` in French, `$1,234.50` in English. Amounts travel as cents.

import type { PriceRange, UiLanguage } from './enums';
import { perLanguage } from './per-language';

/** One per language, made on first use. */
const moneyFormat = perLanguage(
  (language) => new Intl.NumberFormat(language === 'en' ? 'en-CA' : 'fr-CA', { style: 'currency', currency: 'CAD' }),
);

export function formatMoney(cents: number, language: UiLanguage): string {
  // Some ICU versions group fr-CA with a narrow no-break space; a plain no-break space keeps the
  // amount on one line in every font, and reads the same in every browser and on the server.
  return moneyFormat(language)
    .format(cents / 100)
    .replace(/\u202f/g, '\u00a0');
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
