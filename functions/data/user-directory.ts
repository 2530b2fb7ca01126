// The administrators' user list. GSI1 lists every account by creation time (the user item itself).
// GSI2 holds search entries: one item per searchable term of a user (e-mail, "first last",
// "last first", organisation), normalised so that case and accents do not matter; a prefix search is
// one Query with begins_with. Every entry carries all the user's terms, so a user whose several terms
// match is returned once, from its first matching entry, without remembering anything across pages.

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, tableName, type TransactItem } from './client';
import { pageTokenAfter, startKeyOf } from './page-tokens';
import { USER_SEARCH_PARTITION, userKey, userListIndexKeys, userSearchEntryKey, userSearchIndexKeys } from './keys';
import type { UserRecord } from './users';

const SEARCH_FIELDS = ['email', 'firstLast', 'lastFirst', 'organization'] as const;

/** Lower case, accents and punctuation dropped (but `@` and `.`, for addresses), spaces collapsed. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@.]+/gu, ' ')
    .trim();
}

type Searchable = Pick<UserRecord, 'id' | 'email' | 'firstName' | 'lastName' | 'organizationName'>;

const searchTermsOf = (user: Searchable): string[] =>
  [user.email, `${user.firstName} ${user.lastName}`, `${user.lastName} ${user.firstName}`, user.organizationName ?? ''].map(
    normalizeSearchText,
  );

/** Whether the search entries of `after` differ from those of `before`. */
export const searchTermsChanged = (before: Searchable, after: Searchable): boolean =>
  searchTermsOf(before).join('\n') !== searchTermsOf(after).join('\n');

/** The attributes that list a user item in GSI1. */
export const listingAttributes = (user: Pick<UserRecord, 'id' | 'createdAt'>) => userListIndexKeys(user.createdAt, user.id);

/** Writes (or rewrites) the user's search entries; an entry with an empty term stays out of the index. */
export function searchEntryPuts(user: Searchable): TransactItem[] {
  const terms = searchTermsOf(user);
  return SEARCH_FIELDS.map((field, rank) => ({
    Put: {
      TableName: tableName(),
      Item: {
        ...userSearchEntryKey(user.id, field),
        type: 'UserSearchEntry',
        userId: user.id,
        rank,
        terms,
        ...(terms[rank] ? userSearchIndexKeys(terms[rank]) : {}),
      },
    },
  }));
}

export interface UserPageResult {
  users: UserRecord[];
  nextToken?: string;
}

type Key = Record<string, string>;
const LIST_INDEX = { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', partition: userListIndexKeys('', '').GSI1PK };
const SEARCH_INDEX = { name: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK', partition: USER_SEARCH_PARTITION };

const encodeToken = pageTokenAfter;
const decodeToken = (token: string | undefined, index: typeof LIST_INDEX, termPrefix = '') =>
  startKeyOf(token, index, index.partition, termPrefix);

const toUser = ({ PK: _pk, SK: _sk, type: _type, GSI1PK: _lp, GSI1SK: _ls, ...user }: Record<string, unknown>) =>
  user as unknown as UserRecord;

/** Every account, newest first. */
export async function listUsers(limit: number, nextToken?: string): Promise<UserPageResult> {
  // One item more than asked tells whether a next page exists, so the last page has no token.
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: LIST_INDEX.name,
      KeyConditionExpression: `${LIST_INDEX.pk} = :pk`,
      ExpressionAttributeValues: { ':pk': LIST_INDEX.partition },
      ScanIndexForward: false,
      Limit: limit + 1,
      ExclusiveStartKey: decodeToken(nextToken, LIST_INDEX),
    }),
  );
  const items = page.Items ?? [];
  const shown = items.slice(0, limit);
  const more = shown.length > 0 && (items.length > limit || page.LastEvaluatedKey !== undefined);
  return { users: shown.map(toUser), nextToken: more ? encodeToken(shown.at(-1)!, LIST_INDEX) : undefined };
}

/** Accounts with a term starting with `search` (normalised, non-empty), in the order of their terms. */
export async function searchUsers(search: string, limit: number, nextToken?: string): Promise<UserPageResult> {
  const userIds: string[] = [];
  let startKey = decodeToken(nextToken, SEARCH_INDEX, search);
  for (;;) {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: SEARCH_INDEX.name,
        KeyConditionExpression: `${SEARCH_INDEX.pk} = :pk AND begins_with(${SEARCH_INDEX.sk}, :term)`,
        ExpressionAttributeValues: { ':pk': SEARCH_INDEX.partition, ':term': search },
        Limit: limit - userIds.length + 1,
        ExclusiveStartKey: startKey,
      }),
    );
    const entries = page.Items ?? [];
    let read = 0;
    while (read < entries.length && userIds.length < limit) {
      const { terms, rank, userId } = entries[read++] as { terms: string[]; rank: number; userId: string };
      // An earlier term of this user matches too: that other entry stands for the user.
      if (!terms.slice(0, rank).some((term) => term.startsWith(search))) userIds.push(userId);
    }
    if (userIds.length === limit) {
      const more = read < entries.length || page.LastEvaluatedKey !== undefined;
      return { users: await getUsers(userIds), nextToken: more ? encodeToken(entries[read - 1]!, SEARCH_INDEX) : undefined };
    }
    if (!page.LastEvaluatedKey) return { users: await getUsers(userIds) };
    startKey = page.LastEvaluatedKey as Key;
  }
}

/** The users with these ids that exist, in that order: BatchGetItem by 100. */
export async function getUsers(userIds: string[]): Promise<UserRecord[]> {
  const found = new Map((await batchGet(userIds.map((id) => userKey(id)))).map((item) => [item.id as string, toUser(item)]));
  return userIds.flatMap((id) => found.get(id) ?? []);
}
