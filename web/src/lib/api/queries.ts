// Queries and mutations for screens: TanStack Query over graphqlRequest. A query's key is its
// operation name and variables; a mutation names the operations its success makes stale.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, type UseMutationOptions } from '@tanstack/react-query';
import type { TadaDocumentNode } from 'gql.tada';
import { graphqlRequest } from './graphql';
import { queryClient } from './query-client';

type Document<Result, Vars> = TadaDocumentNode<Result, Vars>;

/** The operation's name (`query Me` -> 'Me'): the first part of its cache key. */
export function operationName(document: Document<unknown, never>): string {
  const operation = document.definitions.find((definition) => definition.kind === 'OperationDefinition');
  const name = operation && 'name' in operation ? operation.name?.value : undefined;
  if (!name) throw new Error('GraphQL operations used by the app are named');
  return name;
}

export const queryKey = <Result, Vars>(document: Document<Result, Vars>, variables?: Vars) =>
  [operationName(document), variables ?? {}] as const;

interface QueryOptions<Result = unknown> {
  /** False: not asked for yet (a required value is missing). */
  enabled?: boolean;
  /** How long an answer is served without asking again; the client's default otherwise. */
  staleTime?: number;
  /** True: a failure is announced in the notification region (once per failed fetch, however many screens read it). */
  notifyError?: boolean;
  /** True: while the answer for new variables loads, the previous variables' answer stays (isPlaceholderData). */
  keepPreviousData?: boolean;
  /**
   * False: the request is never cancelled, even when no screen waits for it any more (TanStack Query
   * cancels an abandoned request, and asks again on the next mount). For an operation with an effect.
   */
  abortable?: boolean;
  /**
   * Milliseconds between fetches while the screen shows it (a state that changes on the server, e.g. from a
   * webhook or a job); false: none. A function decides from the latest answer (ask again until it changed).
   */
  refetchInterval?: number | false | ((data: Result | undefined) => number | false);
}

/**
 * Runs a query, cached under its key and shared by every screen that asks for the same key. A newer
 * key wins: answers for variables no longer shown are dropped, and the request of an abandoned key
 * is cancelled through the AbortSignal TanStack Query gives.
 */
export function useApiQuery<Result, Vars>(
  document: Document<Result, Vars>,
  variables: Vars,
  { notifyError, keepPreviousData: keepPrevious, abortable = true, refetchInterval, ...options }: QueryOptions<Result> = {},
) {
  return useQuery(
    {
      queryKey: queryKey(document, variables),
      refetchInterval: typeof refetchInterval === 'function' ? (query) => refetchInterval(query.state.data) : refetchInterval,
      // Reading `signal` is what lets TanStack Query cancel the request.
      queryFn: abortable ? ({ signal }) => graphqlRequest(document, variables, signal) : () => graphqlRequest(document, variables),
      meta: { notifyError },
      ...(keepPrevious && { placeholderData: keepPreviousData }),
      ...options,
    },
    queryClient,
  );
}

/**
 * A paged query read page after page (older messages, more conversations): each page is asked with the
 * `nextToken` the previous one gave; `nextTokenOf` reads it from an answer (null: no more pages).
 * Cached under the same key as useApiQuery's, so mutations invalidate it by operation name alike.
 */
export function useApiInfiniteQuery<Result, Vars extends { nextToken?: string | null }>(
  document: Document<Result, Vars>,
  variables: Omit<Vars, 'nextToken'>,
  nextTokenOf: (page: Result) => string | null | undefined,
  { enabled, refetchInterval, notifyError }: Pick<QueryOptions, 'enabled' | 'notifyError'> & { refetchInterval?: number } = {},
) {
  return useInfiniteQuery(
    {
      queryKey: queryKey(document, variables as Vars),
      queryFn: ({ pageParam, signal }) => graphqlRequest(document, { ...variables, nextToken: pageParam } as Vars, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => nextTokenOf(page) ?? undefined,
      meta: { notifyError },
      enabled,
      refetchInterval,
    },
    queryClient,
  );
}

type MutationOptions<Result, Vars> = Pick<UseMutationOptions<Result, Error, Vars>, 'onSuccess' | 'onError'> & {
  /** Queries whose answers this mutation's success makes stale: they are fetched again where shown. */
  invalidates?: Document<unknown, never>[];
};

/** A mutation; on success, the queries it `invalidates` are marked stale before `onSuccess` runs. */
export function useApiMutation<Result, Vars>(
  document: Document<Result, Vars>,
  { invalidates = [], onSuccess, onError }: MutationOptions<Result, Vars> = {},
) {
  return useMutation(
    {
      mutationFn: (variables: Vars) => graphqlRequest(document, variables),
      onSuccess: async (...args) => {
        await Promise.all(invalidates.map((stale) => queryClient.invalidateQueries({ queryKey: [operationName(stale)] })));
        await onSuccess?.(...args);
      },
      onError,
    },
    queryClient,
  );
}
