// The DynamoDB document client, built on first use and then kept for the life of the Lambda
// container. Built lazily rather than at import so the hosts (and tests) can set the environment
// before the first call.

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '../adapters/env';

let client: DynamoDBDocumentClient | undefined;
let clientEndpoint: string | undefined;

export function db(): DynamoDBDocumentClient {
  // A local host restarted in the same process (a test) runs a new DynamoDB Local on another port.
  const endpoint = process.env.DYNAMODB_ENDPOINT || undefined;
  if (!client || endpoint !== clientEndpoint) {
    client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint }), { marshallOptions: { removeUndefinedValues: true } });
    clientEndpoint = endpoint;
  }
  return client;
}

export const tableName = (): string => requireEnv('TABLE_NAME');

/**
 * The items of a Query on the table, one page at a time: the next page is read once the caller is
 * done with this one. For reading a key condition whole (no Scan).
 */
export async function* queryPages(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): AsyncGenerator<Record<string, unknown>[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: startKey }));
    yield page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

const BATCH_GET_LIMIT = 100;

/** The items at these keys (those that exist, in no particular order): BatchGetItem by 100, unprocessed keys read again. */
export async function batchGet(keys: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    let pending = keys.slice(start, start + BATCH_GET_LIMIT);
    while (pending.length > 0) {
      const { Responses, UnprocessedKeys } = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }));
      items.push(...(Responses?.[tableName()] ?? []));
      pending = UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return items;
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const reasonsOf = (error: unknown): { Code?: string }[] | undefined =>
  error instanceof Error && error.name === 'TransactionCanceledException'
    ? (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons
    : undefined;

/** True when a conditional write was refused, alone or inside a transaction. */
export function isConditionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException') return true;
  return !!reasonsOf(error)?.some((r) => r.Code === 'ConditionalCheckFailed');
}

/** Positions of the items whose condition refused a cancelled transaction (empty for another error). */
export function failedConditionIndexes(error: unknown): number[] {
  return (reasonsOf(error) ?? []).flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}

/** True when a transaction was cancelled only because another one wrote the same item meanwhile. */
export const isTransactionConflict = (error: unknown): boolean =>
  !!reasonsOf(error)?.some((r) => r.Code === 'TransactionConflict') && !isConditionFailure(error);

const CONFLICT_RETRIES = 5;

/**
 * TransactWriteItems. A transaction that ran into another one on the same item (TransactionConflict,
 * which the SDK does not retry) is tried again, so that the loser of a race is refused by a condition
 * (e.g. DUPLICATE_EMAIL) rather than by an unexpected error.
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= CONFLICT_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}
