// The Amplify GraphQL client, in its own chunk, for subscriptions only (its real-time socket speaks
// AppSync's protocol); queries and mutations go through http-client.ts.
import { Amplify } from 'aws-amplify';
import { CONNECTION_STATE_CHANGE, ConnectionState, generateClient } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import { loadRuntimeConfig } from '../config';
import { mapRealtimeSchemeToWs } from '../local-realtime';
import type { GraphQLCall } from './http-client';

const config = await loadRuntimeConfig();
if (config.mode === 'local') mapRealtimeSchemeToWs(config.graphqlEndpoint);

Amplify.configure({
  API: { GraphQL: { endpoint: config.graphqlEndpoint, region: config.region, defaultAuthMode: 'lambda' } },
});

const client = generateClient();
// Amplify declares the document with its own copy of graphql-js's types; the AST is the same.
const send = (call: GraphQLCall) => client.graphql(call as never) as unknown;

export interface EventStream {
  subscribe(observer: { next: (event: { data: unknown }) => void; error: (error: unknown) => void }): { unsubscribe(): void };
}

export const listen = (call: GraphQLCall) => send(call) as EventStream;

/**
 * Calls `listener` each time the real-time connection is back after it was disrupted (network lost,
 * server gone): Amplify resubscribes by itself, but events sent meanwhile are lost, so readers fetch
 * what they missed. Returns the function that stops listening.
 */
export function onConnectionRestored(listener: () => void): () => void {
  let disrupted = false;
  return Hub.listen('api', ({ payload }) => {
    if (payload.event !== CONNECTION_STATE_CHANGE) return;
    const state = (payload.data as { connectionState?: ConnectionState } | undefined)?.connectionState;
    if (state === ConnectionState.ConnectionDisrupted || state === ConnectionState.ConnectionDisruptedPendingNetwork) disrupted = true;
    if (state === ConnectionState.Connected && disrupted) {
      disrupted = false;
      listener();
    }
  });
}
