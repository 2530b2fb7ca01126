// The real aws-amplify v6 GraphQL client, as the web app uses it (AWS_LAMBDA auth mode with
// `Bearer <jwt>`), against the local host: a mutation over HTTP reaches a subscription over the
// local real-time protocol.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Amplify } from 'aws-amplify';
import { CONNECTION_STATE_CHANGE, ConnectionState, generateClient, type GraphQLSubscription } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import { DEMO, login, startTestServer, type TestServer } from './support/local-server';

// Node 20 has no global WebSocket. Amplify always opens `wss://`; the local host is plain http,
// so the scheme is mapped back here, as the web app does in local mode.
class LocalWebSocket extends WebSocket {
  constructor(address: string, protocols?: string | string[]) {
    super(address.replace(/^wss:/, 'ws:'), protocols);
  }
}
(globalThis as { WebSocket?: unknown }).WebSocket = LocalWebSocket;

type ModalClosed = { onFirstLoginModalClosed: { id: string; firstLoginModalClosed: boolean } };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  Amplify.configure({ API: { GraphQL: { endpoint: `${server.url}/graphql`, region: 'ca-central-1', defaultAuthMode: 'lambda' } } });
});
afterAll(() => server?.stop());

it('receives a subscription event through Amplify', async () => {
  const authToken = `Bearer ${await login(server.url, DEMO.renter)}`;
  const client = generateClient();

  const me = await client.graphql({ query: '{ me { id } }', authMode: 'lambda', authToken });
  const { id } = (me as { data: { me: { id: string } } }).data.me;

  const connected = new Promise<void>((resolve) => {
    const stop = Hub.listen('api', ({ payload }) => {
      if (
        payload.event === CONNECTION_STATE_CHANGE &&
        (payload.data as { connectionState: string }).connectionState === ConnectionState.Connected
      ) {
        stop();
        resolve();
      }
    });
  });
  const received = new Promise<ModalClosed>((resolve, reject) => {
    const subscription = client
      .graphql<GraphQLSubscription<ModalClosed>>({
        query: 'subscription On($id: ID!) { onFirstLoginModalClosed(id: $id) { id firstLoginModalClosed } }',
        variables: { id },
        authMode: 'lambda',
        authToken,
      })
      .subscribe({
        next: ({ data }) => {
          subscription.unsubscribe();
          resolve(data);
        },
        error: reject,
      });
  });
  await connected;

  const mutation = await client.graphql({
    query:
      'mutation Close($input: UpdateFirstLoginModalClosedInput!) { updateFirstLoginModalClosed(input: $input) { id firstLoginModalClosed } }',
    variables: { input: { firstLoginModalClosed: true } },
    authMode: 'lambda',
    authToken,
  });
  expect((mutation as { errors?: unknown }).errors).toBeUndefined();
  expect(await received).toEqual({ onFirstLoginModalClosed: { id, firstLoginModalClosed: true } });
});
