// The pages of the user list (users(search, limit, nextToken)): the server hands out a token for the
// next page only, so the tokens of the pages already seen are kept as a stack to go back.
import { useEffect, useState } from 'react';
import { USERS_PAGE_DEFAULT_LIMIT, type UserPage, type UserSummary } from '@partage/graphql';
import { graphqlRequest } from '../../../lib/api/graphql';
import { notifyError } from '../../../lib/notifications/notify-error';
import { USERS } from './operations';

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
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([search, nextToken, attempt]);
  const [loaded, setLoaded] = useState<{ key: string; page: UserPage | null } | null>(null);

  useEffect(() => {
    let current = true;
    graphqlRequest<{ users: UserPage | null }>(USERS, { search: search || null, limit: USERS_PAGE_DEFAULT_LIMIT, nextToken }).then(
      ({ users }) => current && setLoaded({ key, page: users ?? { items: [], nextToken: null } }),
      (error: unknown) => {
        if (!current) return;
        notifyError(error);
        setLoaded({ key, page: null });
      },
    );
    return () => {
      current = false;
    };
  }, [key, search, nextToken]);

  const loading = loaded?.key !== key;
  const page = loaded?.page ?? null;
  const following = loading ? null : page?.nextToken;
  return {
    pageNumber: tokens.length + 1,
    users: page?.items ?? null,
    loading,
    failed: !loading && page === null,
    hasPrevious: tokens.length > 0 && !loading,
    hasNext: Boolean(following),
    previous: () => {
      if (tokens.length > 0 && !loading) setStack({ search, tokens: tokens.slice(0, -1) });
    },
    next: () => {
      if (following) setStack({ search, tokens: [...tokens, following] });
    },
    retry: () => setAttempt(attempt + 1),
  };
}
