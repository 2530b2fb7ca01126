// What a credit note credits (issue 39 §4), in integer cents, from the tax module: the part of an
// original document (a receipt, a fee invoice) that the money given back so far takes, broken down at
// the original's rates as the tax module breaks down any amount with its taxes included. Credit notes
// are computed cumulatively: each credits what the total given back now takes less what the notes before
// it credited, so that the notes of a fully refunded document add up to its own lines, to the cent,
// whatever the number of partial refunds before.

import { taxesIncluded, untaxed, type SalesTaxRates, type TaxBreakdown } from '@partage/graphql';

/** What a credit note credits of: an original's lines and the rates it was taxed at (null: untaxed). */
export interface Creditable {
  amounts: TaxBreakdown;
  rates: SalesTaxRates | null;
}

const ZERO: TaxBreakdown = { baseCents: 0, gstCents: 0, qstCents: 0, totalCents: 0 };

/** The lines of `cents` of the original: its own lines for the whole, else the tax module's breakdown at its rates. */
function partOf(original: Creditable, cents: number): TaxBreakdown {
  if (cents === original.amounts.totalCents) return original.amounts;
  return original.rates ? taxesIncluded(cents, original.rates) : untaxed(cents);
}

/** The lines credited so far: the sum of the notes' lines. */
export const sumOfLines = (lines: TaxBreakdown[]): TaxBreakdown =>
  lines.reduce(
    (sum, line) => ({
      baseCents: sum.baseCents + line.baseCents,
      gstCents: sum.gstCents + line.gstCents,
      qstCents: sum.qstCents + line.qstCents,
      totalCents: sum.totalCents + line.totalCents,
    }),
    ZERO,
  );

/**
 * The next credit note's lines once `creditedCents` of the original are credited in all, the notes
 * before having credited `before`: every line positive or zero, adding up to the amount credited now.
 * A one-cent credit can cross a step of both taxes at once (two cents of taxes for one cent): its
 * taxes are then held to the cent it credits, and a later note catches up.
 */
export function nextCredit(original: Creditable, before: TaxBreakdown, creditedCents: number): TaxBreakdown {
  const totalCents = creditedCents - before.totalCents;
  if (totalCents <= 0 || creditedCents > original.amounts.totalCents) throw new RangeError(`Nothing to credit: ${creditedCents}`);
  const target = partOf(original, creditedCents);
  const gstCents = Math.min(Math.max(0, target.gstCents - before.gstCents), totalCents);
  const qstCents = Math.min(Math.max(0, target.qstCents - before.qstCents), totalCents - gstCents);
  return { baseCents: totalCents - gstCents - qstCents, gstCents, qstCents, totalCents };
}

/**
 * The part of the platform's fee that `refundedCents` given back to the tenant takes: a refund comes
 * out of the owner's share first, then the fee (contract-money.ts).
 */
export const feeCreditedCents = (totalCents: number, feeCents: number, refundedCents: number): number =>
  Math.max(0, Math.min(feeCents, refundedCents - (totalCents - feeCents)));
