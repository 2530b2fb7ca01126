// Quebec's sales taxes on an amount in integer cents (issue 39 §3): the GST and the QST, each
// computed on the same taxable amount and each rounded half up to the cent (Revenu Québec: the two
// taxes are computed separately, never the QST on the GST). Rates are dated: a contract keeps the
// rates of its date, so a future change of rate adds a row here and rewrites no past receipt.

import type { TaxMode, UiLanguage } from './enums';
import { perLanguage } from './per-language';
import type { RuleResult } from './validation';

/** A rate in hundred-thousandths (5 % = 5 000, 9.975 % = 9 975): integers all the way. */
export const RATE_UNIT = 100_000;

export interface SalesTaxRates {
  /** The first day (YYYY-MM-DD, Quebec) these rates apply to. */
  since: string;
  gst: number;
  qst: number;
}

/** Newest last. GST 5 % since 2008-01-01; QST 9.975 % on the price without the GST since 2013-01-01. */
export const SALES_TAX_RATES: readonly SalesTaxRates[] = [{ since: '2013-01-01', gst: 5_000, qst: 9_975 }];

/** The rates in force on a day (YYYY-MM-DD, or an ISO instant whose date part is read). */
export function salesTaxRatesOn(day: string, table: readonly SalesTaxRates[] = SALES_TAX_RATES): SalesTaxRates {
  const date = day.slice(0, 10);
  const rates = table.findLast((row) => row.since <= date);
  if (!rates) throw new RangeError(`No sales tax rates before ${table[0]?.since}: ${day}`);
  return rates;
}

/** One amount's taxes: `baseCents + gstCents + qstCents = totalCents`, always. */
export interface TaxBreakdown {
  baseCents: number;
  gstCents: number;
  qstCents: number;
  totalCents: number;
}

const assertCents = (cents: number) => {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
};

/** A rate applied to an amount, rounded half up to the cent (adding half the divisor before dividing). */
const taxOn = (baseCents: number, rate: number): number => Math.floor((baseCents * rate + RATE_UNIT / 2) / RATE_UNIT);

/** The taxes added to a pre-tax amount. */
export function taxesAdded(baseCents: number, rates: SalesTaxRates): TaxBreakdown {
  assertCents(baseCents);
  const gstCents = taxOn(baseCents, rates.gst);
  const qstCents = taxOn(baseCents, rates.qst);
  return { baseCents, gstCents, qstCents, totalCents: baseCents + gstCents + qstCents };
}

/**
 * A taxes-included total broken down. The taxes are those of the largest base whose taxes added
 * make no more than the total; the cent or two that rounding may leave over go to the base (the
 * seller's amount), never to a tax, so each tax line is exactly its rate on some base and the lines
 * add up to the total. A total made by `taxesAdded` gives its base and taxes back.
 */
export function taxesIncluded(totalCents: number, rates: SalesTaxRates): TaxBreakdown {
  assertCents(totalCents);
  // Base plus its taxes grows by at least a cent per cent of base: start from the exact quotient and
  // step to the largest base that fits (one step or two at most).
  let base = Math.floor((totalCents * RATE_UNIT) / (RATE_UNIT + rates.gst + rates.qst));
  while (taxesAdded(base + 1, rates).totalCents <= totalCents) base += 1;
  while (base > 0 && taxesAdded(base, rates).totalCents > totalCents) base -= 1;
  const { gstCents, qstCents } = taxesAdded(base, rates);
  return { baseCents: totalCents - gstCents - qstCents, gstCents, qstCents, totalCents };
}

/** An amount without taxes: what a seller who collects none shows. */
export const untaxed = (cents: number): TaxBreakdown => {
  assertCents(cents);
  return { baseCents: cents, gstCents: 0, qstCents: 0, totalCents: cents };
};

/** The lines of a price written in a tax mode, for a seller who collects the taxes or not. */
export function taxLinesOf(priceCents: number, mode: TaxMode, collects: boolean, rates: SalesTaxRates): TaxBreakdown {
  if (!collects) return untaxed(priceCents);
  return mode === 'ADDED' ? taxesAdded(priceCents, rates) : taxesIncluded(priceCents, rates);
}

const rateFormat = perLanguage(
  (language) => new Intl.NumberFormat(language === 'en' ? 'en-CA' : 'fr-CA', { style: 'percent', maximumFractionDigits: 3 }),
);

/** A rate as each language writes it: `9,975 %`, `9.975%` (a no-break space before `%`, as before formatMoney's `$`). */
export const formatTaxRate = (rate: number, language: UiLanguage): string =>
  rateFormat(language)
    .format(rate / RATE_UNIT)
    .replace(/\u202f/g, '\u00a0');

// Registration numbers, stored without spaces in capitals: the GST/HST number is the 9-digit
// business number, "RT" and a 4-digit account; the QST number 10 digits, "TQ" and 4 digits.
const GST_NUMBER = /^\d{9}RT\d{4}$/;
const QST_NUMBER = /^\d{10}TQ\d{4}$/;

/** The stored form of a registration number as typed: spaces removed, capitals. */
export const normalizeTaxNumber = (typed: string): string => typed.replace(/\s+/g, '').toUpperCase();

const isBlank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

export const gstNumber = (v: string | null | undefined): RuleResult =>
  isBlank(v) || GST_NUMBER.test(normalizeTaxNumber(v!)) ? null : 'gstNumber';

export const qstNumber = (v: string | null | undefined): RuleResult =>
  isBlank(v) || QST_NUMBER.test(normalizeTaxNumber(v!)) ? null : 'qstNumber';
