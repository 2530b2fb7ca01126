// The frame of every resolver Lambda: routes AppSync's direct-Lambda event to the resolver of its
// field and turns an AppError into the envelope AppSync's resolver code re-raises as a GraphQL error.
// A field resolver on a type field is called with BatchInvoke: the event is then an array (one per
// parent object of the level) and the answer an array in the same order, an envelope for each failure.

import { AppError, toResolverError, USER_TYPES, type FieldResolverTypes, type ResolverInfo } from '@partage/graphql';
import { logger } from '../../adapters/log';
import { apiErrorOf } from '../../domain/data-errors';
import { sourceSubjectOf } from '../../domain/source-address';
import type { Identity } from '../../domain/identity';
import { checkBeforeResolving, storeValidationError } from './resolver-guards';
import { serviceBusyAnswer } from './service-busy';
import type { SubscriptionFilterEnvelope } from './subscription-filter';

export interface ResolverEvent<Source = unknown> {
  arguments: Record<string, unknown>;
  identity?: { resolverContext?: { userId?: string; role?: string; sessionId?: string } } | null;
  source: Source;
  info: ResolverInfo;
  request?: { headers: Record<string, string | undefined> };
  prev: unknown;
  stash: Record<string, unknown>;
}

/** Every `Type.field` a handler may serve (generated from the schema parts). */
export type FieldName = keyof FieldResolverTypes;
type Types<F extends FieldName> = FieldResolverTypes[F];

/**
 * What a resolver answers: the field's result; for a subscription (run once when a client subscribes),
 * the filter its events must pass (shared/subscription-filter.ts). Not null: an unfiltered
 * subscription would receive every user's events.
 */
type ResultOf<F extends FieldName> = F extends `Subscription.${string}` ? SubscriptionFilterEnvelope : Types<F>['result'];

/** Resolves one field for one caller: its arguments (checked by AppSync against the schema) in, its result out. */
export type FieldResolver<F extends FieldName> = (
  args: Types<F>['args'],
  identity: Identity,
  event: ResolverEvent<Types<F>['parent']>,
) => ResultOf<F> | Promise<ResultOf<F>>;

export interface FieldCall<F extends FieldName> {
  args: Types<F>['args'];
  identity: Identity;
  source: Types<F>['parent'];
}

/**
 * Resolves a field for every parent of a level at once (one read for a page of 20 rows, not 20): one
 * result or AppError per call, in order. Declare it with `batched(...)`.
 */
export interface BatchFieldResolver<F extends FieldName> {
  batch: (calls: FieldCall<F>[]) => Promise<(Types<F>['result'] | AppError)[]>;
}

/** What a handler exports: the fields it serves. The catalog (and so both hosts) is derived from these maps. */
export type FieldMap = { [F in FieldName]?: FieldResolver<F> | BatchFieldResolver<F> };

export const batched = <F extends FieldName>(batch: BatchFieldResolver<F>['batch']): BatchFieldResolver<F> => ({ batch });

function identityOf(event: ResolverEvent): Identity {
  const context = event.identity?.resolverContext;
  const role = USER_TYPES.find((t) => t === context?.role);
  return role && role !== 'ANONYME' && context?.userId
    ? { userId: context.userId, role, sessionId: context.sessionId || undefined }
    : { userId: '', role: 'ANONYME' };
}

/** Longest text form of an IP address (IPv4-mapped IPv6); the header is the client's to fill, so it is cut there. */
const MAX_ADDRESS_LENGTH = 45;

/**
 * The caller's address, from the `x-forwarded-for` header AppSync forwards: AppSync's front end
 * appends the caller's address and then its edge's to whatever the caller sent, so the hop before
 * the last is the one a caller cannot forge (the first is theirs to write: keyed by it, any limit
 * would be dodged). The local host sets the header from its socket, a single hop. Undefined only for
 * events built without one (direct calls in tests). IPv6 by its /64 (domain/source-address.ts).
 */
export function sourceAddressOf(event: ResolverEvent): string | undefined {
  const hops = (event.request?.headers['x-forwarded-for'] ?? '').split(',').map((hop) => hop.trim());
  const address = hops[Math.max(0, hops.length - 2)]!.slice(0, MAX_ADDRESS_LENGTH);
  return address ? sourceSubjectOf(address) : undefined;
}

/**
 * The envelope of an error a client caused, or of a busy service (SERVICE_BUSY: the client may send the
 * request again); anything else is thrown (AppSync reports Lambda:Unhandled).
 */
function envelopeOf(field: string, error: unknown) {
  const translated = apiErrorOf(error);
  if (translated instanceof AppError) return toResolverError(translated);
  const refused = storeValidationError(error);
  if (refused) {
    logger().error('DynamoDB refused the input', { field, error });
    return toResolverError(refused);
  }
  const busy = serviceBusyAnswer(error, { field });
  if (!busy) throw error;
  return toResolverError(busy);
}

type AnyResolver = FieldResolver<FieldName> | BatchFieldResolver<FieldName>;

/** Calls of one field: a batch resolver gets them all, a plain one each in turn (all at once). */
async function resolveAll(field: string, resolve: AnyResolver, events: ResolverEvent[]): Promise<unknown[]> {
  if ('batch' in resolve) {
    let results: unknown[];
    try {
      const calls = await Promise.all(
        events.map(async (event) => {
          const identity = identityOf(event);
          await checkBeforeResolving(field, event.arguments, identity);
          return { args: event.arguments as never, identity, source: event.source as never };
        }),
      );
      results = await resolve.batch(calls);
    } catch (error) {
      // A refusal of the whole batch is every item's error.
      return events.map(() => envelopeOf(field, error));
    }
    if (results.length !== events.length) throw new Error(`Batch resolver answered ${results.length} results for ${events.length} calls`);
    return results.map((result) => (result instanceof AppError ? envelopeOf(field, result) : result));
  }
  return Promise.all(
    events.map(async (event) => {
      const identity = identityOf(event);
      try {
        await checkBeforeResolving(field, event.arguments, identity);
        return await resolve(event.arguments as never, identity, event as ResolverEvent<never>);
      } catch (error) {
        return envelopeOf(field, error);
      }
    }),
  );
}

const fieldOf = (event: ResolverEvent) => `${event.info.parentTypeName}.${event.info.fieldName}`;

export function resolverHandler(fields: FieldMap) {
  const resolverOf = (field: string): AnyResolver => {
    const resolve = (fields as Record<string, AnyResolver | undefined>)[field];
    if (!resolve) throw new Error(`No resolver for ${field}`);
    return resolve;
  };
  async function handler(event: ResolverEvent): Promise<unknown>;
  async function handler(events: ResolverEvent[]): Promise<unknown[]>;
  async function handler(input: ResolverEvent | ResolverEvent[]): Promise<unknown> {
    if (!Array.isArray(input)) {
      const field = fieldOf(input);
      return (await resolveAll(field, resolverOf(field), [input]))[0];
    }
    // AppSync batches the calls of one field; grouping keeps the frame right for any mix.
    const groups = new Map<string, number[]>();
    input.forEach((event, index) => groups.set(fieldOf(event), [...(groups.get(fieldOf(event)) ?? []), index]));
    const results: unknown[] = new Array(input.length);
    for (const [field, indexes] of groups) {
      const answers = await resolveAll(
        field,
        resolverOf(field),
        indexes.map((index) => input[index]!),
      );
      indexes.forEach((index, i) => (results[index] = answers[i]));
    }
    return results;
  }
  return handler;
}
