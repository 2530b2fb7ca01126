// The queries of a page painted by the server, run in the server's own process: graphql-js over the API's
// schema (the same SDL the app's documents are checked against), each field the server serves resolved
// by calling its resolver with the events AppSync would give it (an anonymous caller: the server never
// knows who is reading), the calls of one field made while a level resolves in one batch as AppSync's
// BatchInvoke sends them (a page of 24 cards reads their ratings at once), every other field read from
// its parent as AppSync does.
import { buildSchema, defaultFieldResolver, execute, type DocumentNode, type GraphQLSchema } from 'graphql';
import { isResolverError, type PageResolverCall, type PageResolvers } from '@partage/graphql';
import API_SCHEMA from '../lib/api/schema.graphql?raw';

let schema: GraphQLSchema | undefined;

/** Calls made in the same turn go out together; each gets its own result. */
function batcher(resolvers: PageResolvers) {
  let pending: { call: PageResolverCall; settle: (result: Promise<unknown>) => void }[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    const results = resolvers.resolve(batch.map(({ call }) => call));
    batch.forEach(({ settle }, index) => settle(results.then((answers) => answers[index])));
  };
  return (call: PageResolverCall): Promise<unknown> =>
    new Promise((settle) => {
      if (pending.length === 0) queueMicrotask(flush);
      pending.push({ call, settle });
    });
}

/**
 * The data of `document` for `variables`, or null when any field failed (the page then renders what it
 * shows while loading, and the app asks the API itself, with its own error handling).
 */
export async function runQuery(
  document: DocumentNode,
  variables: Record<string, unknown>,
  resolvers: PageResolvers,
): Promise<Record<string, unknown> | null> {
  schema ??= buildSchema(API_SCHEMA);
  const headers: Record<string, string> = resolvers.sourceAddress ? { 'x-forwarded-for': resolvers.sourceAddress } : {};
  const resolve = batcher(resolvers);
  const result = await execute({
    schema,
    document,
    variableValues: variables,
    fieldResolver: async (source, args, context, info) => {
      const field = `${info.parentType.name}.${info.fieldName}`;
      if (!resolvers.fields.has(field)) {
        if (info.parentType === schema!.getQueryType()) throw new Error(`The server does not resolve ${field}`);
        return defaultFieldResolver(source, args, context, info);
      }
      const value = await resolve({
        arguments: args,
        identity: null,
        source,
        info: { fieldName: info.fieldName, parentTypeName: info.parentType.name, variables, selectionSetList: [], selectionSetGraphQL: '' },
        request: { headers },
        prev: null,
        stash: {},
      });
      if (isResolverError(value)) throw new Error(`${field}: ${value.__error.code}`);
      return value;
    },
  });
  if (result.errors?.length) {
    // Not the visitor's concern (the app asks again and says what failed); the server's log keeps why.
    console.warn(`A page's query failed on the server: ${result.errors.map((error) => error.message).join('; ')}`);
    return null;
  }
  return result.data ?? null;
}
