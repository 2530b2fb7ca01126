// The frame of every resolver Lambda: routes AppSync's direct-Lambda event to the resolver of its
// field and turns an AppError into the envelope AppSync's resolver code re-raises as a GraphQL error.

import { AppError, toResolverError, USER_TYPES } from '@partage/graphql';
import type { Identity } from '../../domain/identity';
import { checkBeforeResolving, storeValidationError } from './resolver-guards';

export interface ResolverEvent {
  arguments: Record<string, unknown>;
  identity?: { resolverContext?: { userId?: string; role?: string; sessionId?: string } } | null;
  source: unknown;
  info: {
    fieldName: string;
    parentTypeName: string;
    variables: Record<string, unknown>;
    selectionSetList: string[];
    selectionSetGraphQL: string;
  };
  request?: { headers: Record<string, string | undefined> };
  prev: unknown;
  stash: Record<string, unknown>;
}

/** `args` is typed by each resolver from the generated `<Type><Field>Args`; AppSync has checked its shape. */
export type Resolver = (args: never, identity: Identity, event: ResolverEvent) => unknown;

function identityOf(event: ResolverEvent): Identity {
  const context = event.identity?.resolverContext;
  const role = USER_TYPES.find((t) => t === context?.role);
  return role && role !== 'ANONYME' && context?.userId
    ? { userId: context.userId, role, sessionId: context.sessionId || undefined }
    : { userId: '', role: 'ANONYME' };
}

export function resolverHandler(resolvers: Record<string, Resolver>) {
  return async (event: ResolverEvent): Promise<unknown> => {
    const field = `${event.info.parentTypeName}.${event.info.fieldName}`;
    const resolve = resolvers[field];
    if (!resolve) throw new Error(`No resolver for ${field}`);
    const identity = identityOf(event);
    try {
      await checkBeforeResolving(field, event.arguments, identity);
      return await resolve(event.arguments as never, identity, event);
    } catch (error) {
      if (error instanceof AppError) return toResolverError(error);
      const refused = storeValidationError(error);
      if (!refused) throw error;
      console.error(`[${field}] DynamoDB refused the input`, error);
      return toResolverError(refused);
    }
  };
}
