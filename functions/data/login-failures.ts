// Failed logins, counted per (source address, account), per source address and per account, each
// with the time before which the next try is refused. Keyed by the address typed, so an address
// without an account is counted exactly like one with.

import { BatchGetCommand, DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, queryPages, tableName } from './client';
import { accountLoginFailuresKey, loginTurnKey, sourceAccountLoginFailuresKey, sourceLoginFailuresKey } from './keys';

export type FailureScope = 'sourceAccount' | 'source' | 'account';

export interface LoginFailureSubject {
  /** The lowercased address typed. */
  email: string;
  /** The caller's source address. */
  source: string;
}

export interface LoginFailures {
  failures: number;
  /** Epoch seconds; 0 when no delay is running. */
  blockedUntil: number;
}

/** Failures are forgotten this long after the last one. */
const FAILURES_KEPT_SECONDS = 24 * 60 * 60;

const keyOf = (scope: FailureScope, { email, source }: LoginFailureSubject) =>
  scope === 'sourceAccount'
    ? sourceAccountLoginFailuresKey(email, source)
    : scope === 'source'
      ? sourceLoginFailuresKey(source)
      : accountLoginFailuresKey(email);

export const FAILURE_SCOPES: readonly FailureScope[] = ['sourceAccount', 'source', 'account'];

/** The three counters of a login attempt, read at once; absent or expired ones are zero. */
export async function getLoginFailures(subject: LoginFailureSubject, now: number): Promise<Record<FailureScope, LoginFailures>> {
  const keys = FAILURE_SCOPES.map((scope) => keyOf(scope, subject));
  const { Responses } = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } } }));
  const items = Responses?.[tableName()] ?? [];
  const read = (scope: FailureScope): LoginFailures => {
    const { PK, SK } = keyOf(scope, subject);
    const item = items.find((i) => i.PK === PK && i.SK === SK);
    return item && (item.ttl as number) > now
      ? { failures: item.failures as number, blockedUntil: (item.blockedUntil as number | undefined) ?? 0 }
      : { failures: 0, blockedUntil: 0 };
  };
  return { sourceAccount: read('sourceAccount'), source: read('source'), account: read('account') };
}

/** Adds one failure atomically (concurrent failures all count); answers the new count. */
export async function addLoginFailure(scope: FailureScope, subject: LoginFailureSubject, now: number): Promise<number> {
  const key = keyOf(scope, subject);
  const ttl = now + FAILURES_KEPT_SECONDS;
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD failures :one SET #type = :type, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#ttl) OR #ttl > :now',
        ExpressionAttributeNames: { '#type': 'type', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':type': 'LoginFailures', ':ttl': ttl, ':now': now },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Attributes?.failures as number;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Expired but not deleted yet (DynamoDB deletes lazily): counting starts again.
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...key, type: 'LoginFailures', failures: 1, ttl } }));
    return 1;
  }
}

/**
 * Takes the turn of the subject's source on its account until `until` (epoch seconds), unless a try
 * holds it already; false then. The turn is released at the try's verdict, or lapses at `until`.
 */
export async function takeLoginTurn(subject: LoginFailureSubject, now: number, until: number): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...loginTurnKey(subject.email, subject.source), type: 'LoginTurn', ttl: until },
        ConditionExpression: 'attribute_not_exists(PK) OR #ttl <= :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function releaseLoginTurn(subject: LoginFailureSubject): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: loginTurnKey(subject.email, subject.source) }));
}

/** Refuses tries of that scope until `blockedUntil` (epoch seconds). */
export async function blockLogins(scope: FailureScope, subject: LoginFailureSubject, blockedUntil: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keyOf(scope, subject),
      UpdateExpression: 'SET blockedUntil = :until',
      ExpressionAttributeValues: { ':until': blockedUntil },
    }),
  );
}

export async function clearLoginFailures(scope: FailureScope, subject: LoginFailureSubject): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keyOf(scope, subject) }));
}

/** Forgets every failure on an account: its own counter and those of each source address that failed on it. */
export async function clearAccountLoginFailures(email: string): Promise<void> {
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': accountLoginFailuresKey(email).PK },
    ProjectionExpression: 'PK, SK',
  });
  for await (const items of pages) {
    await Promise.all(items.map((item) => db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: item.PK, SK: item.SK } }))));
  }
}
