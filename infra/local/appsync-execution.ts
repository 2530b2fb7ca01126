// Runs a validated operation the way AppSync does with direct Lambda resolvers: each root field
// listed in the catalog invokes its Lambda with AppSync's event; nested fields read the property of
// the same name; a ResolverErrorEnvelope or a thrown error becomes AppSync's field error.

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

interface ResolverContext {
  options: ExecutionOptions;
  subscription?: SubscribedField;
}

const resolveField: GraphQLFieldResolver<unknown, ResolverContext> = async (source, args, context, info: GraphQLResolveInfo) => {
  if (info.path.prev) return defaultFieldResolver(source, args, context, info);
  const { resolvers, prepared, caller, onMutationResult } = context.options;
  const parentTypeName = info.parentType.name;
  if (isIamOnly(info.parentType.getFields()[info.fieldName])) throw notAuthorizedForField(parentTypeName, info.fieldName);
  if (parentTypeName === 'Subscription') context.subscription = { fieldName: info.fieldName, arguments: args };
  const lambda = resolvers.get(`${parentTypeName}.${info.fieldName}`);
  // AppSync resolves a field that has no resolver attached to null.
  if (!lambda) return null;
  const fieldSelection = selectionSetList(info.fieldNodes[0]?.selectionSet, info.fragments);
  const result = await invokeResolver(lambda, {
    arguments: args,
    identity: { resolverContext: caller.resolverContext },
    source: null,
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
  });
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
  const context: ResolverContext = { options };
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
