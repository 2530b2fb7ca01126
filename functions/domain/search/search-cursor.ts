// Page tokens of the ad search: where the last page ended in the search's order — (distance, id) for
// the distance orders, the publication or price sort key for the date and price orders, the rating
// sort key for the rating order — and a fingerprint of the search, so a token is only ever used with
// the search that handed it out. Base64url JSON: opaque to callers, checked field by field before use
// (VALIDATION_FAILED nextToken:oneOf otherwise).

import { createHash } from 'node:crypto';
import { AppError } from '@partage/graphql';

/** Strictly after this in the order: the last ad of the page returned. */
export type SearchPosition = { meters: number; id: string } | { key: string };

/** A short hash of a canonical description of the search (its criteria, place and order). */
export const searchFingerprint = (search: unknown): string =>
  createHash('sha256').update(JSON.stringify(search)).digest('base64url').slice(0, 12);

export const encodeSearchToken = (position: SearchPosition, fingerprint: string): string =>
  Buffer.from(JSON.stringify({ ...position, f: fingerprint })).toString('base64url');

const badToken = () => new AppError('VALIDATION_FAILED', 'Invalid page token', [{ path: 'nextToken', rule: 'oneOf' }]);

/** The position a token stands for; null without a token. */
export function decodeSearchToken(token: string | null | undefined, fingerprint: string, byDistance: boolean): SearchPosition | null {
  if (!token) return null;
  let value: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) value = parsed as Record<string, unknown>;
  } catch {
    value = undefined;
  }
  if (value?.f !== fingerprint) throw badToken();
  if (byDistance && Object.keys(value).length === 3 && Number.isFinite(value.meters) && typeof value.id === 'string')
    return { meters: value.meters as number, id: value.id };
  if (!byDistance && Object.keys(value).length === 2 && typeof value.key === 'string') return { key: value.key };
  throw badToken();
}
