// Queries and mutations over plain HTTPS, as AppSync takes them (POST, `Authorization` read by the
// Lambda authorizer). Amplify's client (amplify-client.ts, ~50 kB gzipped) is only needed for the
// real-time socket, so a page that only reads and writes never downloads it.
import { print } from '@0no-co/graphql.web';
import { loadRuntimeConfig } from '../config';

export interface GraphQLCall {
  /** A parsed document (gql.tada's AST is graphql-js's). */
  query: object;
  variables?: Record<string, unknown>;
  /** `Bearer <jwt>` or the anonymous token: the Lambda authorizer reads it. */
  authToken: string;
}

/** What a failed call throws: GraphQL's `{ data, errors }`, as errors.ts reads it (AppSync names the code in errorType). */
export interface GraphQLFailure {
  data: unknown;
  errors: Array<{ message: string; errorType?: string; extensions?: unknown; errorInfo?: unknown }>;
}

/** The AppSync answer to a refused token: a 401 whose body may or may not say so. */
const unauthorized = (): GraphQLFailure => ({ data: null, errors: [{ message: 'Unauthorized', errorType: 'UnauthorizedException' }] });

/** Sends a query or mutation; aborting `signal` cancels the HTTP request (the fetch rejects with an AbortError). */
export async function query(call: GraphQLCall, signal?: AbortSignal): Promise<{ data: unknown }> {
  const { graphqlEndpoint } = await loadRuntimeConfig();
  const response = await fetch(graphqlEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: call.authToken },
    body: JSON.stringify({ query: print(call.query as Parameters<typeof print>[0]), variables: call.variables ?? {} }),
    signal,
  });
  const body = (await response.json().catch(() => null)) as Partial<GraphQLFailure> | null;
  if (response.status === 401)
    throw body?.errors?.length ? { data: null, ...body, errors: body.errors.map(asUnauthorized) } : unauthorized();
  if (body?.errors?.length) throw { data: body.data ?? null, errors: body.errors };
  if (!response.ok || !body || !('data' in body)) throw new Error(`POST ${graphqlEndpoint} answered ${response.status}`);
  return { data: body.data };
}

const asUnauthorized = (error: GraphQLFailure['errors'][number]) => ({ ...error, errorType: error.errorType ?? 'UnauthorizedException' });
