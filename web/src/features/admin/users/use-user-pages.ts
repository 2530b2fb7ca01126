// The pages of the user list (users(search, limit, nextToken)): the server hands out a token for the
// next page only, so the tokens of the pages already seen are kept as a stack to go back.
import { useState } from 'react';
import { USERS_PAGE_DEFAULT_LIMIT } from '@partage/graphql';
import type { ResultOf } from '../../../lib/api/documents';
import { useApiQuery } from '../../../lib/api/queries';
import { USERS } from './operations';

export type UserSummary = NonNullable<ResultOf<typeof USERS>['users']>['items'][number];

export interface UserPages {
  /** 1 for the first page. */
  pageNumber: number;
  /** The rows to show: the page asked for, or the previous one while it loads. */
  users: readonly UserSummary[] | null;
  loading: boolean;
  failed: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  previous: () => void;
  next: () => void;
  retry: () => void;
}

export function useUserPages(search: string): UserPages {
  // Tokens of the pages after the first, for one search; a new search starts at its first page.
  const [stack, setStack] = useState<{ search: string; tokens: string[] }>({ search, tokens: [] });
  const tokens = stack.search === search ? stack.tokens : [];
  const nextToken = tokens.at(-1) ?? null;
  // Each page is cached under its search and token; the rows shown stay those of the previous page
  // until the next one arrives, and an answer for a page no longer asked for is never shown.
  const query = useApiQuery(
    USERS,
    { search: search || null, limit: USERS_PAGE_DEFAULT_LIMIT, nextToken },
    { keepPreviousData: true, notifyError: true },
  );
  const loading = query.isPending || query.isPlaceholderData || (query.isError && query.isFetching);
  const page = query.isError ? null : query.data && (query.data.users ?? { items: [], nextToken: null });
  const following = loading ? null : page?.nextToken;
  return {
    pageNumber: tokens.length + 1,
    users: page?.items ?? null,
    loading,
    failed: !loading && query.isError,
    hasPrevious: tokens.length > 0 && !loading,
    hasNext: Boolean(following),
    previous: () => {
      if (tokens.length > 0 && !loading) setStack({ search, tokens: tokens.slice(0, -1) });
    },
    next: () => {
      if (following) setStack({ search, tokens: [...tokens, following] });
    },
    retry: () => void query.refetch(),
  };
}
