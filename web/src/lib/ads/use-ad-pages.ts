// Ad lists read page by page ("load more"): latestAds, managedAds and userAds all answer an AdPage
// and take the previous page's nextToken. The pages already read stay shown while the next one loads.
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

export interface AdPages<Item> {
  /** Null until the first page came. */
  items: readonly Item[] | null;
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
  { enabled = true }: { enabled?: boolean } = {},
): AdPages<Item> {
  const query = useInfiniteQuery(
    {
      queryKey: queryKey(document, variables as Vars),
      queryFn: ({ pageParam, signal }) =>
        graphqlRequest(document, { ...variables, limit: ADS_PAGE_DEFAULT_LIMIT, nextToken: pageParam } as Vars, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last: Result) => page(last).nextToken ?? null,
      meta: { notifyError: true },
      enabled,
    },
    queryClient,
  );
  return {
    items: query.data ? query.data.pages.flatMap((answer) => page(answer).items) : null,
    loading: query.isPending && enabled,
    loadingMore: query.isFetchingNextPage,
    failed: query.isError && !query.isFetching,
    hasMore: query.hasNextPage && !query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}
