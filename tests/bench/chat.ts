// `npm run bench:chat` (part of `npm run bench`): how long a chat message takes from the sender's
// `sendMessage` call to the other participant's subscription, on the local host (its HTTP API and
// real-time protocol, the real handlers, DynamoDB Local). Every user has their own socket, as every
// browser would. Three runs: one conversation where both sides answer each other 200 times; 100
// live conversations, each posting a message every PACE_MS (spread over the interval, as people
// type); and a burst, where all 100 send at the same instant, twice. Writes bench/results/chat.json;
// asserts nothing.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local';
import { createLocalServer } from '../../infra/local/server';
import { RealtimeClient } from '../support/realtime-client';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100);
const SEQUENTIAL_MESSAGES = 200;
const MESSAGES_PER_CONVERSATION = 2;
const PACE_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const UNLIMITED = { capacity: 1_000_000, refillPerSecond: 1_000_000 };
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Participant {
  id: string;
  auth: string;
  socket: RealtimeClient;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { messages: sorted.length, p50_ms: +percentile(sorted, 0.5).toFixed(1), p95_ms: +percentile(sorted, 0.95).toFixed(1) };
}

const dynamo = await startDynamoDbLocal();
const dataDir = await mkdtemp(join(tmpdir(), 'partage-bench-chat-'));
const webDir = join(dataDir, 'web');
await mkdir(webDir, { recursive: true });
await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Partage</title>');
const server = await createLocalServer({
  port: 0,
  dataDir,
  webDir,
  dynamoEndpoint: dynamo.endpoint,
  tableName: 'bench-chat',
  rateLimits: { graphql: UNLIMITED, http: UNLIMITED },
});

async function graphql<T>(auth: string | null, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors) throw new Error(`${query.slice(0, 40)}…: ${JSON.stringify(body.errors)}`);
  return body.data!;
}

/**
 * A signed-in user with their socket subscribed to their chat events. Sessions are started in-process,
 * as /token/login would after the password: the login endpoint's per-address limit would stop a
 * hundred logins from one machine, and logging in is not what is measured.
 */
async function signIn(user: { id: string; role: 'USER' }): Promise<Participant> {
  const { startSession } = await import('../../functions/domain/accounts/sessions');
  const auth = `Bearer ${(await startSession(user, 'partage-web-bench')).token}`;
  const socket = await RealtimeClient.connect(server.url, auth);
  await socket.init();
  const started = await socket.start(
    'chat',
    'subscription Chat($userId: ID!) { onChatEvent(userId: $userId) { userId type conversationId message { id body } } }',
    { userId: user.id },
    auth,
  );
  if (started.type !== 'start_ack') throw new Error(`subscription refused: ${JSON.stringify(started)}`);
  return { id: user.id, auth, socket };
}

/** Milliseconds from the call to the recipient's socket receiving the message. */
async function deliver(conversationId: string, sender: Participant, recipient: Participant, body: string): Promise<number> {
  const started = performance.now();
  const arrived = recipient.socket.next(
    (m) => (m.payload?.data as { onChatEvent?: { message?: { body: string } } } | undefined)?.onChatEvent?.message?.body === body,
    30_000,
  );
  await graphql(sender.auth, 'mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { id } }', {
    input: { conversationId, clientMessageId: crypto.randomUUID(), body },
  });
  await arrived;
  return performance.now() - started;
}

try {
  // Askers are ordinary accounts written straight to the table; the ads are the demo ads, whose
  // owners are the demo accounts.
  const { createUser } = await import('../../functions/data/users');
  const { recordTermsAcceptance } = await import('../../functions/data/terms');
  const { latestTermsVersion } = await import('../../functions/domain/accounts/terms');
  const { DEMO_USERS } = await import('../../functions/domain/accounts/demo-seed');
  const terms = await latestTermsVersion();
  const askerIds = Array.from({ length: CONVERSATIONS }, (_, i) => `bench-asker-${i}`);
  await Promise.all(
    askerIds.map(async (id, i) => {
      const createdAt = new Date().toISOString();
      await createUser({
        id,
        email: `banc${i}@exemple.org`,
        role: 'USER',
        passwordHash: 'none: sessions are started in-process',
        firstName: 'Banc',
        lastName: String(i),
        publicName: `Banc ${i}`,
        language: 'fr',
        emailConfirmed: true,
        phoneVerified: false,
        lockedOut: false,
        failedLogins: 0,
        firstLoginModalClosed: true,
        createdAt,
      });
      await recordTermsAcceptance(id, terms, createdAt);
    }),
  );

  const adIds: string[] = [];
  for (let nextToken: string | null = null; adIds.length < CONVERSATIONS;) {
    const { searchAds }: { searchAds: { items: { id: string }[]; nextToken: string | null } } = await graphql(
      'anonymous',
      'query Ads($nextToken: String) { searchAds(input: { sort: DATE_DESC }, limit: 48, nextToken: $nextToken) { items { id } nextToken } }',
      { nextToken },
    );
    adIds.push(...searchAds.items.map((ad) => ad.id));
    nextToken = searchAds.nextToken;
    if (!nextToken) break;
  }
  if (adIds.length < CONVERSATIONS) throw new Error(`only ${adIds.length} published demo ads`);

  const owners = new Map<string, Participant>();
  for (const user of DEMO_USERS.filter((demo) => demo.role === 'USER')) {
    owners.set(user.id, await signIn({ id: user.id, role: 'USER' }));
  }
  const askers = await Promise.all(askerIds.map((id) => signIn({ id, role: 'USER' })));

  const conversations = await Promise.all(
    askers.map(async (asker, i) => {
      const { createConversation } = await graphql<{
        createConversation: { id: string; participants: { userId: string; role: string }[] };
      }>(
        asker.auth,
        'mutation Open($input: CreateConversationInput!) { createConversation(input: $input) { id participants { userId role } } }',
        { input: { adId: adIds[i], message: { clientMessageId: crypto.randomUUID(), body: 'Bonjour, est-ce libre ?' } } },
      );
      const ownerId = createConversation.participants.find((participant) => participant.role === 'OWNER')!.userId;
      return { id: createConversation.id, asker, owner: owners.get(ownerId)! };
    }),
  );

  // One conversation, both sides answering each other.
  const [first] = conversations;
  const sequential: number[] = [];
  for (let i = 0; i < SEQUENTIAL_MESSAGES; i++) {
    const [sender, recipient] = i % 2 === 0 ? [first!.asker, first!.owner] : [first!.owner, first!.asker];
    sequential.push(await deliver(first!.id, sender, recipient, `séquence ${i}`));
  }
  const oneConversation = summary(sequential);
  console.log(`One conversation, ${SEQUENTIAL_MESSAGES} messages: p50 ${oneConversation.p50_ms} ms, p95 ${oneConversation.p95_ms} ms`);

  // 100 live conversations: each posts every PACE_MS, the conversations spread over that interval.
  const paced = (
    await Promise.all(
      conversations.map(async (conversation, c) => {
        const samples: number[] = [];
        await sleep((c / conversations.length) * PACE_MS);
        for (let m = 0; m < MESSAGES_PER_CONVERSATION; m++) {
          const slot = performance.now();
          samples.push(await deliver(conversation.id, conversation.asker, conversation.owner, `conversation ${c} rythme ${m}`));
          await sleep(Math.max(0, PACE_MS - (performance.now() - slot)));
        }
        return samples;
      }),
    )
  ).flat();
  const liveConversations = { conversations: CONVERSATIONS, every_ms: PACE_MS, ...summary(paced) };
  console.log(
    `${CONVERSATIONS} live conversations, a message every ${PACE_MS / 1000} s each, ${paced.length} messages: p50 ${liveConversations.p50_ms} ms, p95 ${liveConversations.p95_ms} ms`,
  );

  // Every conversation at the same instant.
  const started = performance.now();
  const concurrent = (
    await Promise.all(
      conversations.map(async (conversation, c) => {
        const samples: number[] = [];
        for (let m = 0; m < MESSAGES_PER_CONVERSATION; m++) {
          samples.push(await deliver(conversation.id, conversation.asker, conversation.owner, `conversation ${c} message ${m}`));
        }
        return samples;
      }),
    )
  ).flat();
  const seconds = (performance.now() - started) / 1000;
  const burst = {
    conversations: CONVERSATIONS,
    ...summary(concurrent),
    messages_per_second: +(concurrent.length / seconds).toFixed(0),
  };
  console.log(
    `${CONVERSATIONS} conversations sending at the same instant, ${concurrent.length} messages: p50 ${burst.p50_ms} ms, p95 ${burst.p95_ms} ms, ${burst.messages_per_second} messages/s`,
  );

  await mkdir(join(root, 'bench/results'), { recursive: true });
  await writeFile(
    join(root, 'bench/results/chat.json'),
    `${JSON.stringify({ one_conversation: oneConversation, live_conversations: liveConversations, burst }, null, 2)}\n`,
  );
  for (const participant of [...owners.values(), ...askers]) participant.socket.close();
} finally {
  await server.close();
  await dynamo.stop();
  await rm(dataDir, { recursive: true, force: true });
}
