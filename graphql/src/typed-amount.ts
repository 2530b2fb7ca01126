// The one reader of amounts people type (an ad's prices, a contract's price, an administrator's
// refund): dollars as each language writes them, to integer cents, or the rule it breaks
// (docs/money.md). Spaces (any kind) group thousands; a comma or a period followed by one or two
// digits at the end marks the cents, and the other mark may group thousands before it (`1,234.56`,
// `1.234,56`); a `$` may stand before or after. What reads two ways is refused rather than guessed:
// `1,234,56` (one mark for both), and a lone mark before three digits, except an English comma
// (`1,234` is 1 234 $ in English, but a comma marks the cents in French).

import type { UiLanguage } from './enums';
import type { RuleName } from './validation';

/** Why a typed amount is not one (`validation.<rule>` in the web locales). */
export type TypedAmountRule = Extract<RuleName, 'required' | 'amount' | 'amountDecimals' | 'amountAmbiguous'>;

export type TypedAmount = { cents: number } | { rule: TypedAmountRule };

type Mark = ',' | '.' | ' ';

/** The typed amount in cents, or the rule it breaks. */
export function readTypedAmount(typed: string, language: UiLanguage): TypedAmount {
  const text = typed
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/\s*\$$/, '');
  if (text === '') return { rule: typed.trim() === '' ? 'required' : 'amount' };
  // Digit runs and the marks between them: [run, mark, run, …, run].
  const parts = text.split(/(\s+|[.,])/);
  const runs = parts.filter((_, index) => index % 2 === 0);
  const marks = parts.filter((_, index) => index % 2 === 1).map((mark): Mark => (/\s/.test(mark) ? ' ' : (mark as Mark)));
  if (!runs.every((run) => /^\d+$/.test(run))) return { rule: 'amount' };

  const last = marks.at(-1);
  const lastRun = runs.at(-1)!;
  let decimalMark: Mark | null = null;
  if (last !== undefined && last !== ' ') {
    const before = marks.slice(0, -1);
    if (lastRun.length <= 2) decimalMark = last;
    else if (lastRun.length > 3 || before.some((mark) => mark !== ' ' && mark !== last)) return { rule: 'amountDecimals' };
    else if (!before.includes(last)) {
      // A lone mark before three digits: thousands in English with a comma, cents with a period; unsure in French.
      if (language === 'fr') return { rule: 'amountAmbiguous' };
      if (last === '.') return { rule: 'amountDecimals' };
    }
  }

  const dollarRuns = decimalMark ? runs.slice(0, -1) : runs;
  const groupMarks = decimalMark ? marks.slice(0, -1) : marks;
  if (groupMarks.some((mark) => mark === decimalMark)) return { rule: 'amountAmbiguous' };
  const grouped =
    groupMarks.length === 0 ||
    (groupMarks.every((mark) => mark === groupMarks[0]) &&
      dollarRuns[0]!.length <= 3 &&
      dollarRuns.slice(1).every((run) => run.length === 3));
  if (!grouped) return { rule: 'amount' };

  const cents = Number(dollarRuns.join('')) * 100 + Number(decimalMark ? lastRun.padEnd(2, '0') : 0);
  return Number.isSafeInteger(cents) ? { cents } : { rule: 'amount' };
}
