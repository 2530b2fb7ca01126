// The Amplify GraphQL client, in its own chunk: pages that never call GraphQL never download it.
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { loadRuntimeConfig } from '../config';
import { mapRealtimeSchemeToWs } from '../local-realtime';

const config = await loadRuntimeConfig();
if (config.mode === 'local') mapRealtimeSchemeToWs(config.graphqlEndpoint);

Amplify.configure({
  API: { GraphQL: { endpoint: config.graphqlEndpoint, region: config.region, defaultAuthMode: 'lambda' } },
});

const client = generateClient();

export interface GraphQLCall {
  query: string;
  variables?: Record<string, unknown>;
  /** `Bearer <jwt>` or the anonymous token: the Lambda authorizer reads it. */
  authToken: string;
}

export interface EventStream {
  subscribe(observer: { next: (event: { data: unknown }) => void; error: (error: unknown) => void }): { unsubscribe(): void };
}

// Amplify types results per generated operation; this app sends plain documents, so the shapes are
// stated once here and the callers name their data type.
export const query = (call: GraphQLCall) => client.graphql(call) as Promise<{ data: unknown }>;
export const listen = (call: GraphQLCall) => client.graphql(call) as unknown as EventStream;
