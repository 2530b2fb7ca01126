// Page tokens of the listings on a secondary index: the last item's keys (table and index), in
// base64url JSON. A token is checked before it is used: the four key names only, strings only, and the
// listing's own partition, so a token of one listing (or a forged one) never reads another.

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
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

/**
 * One page of a listing's partition, newest first (descending sort key); one item more than asked
 * tells whether a next page exists, so the last page carries no token.
 */
export async function newestFirstPage(
  index: ListingIndex,
  partition: string,
  limit: number,
  nextToken?: string | null,
): Promise<{ items: Record<string, unknown>[]; nextToken?: string }> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index.name,
      KeyConditionExpression: `${index.pk} = :pk`,
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: limit + 1,
      ExclusiveStartKey: startKeyOf(nextToken, index, partition),
    }),
  );
  const items = page.Items ?? [];
  const shown = items.slice(0, limit);
  const more = shown.length > 0 && (items.length > limit || page.LastEvaluatedKey !== undefined);
  return { items: shown, nextToken: more ? pageTokenAfter(shown.at(-1)!, index) : undefined };
}
