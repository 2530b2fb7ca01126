// The platform's fee on a contract, in integer CAD cents (DESIGN.md "Money": never floats). The
// percentage is given in basis points (1 % = 100) so that the whole computation stays in integers;
// the percentage part is rounded half up to the cent, then the fixed part is added, and the fee
// never exceeds the total. The owner receives the rest. The fee includes the platform's own GST and
// QST when the platform is registered (contract-taxes.ts).

import { gstNumber, normalizeTaxNumber, qstNumber } from '@partage/graphql';

export interface PlatformFeeSettings {
  /** 0 to 10 000 (0 % to 100 %). */
  basisPoints: number;
  /** 0 or more. */
  fixedCents: number;
}

const BASIS_POINTS_PER_UNIT = 10_000;

export function platformFeeCents(totalCents: number, settings: PlatformFeeSettings): number {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`Not an amount in cents: ${totalCents}`);
  // Half up: adding half the divisor before the integer division.
  const percentPart = Math.floor((totalCents * settings.basisPoints + BASIS_POINTS_PER_UNIT / 2) / BASIS_POINTS_PER_UNIT);
  return Math.min(totalCents, percentPart + settings.fixedCents);
}

/**
 * The settings from the deployment's configuration (`PLATFORM_FEE_BASIS_POINTS`,
 * `PLATFORM_FEE_FIXED_CENTS`), both 0 when unset. A malformed value is a deployment error: it throws
 * rather than charging a fee nobody chose.
 */
export function platformFeeSettingsOf(env: Record<string, string | undefined>): PlatformFeeSettings {
  const read = (name: string, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return 0;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value > max) throw new RangeError(`${name} must be an integer from 0 to ${max}: ${raw}`);
    return value;
  };
  return { basisPoints: read('PLATFORM_FEE_BASIS_POINTS', BASIS_POINTS_PER_UNIT), fixedCents: read('PLATFORM_FEE_FIXED_CENTS', 100_000) };
}

/**
 * The platform's registration for the GST and QST (`PLATFORM_GST_NUMBER`, `PLATFORM_QST_NUMBER`), null
 * when neither is set (its fee then carries no taxes). One without the other, or a number of the wrong
 * shape, is a deployment error: it throws rather than issue invoices with a wrong number.
 */
export function platformTaxRegistrationOf(
  env: Record<'PLATFORM_GST_NUMBER' | 'PLATFORM_QST_NUMBER', string | undefined>,
): { gstNumber: string; qstNumber: string } | null {
  const gst = env.PLATFORM_GST_NUMBER || undefined;
  const qst = env.PLATFORM_QST_NUMBER || undefined;
  if (gst === undefined && qst === undefined) return null;
  if (!gst || !qst || gstNumber(gst) || qstNumber(qst))
    throw new RangeError(
      `PLATFORM_GST_NUMBER and PLATFORM_QST_NUMBER must both be set, as 123456789RT0001 and 1234567890TQ0001: ${gst} ${qst}`,
    );
  return { gstNumber: normalizeTaxNumber(gst), qstNumber: normalizeTaxNumber(qst) };
}
