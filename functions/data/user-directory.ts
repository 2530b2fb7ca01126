// The administrators' user list. GSI1 lists every account by creation time (the user item itself).
// GSI2 holds word items: one item per distinct word of a user's names, organisation and e-mail address
// (the address whole, its local part, its domain and their pieces), normalised so that case and
// accents do not matter. A search reads the items whose word starts with the longest typed word (one
// Query with begins_with) and keeps the users whose words also start with each other typed word. Every
// item carries all the user's words, so a user whose several words match is returned once, from its
// first matching word, without remembering anything across pages.

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, queryPages, tableName, transactWrite, type TransactItem } from './client';
import { pageTokenAfter, startKeyOf } from './page-tokens';
import {
  legacyUserSearchEntryKey,
  USER_WORD_PREFIX,
  USER_WORDS_PARTITION,
  userKey,
  userListIndexKeys,
  userWordIndexKeys,
  userWordKey,
} from './keys';
import type { UserRecord } from './users';

/** Lower case, accents and punctuation dropped (but `@` and `.`, for addresses), spaces collapsed. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@.]+/gu, ' ')
    .trim();
}

/** The distinct words of a normalised text, in order. */
export const wordsOfText = (text: string): string[] => [...new Set(normalizeSearchText(text).split(' ').filter(Boolean))];

/** A word with an address's marks also stands for its domain (after `@`), its local part and their pieces. */
const piecesOf = (word: string): string[] => {
  const at = word.indexOf('@');
  const parts = at >= 0 ? [word.slice(0, at), word.slice(at + 1)] : [];
  return [word, ...parts, ...word.split(/[@.]/)].filter((piece) => /[\p{L}\p{N}]/u.test(piece));
};

type Searchable = Pick<UserRecord, 'id' | 'email' | 'firstName' | 'lastName' | 'organizationName'>;

/**
 * A user's transaction writes at most this many word items and deletes as many (a name made of a
 * hundred one-letter words must not push it past DynamoDB's 100 items); the address's words come first.
 */
const MAX_USER_WORDS = 40;

/** Every word a user is found by, sorted (the order that picks the one item standing for a user). */
export const userWordsOf = (user: Searchable): string[] =>
  [...new Set([user.email, user.firstName, user.lastName, user.organizationName ?? ''].flatMap(wordsOfText).flatMap(piecesOf))]
    .slice(0, MAX_USER_WORDS)
    .sort();

/** The attributes that list a user item in GSI1. */
export const listingAttributes = (user: Pick<UserRecord, 'id' | 'createdAt'>) => userListIndexKeys(user.createdAt, user.id);

/**
 * The writes that bring the word items of a user shown as `before` (none for a new user) to those of
 * `after`: every item of `after` is written (each carries all the words) and the words gone are deleted.
 * Nothing when the words are the same.
 */
export function userWordWrites(before: Searchable | undefined, after: Searchable): TransactItem[] {
  const words = userWordsOf(after);
  const oldWords = before ? userWordsOf(before) : [];
  if (before && oldWords.join(' ') === words.join(' ')) return [];
  return [
    ...words.map((word, rank) => ({
      Put: {
        TableName: tableName(),
        Item: { ...userWordKey(after.id, word), type: 'UserWord', ...userWordIndexKeys(word), userId: after.id, rank, words },
      },
    })),
    ...oldWords
      .filter((word) => !words.includes(word))
      .map((word) => ({ Delete: { TableName: tableName(), Key: userWordKey(after.id, word) } })),
  ];
}

const LEGACY_SEARCH_FIELDS = ['email', 'firstLast', 'lastFirst', 'organization'];

/**
 * Backfill (demo seed, `npm run reindex:users`): writes a user's word items from the user item, removes
 * the words it no longer has and the per-field search entries of the older version. Idempotent.
 */
export async function reindexUserWords(user: Searchable): Promise<void> {
  const stored: string[] = [];
  for await (const items of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :word)',
    ExpressionAttributeValues: { ':pk': userKey(user.id).PK, ':word': USER_WORD_PREFIX },
    ProjectionExpression: 'SK',
  })) {
    stored.push(...items.map((item) => (item.SK as string).slice(USER_WORD_PREFIX.length)));
  }
  const words = userWordsOf(user);
  await transactWrite([
    ...userWordWrites(undefined, user),
    ...stored
      .filter((word) => !words.includes(word))
      .map((word) => ({ Delete: { TableName: tableName(), Key: userWordKey(user.id, word) } })),
    ...LEGACY_SEARCH_FIELDS.map((field) => ({ Delete: { TableName: tableName(), Key: legacyUserSearchEntryKey(user.id, field) } })),
  ]);
}

export interface UserPageResult {
  users: UserRecord[];
  nextToken?: string;
}

type Key = Record<string, string>;
const LIST_INDEX = { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', partition: userListIndexKeys('', '').GSI1PK };
const SEARCH_INDEX = { name: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK', partition: USER_WORDS_PARTITION };

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

/**
 * Accounts having, for each word of `search` (normalised, non-empty), a word that starts with it; in the
 * order of their words that start with the longest typed word.
 */
export async function searchUsers(search: string, limit: number, nextToken?: string): Promise<UserPageResult> {
  const typed = wordsOfText(search);
  // The longest typed word reads the fewest items; the others are checked on the items read.
  const lead = typed.reduce((longest, word) => (word.length > longest.length ? word : longest));
  const matches = (words: string[]) => typed.every((word) => words.some((own) => own.startsWith(word)));
  const userIds: string[] = [];
  let startKey = decodeToken(nextToken, SEARCH_INDEX, lead);
  for (;;) {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: SEARCH_INDEX.name,
        KeyConditionExpression: `${SEARCH_INDEX.pk} = :pk AND begins_with(${SEARCH_INDEX.sk}, :word)`,
        ExpressionAttributeValues: { ':pk': SEARCH_INDEX.partition, ':word': lead },
        Limit: limit - userIds.length + 1,
        ExclusiveStartKey: startKey,
      }),
    );
    const entries = page.Items ?? [];
    let read = 0;
    while (read < entries.length && userIds.length < limit) {
      const { words, rank, userId } = entries[read++] as { words: string[]; rank: number; userId: string };
      // An earlier word of this user starts with the lead too: that other item stands for the user.
      if (matches(words) && !words.slice(0, rank).some((word) => word.startsWith(lead))) userIds.push(userId);
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

const REINDEX_PAGE = 100;

/** `npm run reindex:users`: every account (the list on GSI1, page by page), reindexed; their number. */
export async function reindexAllUserWords(): Promise<number> {
  let count = 0;
  let nextToken: string | undefined;
  do {
    const page = await listUsers(REINDEX_PAGE, nextToken);
    for (const user of page.users) await reindexUserWords(user);
    count += page.users.length;
    nextToken = page.nextToken;
  } while (nextToken);
  return count;
}
