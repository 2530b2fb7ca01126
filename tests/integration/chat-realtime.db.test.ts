// The chat in real time through the real aws-amplify v6 client, as the web app uses it, against the
// local host: a message posted by the asker reaches the owner's onChatEvent subscription (and the
// asker's own, for their other tabs); a third user subscribed at the same time receives nothing.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Amplify } from 'aws-amplify';
import { CONNECTION_STATE_CHANGE, ConnectionState, generateClient, type GraphQLSubscription } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import type { ChatEvent } from '@partage/graphql';
import { findUserByEmail } from '@partage/functions/data/users';
import { givenAd } from '@partage/functions/testing/fixtures';
import { DEMO, login, meId, startTestServer, type TestServer } from './support/local-server';

// Node has no global WebSocket in every version; Amplify always opens `wss://` and the local host is
// plain http, so the scheme is mapped back here, as the web app does in local mode.
class LocalWebSocket extends WebSocket {
  constructor(address: string, protocols?: string | string[]) {
    super(address.replace(/^wss:/, 'ws:'), protocols);
  }
}
(globalThis as { WebSocket?: unknown }).WebSocket = LocalWebSocket;

const THIRD_USER = 'traiteur@exemple.ca';
const EVENT_FIELDS = 'userId type conversationId participantId at message { id senderId body createdAt attachments { fileId url } }';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  Amplify.configure({ API: { GraphQL: { endpoint: `${server.url}/graphql`, region: 'ca-central-1', defaultAuthMode: 'lambda' } } });
});
afterAll(() => server?.stop());

interface Participant {
  id: string;
  authToken: string;
  client: ReturnType<typeof generateClient<never>>;
  events: ChatEvent[];
}

async function signIn(email: string): Promise<Participant> {
  const token = await login(server.url, email);
  return { id: await meId(server.url, token), authToken: `Bearer ${token}`, client: generateClient<never>(), events: [] };
}

/** Subscribes the participant to their chat events; resolves once the subscription is started. */
async function subscribe(participant: Participant): Promise<() => void> {
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
  const subscription = participant.client
    .graphql<GraphQLSubscription<{ onChatEvent: ChatEvent }>>({
      query: `subscription OnChatEvent($userId: ID!) { onChatEvent(userId: $userId) { ${EVENT_FIELDS} } }`,
      variables: { userId: participant.id },
      authMode: 'lambda',
      authToken: participant.authToken,
    })
    .subscribe({ next: ({ data }) => participant.events.push(data.onChatEvent), error: (error) => console.error(error) });
  await connected;
  return () => subscription.unsubscribe();
}

async function callAs<T>(participant: Participant, query: string, variables: Record<string, unknown>): Promise<T> {
  const result = (await participant.client.graphql({
    query,
    variables: variables as never,
    authMode: 'lambda',
    authToken: participant.authToken,
  })) as {
    data: T;
    errors?: unknown[];
  };
  expect(result.errors).toBeUndefined();
  return result.data;
}

const until = async (condition: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

it("delivers a message to the other participant's subscription, and nothing to a third user's", async () => {
  // Given a published ad of the owner's, and the owner, the asker and a third user listening
  const ownerRecord = (await findUserByEmail(DEMO.owner))!;
  const ad = await givenAd(ownerRecord, {}, { published: true });
  const [owner, asker, third] = await Promise.all([signIn(DEMO.owner), signIn(DEMO.renter), signIn(THIRD_USER)]);
  const stops = [await subscribe(owner), await subscribe(asker), await subscribe(third)];

  // When the asker starts a conversation about the ad with their first message
  const { createConversation } = await callAs<{ createConversation: { id: string } }>(
    asker,
    'mutation Create($input: CreateConversationInput!) { createConversation(input: $input) { id } }',
    { input: { adId: ad.id, message: { clientMessageId: randomUUID(), body: 'Bonjour, est-ce libre samedi ?' } } },
  );

  // Then the owner receives it, as does the asker's own subscription
  expect(await until(() => owner.events.length > 0)).toBe(true);
  expect(owner.events).toEqual([
    {
      userId: owner.id,
      type: 'MESSAGE_ADDED',
      conversationId: createConversation.id,
      participantId: asker.id,
      at: expect.any(String),
      message: {
        id: expect.any(String),
        senderId: asker.id,
        body: 'Bonjour, est-ce libre samedi ?',
        createdAt: expect.any(String),
        attachments: [],
      },
    },
  ]);
  expect(await until(() => asker.events.length > 0)).toBe(true);
  expect(asker.events.map((event) => [event.userId, event.type])).toEqual([[asker.id, 'MESSAGE_ADDED']]);

  // When the owner opens the conversation, the asker is told they joined and read it
  await callAs(owner, 'mutation Open($input: RemoveConversationNotificationInput!) { removeConversationNotification(input: $input) }', {
    input: { conversationId: createConversation.id },
  });
  expect(await until(() => asker.events.length >= 3)).toBe(true);
  expect(asker.events.slice(1).map((event) => [event.type, event.participantId])).toEqual([
    ['PARTICIPANT_JOINED', owner.id],
    ['MESSAGE_READ', owner.id],
  ]);

  // And the third user, subscribed all along, received nothing of it
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(third.events).toEqual([]);
  // (their subscription was live: a message of their own conversation reaches it)
  const own = await callAs<{ createConversation: { id: string } }>(
    third,
    'mutation Create($input: CreateConversationInput!) { createConversation(input: $input) { id } }',
    { input: { adId: ad.id, message: { clientMessageId: randomUUID(), body: 'Moi aussi' } } },
  );
  expect(await until(() => third.events.length > 0)).toBe(true);
  expect(third.events.map((event) => event.conversationId)).toEqual([own.createConversation.id]);
  for (const stop of stops) stop();
});

it("refuses a subscription to another user's events", async () => {
  const [asker, third] = await Promise.all([signIn(DEMO.renter), signIn(THIRD_USER)]);
  const refused = new Promise<unknown>((resolve) => {
    asker.client
      .graphql<GraphQLSubscription<{ onChatEvent: ChatEvent }>>({
        query: `subscription OnChatEvent($userId: ID!) { onChatEvent(userId: $userId) { ${EVENT_FIELDS} } }`,
        variables: { userId: third.id },
        authMode: 'lambda',
        authToken: asker.authToken,
      })
      .subscribe({ next: () => resolve('received'), error: (error: unknown) => resolve(error) });
  });
  expect(JSON.stringify(await refused)).toContain('UNAUTHORIZED_ACCESS');
});
