// The proof of functions/handlers/access.ts's table declarations: while the DB tests run, every request a
// handler sends to the table is checked against what its declaration lets infra/aws/lambdas.ts grant on AWS
// (its partitions by key prefix, the indexes it queries, writes only when it may write), and a request
// outside it fails, naming the handler, the key and what to declare. On only under DECLARED_ACCESS_CHECK=1
// (the DB tests' setup, tests/support/declared-access-setup.ts): db() (client.ts) adds the middleware
// then, never in a Lambda. Requests outside any invocation (fixtures, scripts) are not checked.

import type { BuildMiddleware, MetadataBearer, Pluggable } from '@smithy/types';
import { HANDLER_ACCESS } from '../handlers/access';
import { currentHandler } from '../adapters/log';
import { ONE_TIME_SCHEDULE_PARTITION, SIMULATOR_PARTITION_PREFIX } from './keys';

export const DECLARED_ACCESS_CHECK = 'DECLARED_ACCESS_CHECK';

/**
 * The local adapters' own items (the table scheduler's schedules, the payment simulator's records): on
 * AWS, EventBridge Scheduler and Stripe keep them, so no Lambda's grant names them.
 */
const LOCAL_ADAPTER_PARTITIONS = [ONE_TIME_SCHEDULE_PARTITION, SIMULATOR_PARTITION_PREFIX];

const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);

type Wire = Record<string, { S?: string } | undefined>;
interface WireInput {
  Key?: Wire;
  Item?: Wire;
  IndexName?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Wire;
  RequestItems?: Record<string, { Keys?: Wire[] } | { PutRequest?: { Item: Wire }; DeleteRequest?: { Key: Wire } }[]>;
  TransactItems?: Record<string, { Key?: Wire; Item?: Wire } | undefined>[];
}

const partitionOf = (key: Wire | undefined) => key?.PK?.S ?? '';

/** The partition a Query on the table reads: the value its key condition compares PK with. */
function queriedPartition(input: WireInput): string {
  const names = Object.entries(input.ExpressionAttributeNames ?? {}).flatMap(([alias, name]) => (name === 'PK' ? [alias] : []));
  for (const name of ['PK', ...names]) {
    const match = new RegExp(`(?:^|[\\s(])${name.replace(/[#]/g, '\\#')}\\s*=\\s*(:\\w+)`).exec(input.KeyConditionExpression ?? '');
    if (match) return input.ExpressionAttributeValues?.[match[1]!]?.S ?? '';
  }
  return '';
}

/** The partition keys a request names (the values dynamodb:LeadingKeys holds for it). */
function leadingKeysOf(command: string, input: WireInput): string[] {
  switch (command) {
    case 'GetItemCommand':
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return [partitionOf(input.Key)];
    case 'PutItemCommand':
      return [partitionOf(input.Item)];
    case 'QueryCommand':
      return [queriedPartition(input)];
    case 'BatchGetItemCommand':
      return Object.values(input.RequestItems ?? {}).flatMap((table) => ('Keys' in table ? (table.Keys ?? []).map(partitionOf) : []));
    case 'BatchWriteItemCommand':
      return Object.values(input.RequestItems ?? {}).flatMap((requests) =>
        Array.isArray(requests) ? requests.map((request) => partitionOf(request.PutRequest?.Item ?? request.DeleteRequest?.Key)) : [],
      );
    case 'TransactWriteItemsCommand':
    case 'TransactGetItemsCommand':
      return (input.TransactItems ?? []).flatMap((item) => Object.values(item).map((action) => partitionOf(action?.Key ?? action?.Item)));
    default:
      return [];
  }
}

/** Why the request of `handler` would be refused on AWS; undefined when its declaration allows it. */
export function undeclaredAccess(handler: string, command: string, input: WireInput): string | undefined {
  const access = HANDLER_ACCESS[handler];
  const where = `Handler "${handler}" sent ${command.replace(/Command$/, '')}`;
  const fix = `functions/handlers/access.ts`;
  const keys = leadingKeysOf(command, input);
  const local = (key: string) => LOCAL_ADAPTER_PARTITIONS.some((prefix) => key.startsWith(prefix));
  if (keys.length && keys.every(local)) return undefined;
  if (!access?.table) return `${where} but declares no table access in ${fix}`;
  if (command === 'ScanCommand') return `${where}: no Lambda is granted Scan (a Scan's LeadingKeys cannot be narrowed)`;
  if (WRITES.has(command) && access.table !== 'readWrite') return `${where}, a write, but reads the table only in ${fix}`;
  if (command === 'QueryCommand' && input.IndexName) {
    if (access.indexes?.includes(input.IndexName as never)) return undefined;
    return `${where} on index ${input.IndexName}, which its \`indexes\` in ${fix} do not name`;
  }
  if (!WRITES.has(command) && !['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'TransactGetItemsCommand'].includes(command)) {
    return `${where}, which no Lambda is granted`;
  }
  const undeclared = keys.find((key) => !local(key) && !access.partitions?.some((prefix) => key.startsWith(prefix)));
  if (undeclared === undefined) return undefined;
  return `${where} on partition "${undeclared}", which starts with none of its \`partitions\` in ${fix} (${(access.partitions ?? []).join(', ') || 'none'}): declare its prefix`;
}

/** Every refusal since the last call (the test setup fails a test that had one, even when the handler swallowed the error). */
const refusals: string[] = [];
export const takeUndeclaredAccesses = (): string[] => refusals.splice(0);

const checkDeclaredAccess: BuildMiddleware<object, MetadataBearer> = (next, context) => async (args) => {
  const handler = currentHandler();
  const refusal = handler && undeclaredAccess(handler, context.commandName ?? '', args.input as WireInput);
  if (refusal) {
    refusals.push(refusal);
    throw new Error(refusal);
  }
  return next(args);
};

/** The check as a plugin of the client, when the environment asks for it (tests only). */
export const declaredAccessCheck = (): Pluggable<object, MetadataBearer>[] =>
  process.env[DECLARED_ACCESS_CHECK] === '1'
    ? [{ applyToStack: (stack) => stack.add(checkDeclaredAccess, { step: 'build', name: 'declaredAccessCheck' }) }]
    : [];
