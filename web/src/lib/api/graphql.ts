// GraphQL calls (spec §7): bearer or anonymous token, errors as ApiError, renewal and one retry on 401.
import { authorizationHeader } from '../auth/session';
import { withRenewal } from '../auth/renewal';
import { describeError, logger } from '../logger';
import { toApiError } from './errors';

type Variables = Record<string, unknown>;

/** The part of the Observable Amplify returns for a subscription that this app uses. */
interface EventStream<T> {
  subscribe(observer: { next: (event: { data: T }) => void; error: (error: unknown) => void }): { unsubscribe(): void };
}

const loadClient = () => import('./amplify-client').then((module) => module.client);

export function graphqlRequest<T>(query: string, variables?: Variables): Promise<T> {
  return withRenewal(async () => {
    const client = await loadClient();
    try {
      const result = (await client.graphql({ query, variables, authToken: authorizationHeader() })) as { data: T };
      return result.data;
    } catch (error) {
      throw toApiError(error);
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
      const events = client.graphql({ query, variables, authToken: authorizationHeader() }) as unknown as EventStream<T>;
      const subscription = events.subscribe({
        next: ({ data }) => onData(data),
        error: (error: unknown) => logger.warning(`Subscription failed: ${describeError(error)}`),
      });
      stop = () => subscription.unsubscribe();
    })
    .catch((error: unknown) => logger.error(`GraphQL client failed to load: ${describeError(error)}`));
  return () => {
    stopped = true;
    stop();
  };
}
