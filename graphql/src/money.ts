// Money format of spec §9: two decimals and the suffix `$ CA`, with each language's grouping and
// decimal mark: `1 234,50 $ CA` in French, `1,234.50 $ CA` in English. Amounts travel as cents.

import type { UiLanguage } from './enums';

const FORMATS: Record<UiLanguage, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat('fr-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

export function formatMoney(cents: number, language: UiLanguage): string {
  // fr-CA groups with a narrow no-break space; a plain no-break space keeps the amount on one line
  // in every font.
  return `${FORMATS[language].format(cents / 100).replace(/\u202f/g, '\u00a0')}\u00a0$\u00a0CA`;
}
