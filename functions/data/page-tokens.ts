// Page tokens of the listings on a secondary index: the last item's keys (table and index), in
// base64url JSON. A token is checked before it is used: the four key names only, strings only, and the
// listing's own partition, so a token of one listing (or a forged one) never reads another.

import { DataRefusal } from './errors';

export interface ListingIndex {
  name: string;
  pk: string;
  sk: string;
}

type Key = Record<string, string>;

// A listing of the table itself names PK and SK once.
const keyNames = (index: ListingIndex) => [...new Set(['PK', 'SK', index.pk, index.sk])];

/** The token that continues a listing after `item`. */
export const pageTokenAfter = (item: Record<string, unknown>, index: ListingIndex): string =>
  Buffer.from(JSON.stringify(Object.fromEntries(keyNames(index).map((name) => [name, String(item[name])])))).toString('base64url');

/** The start key a token stands for; DataRefusal BAD_PAGE_TOKEN for anything this listing did not hand out. */
export function startKeyOf(token: string | null | undefined, index: ListingIndex, partition: string, sortPrefix = ''): Key | undefined {
  if (!token) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const names = keyNames(index);
  const valid =
    typeof key === 'object' &&
    key !== null &&
    !Array.isArray(key) &&
    Object.keys(key).length === names.length &&
    names.every((name) => typeof (key as Key)[name] === 'string') &&
    (key as Key)[index.pk] === partition &&
    (key as Key)[index.sk]!.startsWith(sortPrefix);
  if (!valid) throw new DataRefusal('BAD_PAGE_TOKEN', 'Invalid page token');
  return key as Key;
}
