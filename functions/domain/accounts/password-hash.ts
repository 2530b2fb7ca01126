// Password hashes with Node's scrypt. The stored form carries its parameters
// (`scrypt$N$r$p$salt$hash`, base64), so they can be raised later without breaking old hashes.

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost: CPU/memory N, block size r, parallelism p. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

const PARAMS: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: ScryptCost): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is just too small for N = 2^15.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * The production cost unless told otherwise: test fixtures store cheap hashes, which verify as well,
 * since verifyPassword reads the cost from the hash.
 */
export async function hashPassword(password: string, cost: ScryptCost = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`. Without a stored hash (unknown account) it still derives a
 * key against a dummy hash, so the response time does not tell which accounts exist.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  dummyHash ??= hashPassword('dummy password for unknown accounts');
  const [scheme, N, r, p, salt, hash] = (stored ?? (await dummyHash)).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
  return stored !== undefined && actual.length === expected.length && timingSafeEqual(actual, expected);
}
