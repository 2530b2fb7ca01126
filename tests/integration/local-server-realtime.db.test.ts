// AppSync's real-time protocol on the local host, spoken by a raw WebSocket client.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DEMO, RealtimeClient, graphql, login, meId, startTestServer, type TestServer } from './support/local-server';

const SUBSCRIPTION = 'subscription On($id: ID!) { onFirstLoginModalClosed(id: $id) { id firstLoginModalClosed } }';
const MUTATION =
  'mutation Close($input: UpdateFirstLoginModalClosedInput!) { updateFirstLoginModalClosed(input: $input) { id firstLoginModalClosed } }';

let server: TestServer;
let url: string;
let renter: { auth: string; id: string };
let owner: { auth: string; id: string };
const clients: RealtimeClient[] = [];

async function connect(authorization: string | null, protocols?: string[]): Promise<RealtimeClient> {
  const client = await RealtimeClient.connect(url, authorization, protocols);
  clients.push(client);
  return client;
}

async function closeModal(user: { auth: string }, firstLoginModalClosed: boolean) {
  const { body } = await graphql(url, user.auth, MUTATION, { input: { firstLoginModalClosed } });
  expect(body.errors).toBeUndefined();
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  for (const [email, assign] of [
    [DEMO.renter, (user: typeof renter) => (renter = user)],
    [DEMO.owner, (user: typeof owner) => (owner = user)],
  ] as const) {
    const token = await login(url, email);
    assign({ auth: `Bearer ${token}`, id: await meId(url, token) });
  }
});
afterEach(() => clients.splice(0).forEach((client) => client.close()));
afterAll(() => server?.stop());

describe('connection', () => {
  it('acknowledges connection_init with the connection timeout, then keeps alive', async () => {
    const client = await connect(renter.auth);
    expect(client.socket.protocol).toBe('graphql-ws');
    expect(await client.init()).toEqual({ type: 'connection_ack', payload: { connectionTimeoutMs: 300_000 } });
    expect(await client.next((m) => m.type === 'ka')).toEqual({ type: 'ka' });
  });

  it('accepts the authorization as Amplify sends it: a header-<base64url> subprotocol', async () => {
    const header = Buffer.from(JSON.stringify({ Authorization: renter.auth, host: new URL(url).host })).toString('base64url');
    const client = await connect(null, ['graphql-ws', `header-${header}`]);
    expect(client.socket.protocol).toBe('graphql-ws');
    expect((await client.init()).type).toBe('connection_ack');
  });

  it('answers connection_error when the connection authorization is refused', async () => {
    const client = await connect('Bearer not-a-jwt');
    expect(await client.init()).toEqual({
      type: 'connection_error',
      payload: {
        errors: [
          {
            errorType: 'UnauthorizedException',
            message: 'You are not authorized to make this call.',
            extensions: { code: 'UNAUTHENTICATED', fields: [] },
            errorCode: 401,
          },
        ],
      },
    });
  });

  it('refuses a handshake without the graphql-ws subprotocol', async () => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql/realtime`);
    await expect(new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))).rejects.toThrow(/400/);
  });
});

describe('subscriptions', () => {
  it('refuses a start whose own authorization is refused', async () => {
    const client = await connect(renter.auth);
    await client.init();
    expect(await client.start('s1', SUBSCRIPTION, { id: renter.id }, 'Bearer not-a-jwt')).toEqual({
      type: 'error',
      id: 's1',
      payload: {
        errors: [
          {
            errorType: 'UnauthorizedException',
            message: 'You are not authorized to make this call.',
            extensions: { code: 'UNAUTHENTICATED', fields: [] },
            errorCode: 401,
          },
        ],
      },
    });
  });

  it('refuses what the subscription resolver refuses (another user’s events)', async () => {
    const client = await connect(renter.auth);
    await client.init();
    const refused = await client.start('s1', SUBSCRIPTION, { id: owner.id }, renter.auth);
    expect(refused).toMatchObject({
      type: 'error',
      id: 's1',
      payload: { errors: [{ errorType: 'UNAUTHORIZED_ACCESS', path: ['onFirstLoginModalClosed'] }] },
    });
  });

  it('reports an invalid subscription as a validation error', async () => {
    const client = await connect(renter.auth);
    await client.init();
    const refused = await client.start('s1', 'subscription { onFirstLoginModalClosed(id: "x") { nope } }', {}, renter.auth);
    expect(refused).toMatchObject({ type: 'error', id: 's1', payload: { errors: [{ errorType: 'ValidationError' }] } });
  });

  it('delivers the mutation’s result to the subscriber (start, start_ack, data, stop, complete)', async () => {
    const client = await connect(renter.auth);
    await client.init();
    expect(await client.start('s1', SUBSCRIPTION, { id: renter.id }, renter.auth)).toEqual({ type: 'start_ack', id: 's1' });

    await closeModal(renter, true);
    expect(await client.next((m) => m.type === 'data')).toEqual({
      type: 'data',
      id: 's1',
      payload: { data: { onFirstLoginModalClosed: { id: renter.id, firstLoginModalClosed: true } } },
    });

    client.send({ type: 'stop', id: 's1' });
    expect(await client.next((m) => m.type === 'complete')).toEqual({ type: 'complete', id: 's1' });
    await closeModal(renter, false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.messages.filter((m) => m.type === 'data')).toHaveLength(1);
  });

  it('filters events by the subscription’s arguments: another user’s event is not delivered', async () => {
    const renterClient = await connect(renter.auth);
    const ownerClient = await connect(owner.auth);
    await renterClient.init();
    await ownerClient.init();
    await renterClient.start('mine', SUBSCRIPTION, { id: renter.id }, renter.auth);
    await ownerClient.start(
      'mine',
      'subscription ($id: ID!) { onFirstLoginModalClosed(id: $id) { firstLoginModalClosed } }',
      { id: owner.id },
      owner.auth,
    );

    await closeModal(owner, true);
    // The subscription's own selection set shapes the event.
    expect(await ownerClient.next((m) => m.type === 'data')).toMatchObject({
      payload: { data: { onFirstLoginModalClosed: { firstLoginModalClosed: true } } },
    });
    await closeModal(renter, true);
    const renterEvent = await renterClient.next((m) => m.type === 'data');
    expect(renterEvent.payload).toEqual({ data: { onFirstLoginModalClosed: { id: renter.id, firstLoginModalClosed: true } } });
    expect(renterClient.messages.filter((m) => m.type === 'data')).toHaveLength(1);
    expect(ownerClient.messages.filter((m) => m.type === 'data')).toHaveLength(1);
  });
});
