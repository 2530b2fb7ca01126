// The app's one TanStack Query cache. It is passed to the hooks explicitly (api/queries.ts), so code
// outside React (the session) reaches the same cache and tests need no provider.
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { getSession, onSessionChange } from '../auth/session';
import { notifyError } from '../notifications/notify-error';

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.notifyError) notifyError(error);
    },
  }),
  defaultOptions: {
    // A failure is shown at once with its translated message (spec §8); the user decides to try again.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// What one user was shown must never reach the next one: a login, a logout or a switch of user in
// another tab empties the cache (in-flight answers for the previous user land nowhere).
let cachedFor = getSession()?.userId ?? null;
onSessionChange(() => {
  const userId = getSession()?.userId ?? null;
  if (userId === cachedFor) return;
  cachedFor = userId;
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
});
