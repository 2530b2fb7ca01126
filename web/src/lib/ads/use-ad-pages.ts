// Ad lists read page by page ("load more"): searchAds, managedAds and userAds answer a page of items
// and take the previous page's nextToken. The pages already read stay shown while the next one loads.
import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TadaDocumentNode } from 'gql.tada';
import { ADS_PAGE_DEFAULT_LIMIT } from '@partage/graphql';
import { graphqlRequest } from '../api/graphql';
import { queryKey } from '../api/queries';
import { queryClient } from '../api/query-client';

interface AdPage<Item> {
  items: readonly Item[];
  nextToken?: string | null;
}

type PageVariables = { limit?: number | null; nextToken?: string | null };

interface AdPagesOptions {
  enabled?: boolean;
  /** Items per page; ADS_PAGE_DEFAULT_LIMIT unless given. */
  limit?: number;
}

export interface AdPages<Item, Result = unknown> {
  /** Null until the first page came. */
  items: readonly Item[] | null;
  /** The first page's whole answer (what it tells besides its items: searchAds' count); null until it came. */
  firstAnswer: Result | null;
  loading: boolean;
  loadingMore: boolean;
  failed: boolean;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * `variables` are the query's own (without limit and nextToken); `page` finds the AdPage in an answer.
 * The cache key starts with the operation's name, so a mutation that `invalidates` it refreshes the list.
 */
export function useAdPages<Result, Vars extends PageVariables, Item>(
  document: TadaDocumentNode<Result, Vars>,
  variables: Omit<Vars, keyof PageVariables>,
  page: (result: Result) => AdPage<Item>,
  { enabled = true, limit = ADS_PAGE_DEFAULT_LIMIT }: AdPagesOptions = {},
): AdPages<Item, Result> {
  const key = queryKey(document, variables as Vars);
  const query = useInfiniteQuery(
    {
      queryKey: key,
      queryFn: ({ pageParam, signal }) => graphqlRequest(document, { ...variables, limit, nextToken: pageParam } as Vars, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last: Result) => page(last).nextToken ?? null,
      meta: { notifyError: true },
      enabled,
    },
    queryClient,
  );
  // The same array while no page comes (a map draws its markers from it). `page` only reads its answer.
  const { data } = query;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const items = useMemo(() => (data ? data.pages.flatMap((answer) => page(answer).items) : null), [data]);
  return {
    items,
    firstAnswer: data?.pages[0] ?? null,
    loading: query.isPending && enabled,
    loadingMore: query.isFetchingNextPage,
    failed: query.isError && !query.isFetching,
    hasMore: query.hasNextPage && !query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}
