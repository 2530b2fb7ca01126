// The local real-time endpoint's caps (issue 22, finding 4): 2,000 subscriptions on one socket and 200
// sockets from one address were all accepted, each start running the authorizer. A host with small
// caps shows each one; the defaults are AppSync's own (docs: README "Limits on the local host").

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { REALTIME_LIMITS } from '../../infra/local/appsync-realtime';
import { DEMO, RealtimeClient, login, meId, startTestServer, type TestServer } from './support/local-server';

const SUBSCRIPTION = 'subscription On($id: ID!) { onFirstLoginModalClosed(id: $id) { id firstLoginModalClosed } }';
const LIMITS = { socketsPerSource: 2, subscriptionsPerSocket: 3, starts: { capacity: 4, refillPerSecond: 1 / 3600 } };

let server: TestServer;
let renter: { auth: string; id: string };
const clients: RealtimeClient[] = [];

/** A socket, once the server has counted the ones closed before (their close reaches it a moment later). */
async function connected(): Promise<RealtimeClient> {
  let client: RealtimeClient | null = null;
  await expect.poll(async () => (client = await RealtimeClient.connect(server.url, renter.auth).catch(() => null))).not.toBeNull();
  clients.push(client!);
  expect((await client!.init()).type).toBe('connection_ack');
  return client!;
}
const start = (client: RealtimeClient, id: string) => client.start(id, SUBSCRIPTION, { id: renter.id }, renter.auth);
const errorTypeOf = (message: { payload?: unknown }) => (message.payload as { errors: { errorType: string }[] }).errors[0]!.errorType;

beforeAll(async () => {
  server = await startTestServer({ realtimeLimits: LIMITS });
  const token = await login(server.url, DEMO.renter);
  renter = { auth: `Bearer ${token}`, id: await meId(server.url, token) };
});
afterEach(() => clients.splice(0).forEach((client) => client.close()));
afterAll(() => server?.stop());

describe('the local real-time endpoint’s caps', () => {
  it('has AppSync’s subscriptions per connection by default', () => {
    expect(REALTIME_LIMITS.subscriptionsPerSocket).toBe(100);
  });

  it('refuses a subscription past the socket’s number, then starts past the source’s pace, without running the authorizer', async () => {
    const client = await connected();
    for (const id of ['a', 'b', 'c']) expect(await start(client, id)).toEqual({ type: 'start_ack', id });
    const fourth = await start(client, 'd');
    expect(fourth).toMatchObject({ type: 'error', id: 'd' });
    expect(errorTypeOf(fourth)).toBe('LimitExceededError');
    // The fourth start of the hour was taken; the fifth is past the pace, even on a fresh socket.
    client.close();
    const fresh = await connected();
    const paced = await start(fresh, 'e');
    expect(paced).toMatchObject({ type: 'error', id: 'e', payload: { errors: [{ extensions: { code: 'RATE_LIMITED' } }] } });
  });

  it('refuses a socket past the source address’s number, and takes one again once another closes', async () => {
    const [first] = [await connected(), await connected()];
    const third = new WebSocket(`${server.url.replace('http', 'ws')}/graphql/realtime`, ['graphql-ws']);
    await expect(new Promise((resolve, reject) => third.once('open', resolve).once('error', reject))).rejects.toThrow(/429/);
    first!.close();
    await expect
      .poll(async () => {
        const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql/realtime`, ['graphql-ws']);
        const opened = await new Promise<boolean>((resolve) =>
          socket.once('open', () => resolve(true)).once('error', () => resolve(false)),
        );
        socket.close();
        return opened;
      })
      .toBe(true);
  });
});
