// Loaded into the load bench's local host before anything else (`node --import tsx --import <this>`,
// load.ts): what each operation of the bench costs the host. Every request the host answers runs under
// the operation the bench names in its `x-bench-operation` header (`<operation>:<step>`), or else under
// its method and path (the simulator's webhook posts); scheduled jobs run under none ("background").
// Per operation and step: the requests, the time the host took to answer them, and the DynamoDB requests
// their handling made with the capacity DynamoDB Local computed for each (ReturnConsumedCapacity), read as
// on-demand request units: reads as RRU, writes as WRU, transactions twice (DynamoDB bills each item of a
// transaction twice; DynamoDB Local reports it once), and a refused conditional write as one WRU per item
// (DynamoDB bills it; DynamoDB Local reports nothing then). The simulator's own records (PAYSIM#, what
// Stripe keeps) are counted apart, as "simulator". Written to BENCH_CAPACITY_FILE every second; SIGUSR2
// starts the counts again (the bench's window begins).

import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

interface Counts {
  requests: number;
  handling_ms: number[];
  dynamodb: Record<string, { requests: number; units: number; refused: number }>;
}

const FILE = process.env.BENCH_CAPACITY_FILE!;
const READS = new Set(['GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetItemCommand', 'TransactGetItemsCommand']);
const DATA_COMMANDS = new Set([
  ...READS,
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

let counts = new Map<string, Counts>();
const countsOf = (label: string): Counts => {
  let found = counts.get(label);
  if (!found) counts.set(label, (found = { requests: 0, handling_ms: [], dynamodb: {} }));
  return found;
};
const operation = new AsyncLocalStorage<string>();

const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
  if (event !== 'request') return emit.call(this, event, ...args);
  const [request, response] = args as [IncomingMessage, ServerResponse];
  const named = request.headers['x-bench-operation'];
  const label = typeof named === 'string' ? named : `${request.method} ${new URL(request.url ?? '/', 'http://host').pathname}`;
  const started = performance.now();
  response.once('finish', () => {
    const counted = countsOf(label);
    counted.requests++;
    counted.handling_ms.push(Math.round((performance.now() - started) * 10) / 10);
  });
  return operation.run(label, () => emit.call(this, event, ...args));
};

/** The partition keys a request names, in either form (the document client's, or the wire's `{ S }`). */
function partitionKeys(input: Record<string, unknown>): string[] {
  const keys: string[] = [];
  const pk = (value: unknown) => {
    const text = typeof value === 'string' ? value : (value as { S?: string } | undefined)?.S;
    if (text) keys.push(text);
  };
  const item = (record: unknown) => pk((record as { PK?: unknown } | undefined)?.PK);
  item(input.Key);
  item(input.Item);
  pk((input.ExpressionAttributeValues as Record<string, unknown> | undefined)?.[':pk']);
  for (const entry of (input.TransactItems as Record<string, { Key?: unknown; Item?: unknown }>[] | undefined) ?? []) {
    for (const part of Object.values(entry)) {
      item(part.Key);
      item(part.Item);
    }
  }
  for (const request of Object.values((input.RequestItems as Record<string, unknown> | undefined) ?? {})) {
    if (Array.isArray(request))
      for (const write of request as { PutRequest?: { Item: unknown }; DeleteRequest?: { Key: unknown } }[]) {
        item(write.PutRequest?.Item);
        item(write.DeleteRequest?.Key);
      }
    else for (const key of (request as { Keys?: unknown[] }).Keys ?? []) item(key);
  }
  return keys;
}

const unitsOf = (consumed: unknown): number =>
  (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce(
    (sum: number, entry: { CapacityUnits?: number }) => sum + (entry.CapacityUnits ?? 0),
    0,
  );

const from = DynamoDBDocumentClient.from.bind(DynamoDBDocumentClient);
DynamoDBDocumentClient.from = (...args: Parameters<typeof DynamoDBDocumentClient.from>) => {
  const client = from(...args);
  client.middlewareStack.add(
    (next, context) => async (call) => {
      const command = context.commandName ?? 'unknown';
      if (!DATA_COMMANDS.has(command)) return next(call);
      const input = call.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const keys = partitionKeys(input);
      const label =
        keys.length > 0 && keys.every((key) => key.startsWith('PAYSIM#')) ? 'simulator' : (operation.getStore() ?? 'background');
      const transaction = command.startsWith('Transact') ? 2 : 1;
      const kind = `${READS.has(command) ? 'read' : 'write'} ${command.replace(/Command$/, '')}`;
      const counted = (countsOf(label).dynamodb[kind] ??= { requests: 0, units: 0, refused: 0 });
      counted.requests++;
      try {
        const output = await next(call);
        counted.units += unitsOf((output.output as { ConsumedCapacity?: unknown }).ConsumedCapacity) * transaction;
        return output;
      } catch (error) {
        // A refused condition or transaction: DynamoDB bills the items it tried to write.
        const items = (input.TransactItems as unknown[] | undefined)?.length ?? 1;
        if (!READS.has(command)) counted.units += items * transaction;
        counted.refused++;
        throw error;
      }
    },
    { step: 'initialize', name: 'benchCapacity' },
  );
  return client;
};

const write = () => writeFileSync(FILE, JSON.stringify(Object.fromEntries(counts)));
setInterval(write, 1_000).unref();
process.on('SIGUSR2', () => {
  counts = new Map();
  write();
});
