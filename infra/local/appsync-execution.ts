// Runs a validated operation the way AppSync does with direct Lambda resolvers: each field listed in
// the catalog invokes its Lambda with AppSync's event (a field of a type other than the roots in
// batches, like BatchInvoke: the calls of one field made while a level resolves go in one array);
// other fields read the property of the same name; a ResolverErrorEnvelope or a thrown error becomes
// AppSync's field error.

import {
  Kind,
  defaultFieldResolver,
  execute,
  print,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { isResolverError } from '@partage/graphql';
import { isSubscriptionFilterEnvelope, type SubscriptionFilter } from '@partage/functions/handlers/shared/subscription-filter';
import { isIamOnly, notAuthorizedForField } from './appsync-auth-modes';
import { LambdaFieldError, executionError, type AppSyncError } from './appsync-errors';
import type { PreparedOperation } from './appsync-operation';
import type { Lambda } from './lambda-functions';

export interface CallerContext {
  /** What the authorizer returned for the caller; resolvers receive it as `identity.resolverContext`. */
  resolverContext: unknown;
  headers: Record<string, string>;
}

export interface ExecutionOptions {
  schema: GraphQLSchema;
  resolvers: Map<string, Lambda>;
  prepared: PreparedOperation;
  caller: CallerContext;
  /** Most events in one batched call (the resolvers' maxBatchSize in AWS); no limit when absent. */
  maxBatchSize?: number;
  /** Called with each successful mutation field's result, limited to the mutation's selection set. */
  onMutationResult?: (fieldName: string, result: unknown) => void;
}

export interface ExecutionResult {
  data: Record<string, unknown> | null;
  errors?: AppSyncError[];
  /** For a subscription: its root field and arguments (AppSync filters events with them). */
  subscription?: SubscribedField;
}

export interface SubscribedField {
  fieldName: string;
  arguments: Record<string, unknown>;
  /** The filter its resolver set (enhanced subscription filter), if any. */
  filter?: SubscriptionFilter;
}

/** AppSync's `info.selectionSetList`: field paths such as `profile/publicName`, fragments flattened. */
export function selectionSetList(
  selectionSet: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  prefix = '',
): string[] {
  const paths = new Set<string>();
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue;
      const path = prefix + selection.name.value;
      paths.add(path);
      for (const nested of selectionSetList(selection.selectionSet, fragments, `${path}/`)) paths.add(nested);
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
      for (const nested of selectionSetList(fragment?.selectionSet, fragments, prefix)) paths.add(nested);
    }
  }
  return [...paths];
}

/** Keeps only the fields a selection set asked for: what AppSync hands to subscribers of a mutation. */
function pickSelection(value: unknown, paths: Set<string>, prefix = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => pickSelection(item, paths, prefix));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => paths.has(prefix + key))
      .map(([key, item]) => [key, pickSelection(item, paths, `${prefix}${key}/`)]),
  );
}

async function invokeResolver(lambda: Lambda, event: unknown): Promise<unknown> {
  let result: unknown;
  try {
    result = await lambda.invoke(event);
  } catch (error) {
    console.error(`[${lambda.name}] unhandled error`, error);
    throw LambdaFieldError.unhandled(error);
  }
  if (isResolverError(result)) throw LambdaFieldError.fromEnvelope(result);
  return result;
}

interface PendingCall {
  event: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * The calls of each batched field, gathered until the current level has been walked (graphql-js
 * resolves the items of a list one after the other in the same turn), then sent as arrays of at
 * most `maxBatchSize` events. Each item gets its element of the answer: data, or its own error.
 */
class FieldBatches {
  private readonly pending = new Map<string, { lambda: Lambda; calls: PendingCall[] }>();

  constructor(private readonly maxBatchSize = Infinity) {}

  load(field: string, lambda: Lambda, event: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let batch = this.pending.get(field);
      if (!batch) {
        batch = { lambda, calls: [] };
        this.pending.set(field, batch);
        setImmediate(() => void this.flush(field));
      }
      batch.calls.push({ event, resolve, reject });
    });
  }

  private async flush(field: string): Promise<void> {
    const { lambda, calls } = this.pending.get(field)!;
    this.pending.delete(field);
    const chunks: PendingCall[][] = [];
    for (let start = 0; start < calls.length; start += this.maxBatchSize) chunks.push(calls.slice(start, start + this.maxBatchSize));
    await Promise.all(chunks.map((chunk) => this.send(lambda, chunk)));
  }

  private async send(lambda: Lambda, chunk: PendingCall[]): Promise<void> {
    let results: unknown;
    try {
      results = await lambda.invoke(chunk.map((call) => call.event));
      if (!Array.isArray(results) || results.length !== chunk.length) {
        throw new Error(`A batch of ${chunk.length} events was answered with ${Array.isArray(results) ? results.length : 'no'} results`);
      }
    } catch (error) {
      console.error(`[${lambda.name}] unhandled error`, error);
      for (const call of chunk) call.reject(LambdaFieldError.unhandled(error));
      return;
    }
    chunk.forEach((call, index) => {
      const result = (results as unknown[])[index];
      if (isResolverError(result)) call.reject(LambdaFieldError.fromEnvelope(result));
      else call.resolve(result);
    });
  }
}

interface ResolverContext {
  options: ExecutionOptions;
  batches: FieldBatches;
  subscription?: SubscribedField;
}

const resolveField: GraphQLFieldResolver<unknown, ResolverContext> = async (source, args, context, info: GraphQLResolveInfo) => {
  const { resolvers, prepared, caller, onMutationResult } = context.options;
  const parentTypeName = info.parentType.name;
  const field = `${parentTypeName}.${info.fieldName}`;
  const lambda = resolvers.get(field);
  const isRoot = !info.path.prev;
  if (!isRoot && !lambda) return defaultFieldResolver(source, args, context, info);
  if (isIamOnly(info.parentType.getFields()[info.fieldName])) throw notAuthorizedForField(parentTypeName, info.fieldName);
  if (parentTypeName === 'Subscription') context.subscription = { fieldName: info.fieldName, arguments: args };
  // AppSync resolves a root field that has no resolver attached to null.
  if (!lambda) return null;
  const fieldSelection = selectionSetList(info.fieldNodes[0]?.selectionSet, info.fragments);
  const event = {
    arguments: args,
    identity: { resolverContext: caller.resolverContext },
    source: isRoot ? null : source,
    info: {
      fieldName: info.fieldName,
      parentTypeName,
      variables: prepared.variables,
      selectionSetList: fieldSelection,
      selectionSetGraphQL: info.fieldNodes[0]?.selectionSet ? print(info.fieldNodes[0].selectionSet) : '',
    },
    request: { headers: caller.headers, domainName: null },
    prev: null,
    stash: {},
  };
  if (!isRoot) return context.batches.load(field, lambda, event);
  const result = await invokeResolver(lambda, event);
  if (context.subscription && isSubscriptionFilterEnvelope(result)) {
    context.subscription.filter = result.__subscriptionFilter;
    return null;
  }
  if (parentTypeName === 'Mutation' && result !== null) onMutationResult?.(info.fieldName, pickSelection(result, new Set(fieldSelection)));
  return result;
};

/**
 * Runs a query or a mutation; for a subscription, runs its root field once, which is how AppSync
 * authorizes a subscription through its resolver.
 */
export async function executeOperation(options: ExecutionOptions): Promise<ExecutionResult> {
  const context: ResolverContext = { options, batches: new FieldBatches(options.maxBatchSize) };
  const { prepared } = options;
  const result = await execute({
    schema: options.schema,
    document: prepared.document,
    operationName: prepared.operation.name?.value,
    variableValues: prepared.variables,
    contextValue: context,
    fieldResolver: resolveField,
  });
  return {
    data: (result.data as Record<string, unknown> | null | undefined) ?? null,
    ...(result.errors ? { errors: result.errors.map(executionError) } : {}),
    ...(context.subscription ? { subscription: context.subscription } : {}),
  };
}

/** The `data` of a subscription event: the mutation's result seen through the subscription's selection set. */
export async function subscriptionEventData(schema: GraphQLSchema, prepared: PreparedOperation, fieldName: string, result: unknown) {
  const shaped = await execute({
    schema,
    document: prepared.document,
    operationName: prepared.operation.name?.value,
    variableValues: prepared.variables,
    rootValue: { [fieldName]: result },
  });
  return { data: shaped.data ?? null, ...(shaped.errors ? { errors: shaped.errors.map(executionError) } : {}) };
}
