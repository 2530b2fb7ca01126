// The platform's fee on a contract, in integer CAD cents (DESIGN.md "Money": never floats). The
// percentage is given in basis points (1 % = 100) so that the whole computation stays in integers;
// the percentage part is rounded half up to the cent, then the fixed part is added, and the fee
// never exceeds the total. The owner receives the rest.

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
