// Tokens of e-mailed links (confirmation, reset, invitation, e-mail change), stored under the address
// the link was sent to and keyed by the token's hash. Using one is a conditional update (never used,
// not expired) inside the transaction that makes its change, so a link works once. Used and expired
// tokens stay until their TTL, so that a second click can be told "already used" or "expired".

import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TokenType } from '@partage/graphql';
import { batchWrite, db, isConditionFailure, queryPages, tableName, type TransactItem } from './client';
import { accountTokenKey } from './keys';

export interface AccountToken {
  /** The address the link was sent to (lower case): the new one for EMAIL_CHANGE. */
  email: string;
  tokenHash: string;
  kind: TokenType;
  userId: string;
  /** Epoch seconds. */
  expiresAt: number;
  /** Epoch seconds; set once the link has been used. */
  usedAt?: number;
}

/** How long a used or expired token is kept, to answer USED / EXPIRED rather than INVALID. */
const KEPT_AFTER_EXPIRY_SECONDS = 7 * 24 * 60 * 60;

export async function putAccountToken(token: AccountToken): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...accountTokenKey(token.email, token.tokenHash),
        type: 'AccountToken',
        ...token,
        ttl: token.expiresAt + KEPT_AFTER_EXPIRY_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function getAccountToken(email: string, tokenHash: string): Promise<AccountToken | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: accountTokenKey(email, tokenHash), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const { email: stored, tokenHash: hash, kind, userId, expiresAt, usedAt } = Item as AccountToken;
  return { email: stored, tokenHash: hash, kind, userId, expiresAt, usedAt };
}

/** The transaction item that uses a token up: refused if it is gone, used or expired at `now`. */
export function useAccountTokenItem(token: Pick<AccountToken, 'email' | 'tokenHash'>, now: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: accountTokenKey(token.email, token.tokenHash),
      UpdateExpression: 'SET usedAt = :now',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(usedAt) AND expiresAt > :now',
      ExpressionAttributeValues: { ':now': now },
    },
  };
}

/** Deletes the other unused tokens of this kind sent to the address (a used link voids its siblings). */
export async function deleteUnusedAccountTokens(email: string, kind: TokenType): Promise<void> {
  const { PK } = accountTokenKey(email, '');
  // A handful of items per address: the partition is read whole.
  for await (const items of queryPages({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK } })) {
    const unused = items.filter((item) => item.kind === kind && item.usedAt === undefined);
    await Promise.all(unused.map((item) => deleteIfUnused({ PK: item.PK as string, SK: item.SK as string })));
  }
}

async function deleteIfUnused(key: { PK: string; SK: string }): Promise<void> {
  try {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: key, ConditionExpression: 'attribute_not_exists(usedAt)' }));
  } catch (error) {
    // Used meanwhile: kept, so that it reads as USED.
    if (!isConditionFailure(error)) throw error;
  }
}

/** Deletes every token sent to the address, used or not (an account's deletion: its address keeps nothing). */
export async function deleteAccountTokensOf(email: string): Promise<void> {
  const { PK } = accountTokenKey(email, '');
  for await (const items of queryPages({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': PK },
    ProjectionExpression: 'PK, SK',
  })) {
    await batchWrite(items.map((Key) => ({ DeleteRequest: { Key } })));
  }
}
