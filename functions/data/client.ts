// The DynamoDB document client, built on first use and then kept for the life of the Lambda
// container. Built lazily rather than at import so the hosts (and tests) can set the environment
// before the first call.

import {
  BatchGetItemCommand,
  DynamoDBClient,
  QueryCommand as WireQueryCommand,
  type AttributeValue,
  type DynamoDBClientConfig,
  type QueryCommandOutput as WireQueryOutput,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '../adapters/env';
import { declaredAccessCheck } from './declared-access';

/**
 * The SDK's logger middleware calls `logger.info?.(...)` after every request with a redacted copy of
 * the request and of the response, built walking every item returned, even for its default no-op
 * logger: 13 ms of CPU in a 60 ms search reading 1,800 items. A no-op logger without `info` skips it
 * (and stays as silent as the default: a refused condition is an answer, not an error to log).
 */
const sdkLogger = { debug: () => {}, warn: () => {}, error: () => {} } as unknown as DynamoDBClientConfig['logger'];

let client: DynamoDBDocumentClient | undefined;
let clientEndpoint: string | undefined;

export function db(): DynamoDBDocumentClient {
  // A local host restarted in the same process (a test) runs a new DynamoDB Local on another port.
  const endpoint = process.env.DYNAMODB_ENDPOINT || undefined;
  if (!client || endpoint !== clientEndpoint) {
    client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint, logger: sdkLogger }), {
      marshallOptions: { removeUndefinedValues: true },
    });
    // Tests only: each handler's requests checked against its declared table access (none in a Lambda).
    for (const plugin of declaredAccessCheck()) client.middlewareStack.use(plugin);
    clientEndpoint = endpoint;
  }
  return client;
}

export const tableName = (): string => requireEnv('TABLE_NAME');

/** Which table a read is of, for what a process keeps of it: a local host restarted in one process (a test) reads another DynamoDB Local. */
export const tableIdentity = (): string => `${process.env.DYNAMODB_ENDPOINT ?? ''} ${tableName()}`;

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

/** A read of these attributes only: fewer bytes to send and to decode (a reader's few fields of a large item). */
export const projectionOf = (attributes: readonly string[]) => ({
  ProjectionExpression: attributes.map((_, index) => `#a${index}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(attributes.map((name, index) => [`#a${index}`, name])),
});

/** An item as the wire has it: attribute values, not converted by the document client. */
export type WireItem = Record<string, AttributeValue>;

/** String values (keys, a key condition's values) as the wire has them. */
const wireStrings = (values: Record<string, unknown>): WireItem =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { S: value as string }]));

/**
 * The items at these keys (those that exist, in no particular order): BatchGetItem by 100, unprocessed
 * keys read again; strongly consistent when asked; `wire`: as the wire has them (attribute values, not
 * converted: for a reader of many values that converts what it takes itself). Keys are strings.
 */
export async function batchGet(
  keys: Record<string, unknown>[],
  { consistent = false, attributes, wire = false }: { consistent?: boolean; attributes?: readonly string[]; wire?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const projection = attributes && projectionOf(attributes);
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    let pending = keys.slice(start, start + BATCH_GET_LIMIT).map((key) => (wire ? wireStrings(key) : key));
    while (pending.length > 0) {
      const input = { RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent, ...projection } } };
      const { Responses, UnprocessedKeys } = (await db().send(
        (wire ? new BatchGetItemCommand(input as never) : new BatchGetCommand(input)) as never,
      )) as BatchGetCommandOutput;
      items.push(...(Responses?.[tableName()] ?? []));
      pending = UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return items;
}

/**
 * A page of a Query as the wire has it, sent through the document client without its conversion: that
 * walks every value generically, and a search reads ~2,000 points (two strings each) and ~4,000 counts.
 */
export async function wireQueryPage(input: {
  condition: string;
  values: Record<string, string>;
  attributes?: readonly string[];
  ascending?: boolean;
  limit?: number;
  startKey?: Record<string, unknown>;
  consistent?: boolean;
}): Promise<{ items: WireItem[]; startKey?: Record<string, unknown> }> {
  const command = new WireQueryCommand({
    TableName: tableName(),
    KeyConditionExpression: input.condition,
    ExpressionAttributeValues: wireStrings(input.values),
    ...(input.attributes && projectionOf(input.attributes)),
    ScanIndexForward: input.ascending,
    Limit: input.limit,
    ExclusiveStartKey: input.startKey as WireItem | undefined,
    ConsistentRead: input.consistent,
  });
  const page = (await db().send(command as never)) as WireQueryOutput;
  return { items: page.Items ?? [], startKey: page.LastEvaluatedKey };
}

/** Every item of a Query as the wire has them, all pages. */
export async function wireQueryAll(input: Omit<Parameters<typeof wireQueryPage>[0], 'startKey'>): Promise<WireItem[]> {
  const items: WireItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await wireQueryPage({ ...input, startKey });
    items.push(...page.items);
    startKey = page.startKey;
  } while (startKey);
  return items;
}

/**
 * Items read by key, and what their reader makes of them: reads of different capabilities (a webhook
 * event's marker, a contract, its ad's calendar) combined with `readsBoth` go out in one request.
 */
export interface KeyedReads<T> {
  readonly keys: Record<string, unknown>[];
  /** What the items at `keys`, in their order (undefined where none exists), mean. */
  readonly of: (items: (Record<string, unknown> | undefined)[]) => T;
}

/** The item at `key` (undefined when none), made into what `of` says. */
export const keyedRead = <T>(key: Record<string, unknown>, of: (item: Record<string, unknown> | undefined) => T): KeyedReads<T> => ({
  keys: [key],
  of: ([item]) => of(item),
});

/** Both reads, in the same request. */
export const readsBoth = <A, B>(a: KeyedReads<A>, b: KeyedReads<B>): KeyedReads<[A, B]> => ({
  keys: [...a.keys, ...b.keys],
  of: (items) => [a.of(items.slice(0, a.keys.length)), b.of(items.slice(a.keys.length))],
});

/** Nothing to read (a read that does not apply, e.g. a calendar of an ad nobody named). */
export const noRead: KeyedReads<undefined> = { keys: [], of: () => undefined };

const keyId = (key: Record<string, unknown>) => `${String(key.PK)}\u0000${String(key.SK)}`;

/**
 * Reads `reads` in one strongly consistent BatchGetItem (at most 100 distinct keys; unprocessed keys
 * read again), so that items of several capabilities cost one round trip rather than one each.
 */
export async function readTogether<T>(reads: KeyedReads<T>): Promise<T> {
  const distinct = [...new Map(reads.keys.map((key) => [keyId(key), key])).values()];
  if (distinct.length > BATCH_GET_LIMIT) throw new Error(`readTogether reads at most ${BATCH_GET_LIMIT} keys`);
  const found = new Map((await batchGet(distinct, { consistent: true })).map((item) => [keyId(item), item]));
  return reads.of(reads.keys.map((key) => found.get(keyId(key))));
}

const BATCH_WRITE_LIMIT = 25;

/** BatchWriteItem of put and delete requests by 25, unprocessed ones sent again (writes that need no condition). */
export async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < requests.length; start += BATCH_WRITE_LIMIT) {
    let pending = requests.slice(start, start + BATCH_WRITE_LIMIT);
    while (pending.length > 0) {
      const { UnprocessedItems } = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending as never } }));
      pending = (UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined) ?? [];
    }
  }
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

/** Why DynamoDB cancels a transaction that trying again may get through (its other items' reason is `None`). */
const TRANSIENT_CANCELLATIONS = new Set(['TransactionConflict', 'ThrottlingError']);

/**
 * True when a transaction was cancelled only because another one wrote the same item meanwhile, or
 * because the table was throttled: the SDK retries neither (its error is TransactionCanceledException).
 */
export function isTransientCancellation(error: unknown): boolean {
  const reasons = reasonsOf(error) ?? [];
  return (
    reasons.some((r) => TRANSIENT_CANCELLATIONS.has(r.Code ?? '')) &&
    reasons.every((r) => !r.Code || r.Code === 'None' || TRANSIENT_CANCELLATIONS.has(r.Code))
  );
}

/**
 * Runs `run` again while it fails with an error `retryable` accepts, `tries` runs at most, waiting
 * `waitMs(attempt)` after the attempt-th: the writes that can lose a race to another writer.
 */
export async function retrying<T>(
  run: () => Promise<T>,
  { retryable, tries, waitMs }: { retryable: (error: unknown) => boolean; tries: number; waitMs: (attempt: number) => number },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!retryable(error) || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs(attempt)));
    }
  }
}

const CONFLICT_RETRIES = 5;

/**
 * TransactWriteItems. A transaction that ran into another one on the same item (TransactionConflict,
 * which the SDK does not retry) is tried again, so that the loser of a race is refused by a condition
 * (e.g. DUPLICATE_EMAIL) rather than by an unexpected error; so is one cancelled by a short throttling.
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  await retrying(() => db().send(new TransactWriteCommand({ TransactItems: items })), {
    retryable: isTransientCancellation,
    tries: CONFLICT_RETRIES,
    waitMs: (attempt) => 20 * attempt + Math.random() * 30,
  });
}
