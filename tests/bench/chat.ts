// `npm run bench:chat` (also the end of `npm run bench`): message delivery latency on the local host,
// from the moment a participant's page posts `sendMessage` over HTTP to the moment the other
// participant's `onChatEvent` subscription (the local real-time protocol) receives the message.
// First BENCH_CHAT_MESSAGES (200) messages one after the other in one conversation, then the same
// number sent BENCH_CHAT_CONVERSATIONS (100) at a time, one per conversation, each to its own
// subscriber. Prints p50/p95. Nothing here asserts a timing.

import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSession } from '../../functions/domain/accounts/sessions';
import { givenAd, givenUser } from '../../functions/testing/fixtures';
import { createLocalServer } from '../../infra/local/server';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local';
import { RealtimeClient } from '../integration/support/local-server';

const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 200);
const CONVERSATIONS = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? 100);
const ON_CHAT_EVENT = 'subscription On($userId: ID!) { onChatEvent(userId: $userId) { userId type conversationId message { id body } } }';

const dynamo = await startDynamoDbLocal();
const dataDir = await mkdtemp(join(tmpdir(), 'partage-bench-chat-'));
await mkdir(join(dataDir, 'web'), { recursive: true });
await writeFile(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Partage</title>');
// Every request of the benchmark comes from one address: the per-address limits would cut it short.
const unlimited = { capacity: 1_000_000, refillPerSecond: 1_000_000 };
const server = await createLocalServer({
  port: 0,
  dataDir,
  webDir: join(dataDir, 'web'),
  dynamoEndpoint: dynamo.endpoint,
  tableName: 'bench-chat',
  demoAds: false,
  rateLimits: { graphql: unlimited, http: unlimited },
});

interface Person {
  id: string;
  authorization: string;
}

async function person(): Promise<Person> {
  const user = await givenUser();
  const { token } = await startSession(user, 'partage-web-bench');
  return { id: user.id, authorization: `Bearer ${token}` };
}

async function graphql<T>(who: Person, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: who.authorization },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length || !body.data) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A subscriber's socket, and a promise per message body awaited. */
async function listen(who: Person): Promise<(body: string) => Promise<number>> {
  const client = await RealtimeClient.connect(server.url, who.authorization);
  await client.init();
  const ack = await client.start(randomUUID(), ON_CHAT_EVENT, { userId: who.id }, who.authorization);
  if (ack.type !== 'start_ack') throw new Error(`subscription refused: ${JSON.stringify(ack)}`);
  sockets.push(client);
  return async (body) => {
    await client.next((m) => m.type === 'data' && JSON.stringify(m.payload).includes(body), 30_000);
    return performance.now();
  };
}

const sockets: RealtimeClient[] = [];

async function conversation(asker: Person, adId: string): Promise<string> {
  const data = await graphql<{ createConversation: { id: string } }>(
    asker,
    'mutation C($input: CreateConversationInput!) { createConversation(input: $input) { id } }',
    { input: { adId } },
  );
  return data.createConversation.id;
}

/** Sends and answers the delivery latency (ms) at the receiver's socket. */
async function deliver(from: Person, conversationId: string, received: (body: string) => Promise<number>): Promise<number> {
  const body = `bench ${randomUUID()}`;
  const arrival = received(body);
  const sentAt = performance.now();
  await graphql(from, 'mutation S($input: SendMessageInput!) { sendMessage(input: $input) { id } }', {
    input: { conversationId, clientMessageId: randomUUID(), body },
  });
  return (await arrival) - sentAt;
}

const percentiles = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${samples.length} messages)`;
};

try {
  const owner = await person();
  const ownerRecord = { id: owner.id, role: 'USER' as const };
  const ad = await givenAd(ownerRecord, {}, { published: true });

  // One conversation, messages one after the other.
  const asker = await person();
  const conversationId = await conversation(asker, ad.id);
  const ownerReceives = await listen(owner);
  await deliver(asker, conversationId, ownerReceives); // warm-up
  const sequential: number[] = [];
  for (let i = 0; i < MESSAGES; i++) sequential.push(await deliver(asker, conversationId, ownerReceives));

  // CONVERSATIONS conversations, one message in each at once, each to its own asker's subscription.
  const askers = await Promise.all(Array.from({ length: CONVERSATIONS }, person));
  const pairs = await Promise.all(askers.map(async (who) => ({ id: await conversation(who, ad.id), receives: await listen(who) })));
  const concurrent: number[] = [];
  for (let round = 0; round < Math.ceil(MESSAGES / CONVERSATIONS); round++) {
    concurrent.push(...(await Promise.all(pairs.map((pair) => deliver(owner, pair.id, pair.receives)))));
  }

  console.log("Chat: delivery from sendMessage (HTTP) to the other participant's subscription (local real-time)");
  console.log(`  one conversation, one at a time           ${percentiles(sequential)}`);
  console.log(`  ${CONVERSATIONS} conversations at once               ${percentiles(concurrent)}`);
} finally {
  for (const socket of sockets) socket.close();
  await server.close();
  await dynamo.stop();
  await rm(dataDir, { recursive: true, force: true });
}
