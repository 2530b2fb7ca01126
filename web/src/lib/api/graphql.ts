// GraphQL calls (spec §7): bearer or anonymous token, errors as ApiError, renewal and one retry on 401.
// Screens call queries and mutations through api/queries.ts (TanStack Query), and subscribe here.
import type { TadaDocumentNode } from 'gql.tada';
import { authorizationHeader } from '../auth/session';
import { withRenewal } from '../auth/renewal';
import { describeError, logger } from '../logger';
import { signalApiError } from './error-signals';
import { toApiError } from './errors';

type Variables = Record<string, unknown>;

import { query } from './http-client';

const loadClient = () => import('./amplify-client');

/** Sends one operation; an aborted `signal` cancels it (TanStack Query aborts what nobody waits for). */
export function graphqlRequest<Result, Vars>(
  document: TadaDocumentNode<Result, Vars>,
  variables?: Vars,
  signal?: AbortSignal,
): Promise<Result> {
  return withRenewal(async () => {
    try {
      const call = { query: document, variables: variables as Variables | undefined, authToken: authorizationHeader() };
      const result = await query(call, signal);
      return result.data as Result;
    } catch (error) {
      throw signalApiError(toApiError(error));
    }
  });
}

/** Starts a subscription; the returned function stops it (also when called before it started). */
export function subscribe<Result, Vars>(
  document: TadaDocumentNode<Result, Vars>,
  variables: Vars,
  onData: (data: Result) => void,
  /**
   * Called when events may have been missed: the connection came back after a disruption, or the
   * subscription failed and was started again (RESUBSCRIBE_MS later, with the session's current token:
   * the one it started with may have expired). The caller fetches again what it shows.
   */
  onResume: () => void = () => undefined,
): () => void {
  let stopped = false;
  let stop = () => {};
  let retry: ReturnType<typeof setTimeout> | undefined;
  const start = (client: Awaited<ReturnType<typeof loadClient>>) => {
    if (stopped) return;
    const call = { query: document, variables: variables as Variables, authToken: authorizationHeader() };
    const subscription = client.listen(call).subscribe({
      next: ({ data }) => onData(data as Result),
      error: (error) => {
        logger.warning(`Subscription failed: ${describeError(error)}`);
        retry = setTimeout(() => {
          start(client);
          onResume();
        }, RESUBSCRIBE_MS);
      },
    });
    const stopListening = client.onConnectionRestored(onResume);
    stop = () => {
      stopListening();
      subscription.unsubscribe();
    };
  };
  loadClient()
    .then(start)
    .catch((error: unknown) => logger.error(`GraphQL client failed to load: ${describeError(error)}`));
  return () => {
    stopped = true;
    clearTimeout(retry);
    stop();
  };
}

const RESUBSCRIBE_MS = 3_000;
