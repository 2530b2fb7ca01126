// GraphQL calls (spec §7): bearer or anonymous token, errors as ApiError, renewal and one retry on 401.
import { authorizationHeader } from '../auth/session';
import { withRenewal } from '../auth/renewal';
import { describeError, logger } from '../logger';
import { signalApiError } from './error-signals';
import { toApiError } from './errors';

type Variables = Record<string, unknown>;

const loadClient = () => import('./amplify-client');

export function graphqlRequest<T>(query: string, variables?: Variables): Promise<T> {
  return withRenewal(async () => {
    const client = await loadClient();
    try {
      const result = await client.query({ query, variables, authToken: authorizationHeader() });
      return result.data as T;
    } catch (error) {
      throw signalApiError(toApiError(error));
    }
  });
}

/** Starts a subscription; the returned function stops it (also when called before it started). */
export function subscribe<T>(query: string, variables: Variables, onData: (data: T) => void): () => void {
  let stopped = false;
  let stop = () => {};
  loadClient()
    .then((client) => {
      if (stopped) return;
      const subscription = client.listen({ query, variables, authToken: authorizationHeader() }).subscribe({
        next: ({ data }) => onData(data as T),
        error: (error) => logger.warning(`Subscription failed: ${describeError(error)}`),
      });
      stop = () => subscription.unsubscribe();
    })
    .catch((error: unknown) => logger.error(`GraphQL client failed to load: ${describeError(error)}`));
  return () => {
    stopped = true;
    stop();
  };
}
