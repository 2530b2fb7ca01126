// Enhanced subscription filters on the local real-time server, on a small schema with stub Lambdas:
// the filter the subscription's resolver set decides which events reach a client, even when the
// subscription's arguments would let them all through. The resolver sees the caller's address from
// the socket, as on POST /graphql, never one the client wrote; a subscription stopped before its
// resolver answered never starts.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionFilter } from '@partage/functions/handlers/shared/subscription-filter';
import { RealtimeClient } from '../../tests/integration/support/local-server';
import { createAppSyncRealtime, REALTIME_PATH } from './appsync-realtime';
import { buildAppSyncSchema } from './appsync-schema';
import type { Lambda, LambdaFunctions } from './lambda-functions';

const SDL = `
  type Note @aws_lambda @aws_iam { owner: ID! text: String }
  type Query { unused: String }
  type Mutation { publishNote(data: AWSJSON!): Note @aws_iam }
  type Subscription {
    onNote(topic: String): Note @aws_subscribe(mutations: ["publishNote"])
    onNoteSlowly: Note @aws_subscribe(mutations: ["publishNote"])
  }
`;

const lambda = (name: string, invoke: (event: Record<string, unknown>) => unknown): Lambda => ({
  name,
  invoke: async (event) => invoke(event as Record<string, unknown>),
});
const addressesSeen: string[] = [];
/** What onNoteSlowly's resolver waits for before it lets the client in. */
let slowGate = Promise.resolve();
const functions: LambdaFunctions = {
  // `Bearer <user id>` signs in as that user.
  authorizer: lambda('authorizer', (event) => ({
    isAuthorized: String(event.authorizationToken).startsWith('Bearer '),
    resolverContext: { userId: String(event.authorizationToken).slice('Bearer '.length), role: 'USER' },
  })),
  resolvers: new Map([
    [
      'Subscription.onNote',
      lambda('notes', (event) => {
        addressesSeen.push((event.request as { headers: Record<string, string> }).headers['x-forwarded-for']!);
        const { userId } = (event.identity as { resolverContext: { userId: string } }).resolverContext;
        return subscriptionFilter({ owner: { eq: userId } });
      }),
    ],
    ['Subscription.onNoteSlowly', lambda('notes', () => slowGate.then(() => subscriptionFilter({ owner: { eq: 'ann' } })))],
  ]),
  httpRoutes: [],
  jobHandlers: new Map(),
};

const realtime = createAppSyncRealtime({ api: buildAppSyncSchema(SDL), functions });
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(404).end());
  server.on('upgrade', (request, socket, head) => {
    if (request.url?.startsWith(REALTIME_PATH)) realtime.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  realtime.close();
  await new Promise((resolve) => server.close(resolve));
});

async function subscribed(userId: string): Promise<RealtimeClient> {
  const client = await RealtimeClient.connect(url, `Bearer ${userId}`);
  await client.init();
  expect(await client.start('s1', 'subscription { onNote { owner text } }', {}, `Bearer ${userId}`)).toEqual({
    type: 'start_ack',
    id: 's1',
  });
  return client;
}

describe('enhanced subscription filters on the local host', () => {
  it('delivers an event only to the subscriptions whose filter it passes', async () => {
    const ann = await subscribed('ann');
    const bob = await subscribed('bob');
    await realtime.deliver('publishNote', { owner: 'bob', text: 'for bob' });
    await realtime.deliver('publishNote', { owner: 'ann', text: 'for ann' });
    expect(await ann.next((m) => m.type === 'data')).toEqual({
      type: 'data',
      id: 's1',
      payload: { data: { onNote: { owner: 'ann', text: 'for ann' } } },
    });
    expect(await bob.next((m) => m.type === 'data')).toEqual({
      type: 'data',
      id: 's1',
      payload: { data: { onNote: { owner: 'bob', text: 'for bob' } } },
    });
    expect(ann.messages.filter((m) => m.type === 'data')).toHaveLength(1);
    expect(bob.messages.filter((m) => m.type === 'data')).toHaveLength(1);
    ann.close();
    bob.close();
  });

  it("gives the subscription's resolver the address of the socket, not one the client wrote in its headers", async () => {
    const forged = '203.0.113.9';
    const header = Buffer.from(JSON.stringify({ Authorization: 'Bearer ann', host: 'localhost' })).toString('base64');
    const socket = new WebSocket(
      `${url.replace('http', 'ws')}${REALTIME_PATH}?header=${encodeURIComponent(header)}&payload=e30=`,
      ['graphql-ws'],
      {
        headers: { 'x-forwarded-for': forged },
      },
    );
    const messages: { type: string }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as { type: string }));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    // The first answer of the given types (ack or error), so a refusal fails the test rather than hanging it.
    const answer = async (...types: string[]) => {
      while (!messages.some((m) => types.includes(m.type))) await new Promise((resolve) => setTimeout(resolve, 10));
      return messages.find((m) => types.includes(m.type))!.type;
    };
    socket.send(JSON.stringify({ type: 'connection_init' }));
    expect(await answer('connection_ack', 'connection_error')).toBe('connection_ack');
    addressesSeen.length = 0;
    socket.send(
      JSON.stringify({
        id: 's1',
        type: 'start',
        payload: {
          data: JSON.stringify({ query: 'subscription { onNote { owner } }', variables: {} }),
          extensions: { authorization: { Authorization: 'Bearer ann', host: 'localhost', 'X-Forwarded-For': forged } },
        },
      }),
    );
    expect(await answer('start_ack', 'error')).toBe('start_ack');
    socket.close();
    expect(addressesSeen).toEqual(['127.0.0.1']);
  });

  it('never starts a subscription the client stopped while its resolver was still deciding', async () => {
    let release!: () => void;
    slowGate = new Promise<void>((resolve) => (release = resolve));
    const client = await RealtimeClient.connect(url, 'Bearer ann');
    await client.init();
    client.send({
      id: 'slow',
      type: 'start',
      payload: {
        data: JSON.stringify({ query: 'subscription { onNoteSlowly { owner text } }', variables: {} }),
        extensions: { authorization: { Authorization: 'Bearer ann', host: 'localhost' } },
      },
    });
    client.send({ id: 'slow', type: 'stop' });
    await client.next((m) => m.type === 'complete' && m.id === 'slow');
    release();
    expect(await client.start('later', 'subscription { onNote { owner text } }', {}, 'Bearer ann')).toEqual({
      type: 'start_ack',
      id: 'later',
    });
    await realtime.deliver('publishNote', { owner: 'ann', text: 'after the stop' });
    await client.next((m) => m.type === 'data' && m.id === 'later');
    expect(client.messages.filter((m) => m.id === 'slow').map((m) => m.type)).toEqual(['complete']);
    client.close();
  });
});
