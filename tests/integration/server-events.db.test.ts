// Events pushed by the server (the publish port) on the local host, seen by raw real-time clients:
// a scheduled job (no mutation involved) publishes, only the subscriber the server-side filter
// allows receives it, and neither another user's subscription nor a client call of the IAM-only
// mutation gets in.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publisher } from '@partage/functions/adapters/publisher';
import { tableScheduler } from '@partage/functions/adapters/table-scheduler';
import type { FirstLoginModalClosedResult } from '@partage/graphql';
import { now } from '@partage/functions/domain/clock';
import { scheduledJobHandler, type ScheduledJobEvent } from '@partage/functions/handlers/shared/scheduled-job';
import { createLocalScheduler } from '../../infra/local/local-scheduler';
import { DEMO, RealtimeClient, graphql, login, meId, startTestServer, type TestServer } from './support/local-server';

// A job handler that publishes what it was scheduled with, run by a local scheduler of its own.
const notify = scheduledJobHandler({
  'notify-modal-closed': ({ payload }) =>
    publisher().publish({ name: 'firstLoginModalClosed', data: payload as unknown as FirstLoginModalClosedResult }),
});
const jobs = createLocalScheduler({
  cronJobs: [],
  oneTimeJobs: [{ job: 'notify-modal-closed', handler: 'notifier', description: 'Test job that publishes' }],
  lambdaOf: (name) => ({ name, invoke: (event) => notify(event as ScheduledJobEvent) }),
});

async function publishFromAJob(name: string, data: FirstLoginModalClosedResult): Promise<void> {
  await tableScheduler({ 'notify-modal-closed': 'notifier' }).scheduleOnce({
    name,
    job: 'notify-modal-closed',
    at: now(),
    payload: { ...data },
  });
  expect(await jobs.runDue()).toEqual([expect.objectContaining({ name, outcome: 'done' })]);
}

const SUBSCRIPTION = 'subscription On($id: ID!) { onFirstLoginModalClosed(id: $id) { id firstLoginModalClosed } }';

let server: TestServer;
let renter: { auth: string; id: string };
let owner: { auth: string; id: string };
const clients: RealtimeClient[] = [];

async function subscribed(user: { auth: string; id: string }, id = user.id): Promise<{ client: RealtimeClient; answer: unknown }> {
  const client = await RealtimeClient.connect(server.url, user.auth);
  clients.push(client);
  await client.init();
  return { client, answer: await client.start('s1', SUBSCRIPTION, { id }, user.auth) };
}

async function signedIn(email: string) {
  const token = await login(server.url, email);
  return { auth: `Bearer ${token}`, id: await meId(server.url, token) };
}

beforeAll(async () => {
  server = await startTestServer();
  renter = await signedIn(DEMO.renter);
  owner = await signedIn(DEMO.owner);
});
afterEach(() => clients.splice(0).forEach((client) => client.close()));
afterAll(() => server?.stop());

describe('publish port on the local host', () => {
  it('delivers an event published by a scheduled job to the allowed subscriber only', async () => {
    const renterSide = await subscribed(renter);
    const ownerSide = await subscribed(owner);
    expect(renterSide.answer).toEqual({ type: 'start_ack', id: 's1' });
    expect(ownerSide.answer).toEqual({ type: 'start_ack', id: 's1' });

    await publishFromAJob('notify-renter', { id: renter.id, firstLoginModalClosed: true });

    expect(await renterSide.client.next((m) => m.type === 'data')).toEqual({
      type: 'data',
      id: 's1',
      payload: { data: { onFirstLoginModalClosed: { id: renter.id, firstLoginModalClosed: true } } },
    });
    // A later event for the owner arrives; had the renter's event leaked, it would be the owner's first.
    await publishFromAJob('notify-owner', { id: owner.id, firstLoginModalClosed: false });
    expect(await ownerSide.client.next((m) => m.type === 'data')).toMatchObject({
      payload: { data: { onFirstLoginModalClosed: { id: owner.id, firstLoginModalClosed: false } } },
    });
    expect(ownerSide.client.messages.filter((m) => m.type === 'data')).toHaveLength(1);
    expect(renterSide.client.messages.filter((m) => m.type === 'data')).toHaveLength(1);
  });

  it("refuses a subscription to another user's events", async () => {
    const { answer } = await subscribed(renter, owner.id);
    expect(answer).toMatchObject({ type: 'error', payload: { errors: [{ errorType: 'UNAUTHORIZED_ACCESS' }] } });
  });

  it('answers UNAUTHORIZED_ACCESS, not INTERNAL, to a user token calling a server-only mutation (issue 22, finding 9)', async () => {
    const { body } = await graphql(server.url, owner.auth, 'mutation ($data: AWSJSON!) { publishChatEvent(data: $data) { type } }', {
      data: JSON.stringify({ userId: renter.id, type: 'MESSAGE_READ' }),
    });
    expect(body).toMatchObject({
      data: { publishChatEvent: null },
      errors: [{ errorType: 'Unauthorized', extensions: { code: 'UNAUTHORIZED_ACCESS' } }],
    });
  });

  it('refuses a client calling the IAM-only publish mutation, and delivers nothing', async () => {
    const { client } = await subscribed(renter);
    const { body } = await graphql(
      server.url,
      owner.auth,
      'mutation ($data: AWSJSON!) { publishFirstLoginModalClosed(data: $data) { id firstLoginModalClosed } }',
      { data: JSON.stringify({ id: renter.id, firstLoginModalClosed: true }) },
    );
    expect(body).toMatchObject({
      data: { publishFirstLoginModalClosed: null },
      errors: [{ errorType: 'Unauthorized', message: 'Not Authorized to access publishFirstLoginModalClosed on type Mutation' }],
    });
    // The mutation a client may call still reaches the subscriber: the socket was listening all along.
    await graphql(server.url, renter.auth, 'mutation { updateFirstLoginModalClosed(input: { firstLoginModalClosed: false }) { id } }');
    expect(await client.next((m) => m.type === 'data')).toMatchObject({
      payload: { data: { onFirstLoginModalClosed: { id: renter.id, firstLoginModalClosed: false } } },
    });
    expect(client.messages.filter((m) => m.type === 'data')).toHaveLength(1);
  });
});
