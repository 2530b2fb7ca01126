// Faults (docs/testing.md "Faults"): DynamoDB throttling and contention, through a loopback proxy in
// front of DynamoDB Local that answers chosen requests with DynamoDB's own error bodies
// (testing/dynamodb-fault-proxy.ts), so the real SDK meets them. A short burst is absorbed (the SDK
// retries throttling; the data layer retries a transaction cancelled by throttling or by another
// transaction); a lasting one answers SERVICE_BUSY, a translated "try again", and writes nothing.

import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordedMetrics } from '../adapters/metrics-recorder';
import { db } from '../data/client';
import { getMembership, messagesPage } from '../data/chat';
import { listTermsAcceptances } from '../data/terms';
import { findUserByEmail, type UserRecord } from '../data/users';
import { startDynamoFaultProxy, type DynamoFault, type DynamoFaultProxy } from '../testing/dynamodb-fault-proxy';
import {
  asUser,
  errorCodeOf,
  givenConversation,
  givenUser,
  httpEvent,
  resolverCaller,
  signUpInput,
  TEST_PASSWORD,
  useTestEnvironment,
} from '../testing/fixtures';
import { captureLogLines } from '../testing/log-lines';
import { handler as accounts } from './accounts';
import { handler as chat } from './chat';
import { SERVICE_BUSY_RETRY_AFTER_SECONDS } from './shared/service-busy';
import { handler as token } from './token';

let proxy: DynamoFaultProxy;
let directEndpoint: string;

beforeAll(async () => {
  await useTestEnvironment();
  directEndpoint = process.env.DYNAMODB_ENDPOINT!;
  proxy = await startDynamoFaultProxy(directEndpoint);
  // The data layer's client is made again for the new endpoint (data/client.ts).
  process.env.DYNAMODB_ENDPOINT = proxy.endpoint;
});
afterAll(async () => {
  process.env.DYNAMODB_ENDPOINT = directEndpoint;
  await proxy.close();
});
afterEach(() => {
  proxy.recover();
  vi.restoreAllMocks();
});

const callChat = resolverCaller(chat);
const callAccounts = resolverCaller(accounts);
const signUp = (input: Record<string, unknown>) => callAccounts('Mutation.createUserAccount', { input });

/** The SDK's attempts at one request (its first and its retries). */
const sdkAttempts = () => db().config.maxAttempts();

/** What the table meets of a message send: its transaction (the only request holding a SentMessage item). */
const MESSAGE_TRANSACTION = { operation: 'TransactWriteItems', marker: '"type":{"S":"SentMessage"}' };
/** What the table meets of a sign-up: its transaction (the account's item with its address and terms acceptance). */
const SIGN_UP_TRANSACTION = { operation: 'TransactWriteItems', marker: '"type":{"S":"User"}' };

async function givenTalk(): Promise<{ asker: UserRecord; owner: UserRecord; conversationId: string }> {
  const [asker, owner] = await Promise.all([givenUser(), givenUser()]);
  return { asker, owner, conversationId: (await givenConversation(asker, owner)).id };
}
const ownersMessages = async (conversationId: string, owner: UserRecord) =>
  (await messagesPage(conversationId, 20)).items.filter((message) => message.senderId === owner.id);

describe('DynamoDB throttled or contended for a moment', () => {
  it.each<DynamoFault>(['ProvisionedThroughputExceededException', 'ThrottlingException', 'ThrottlingError', 'TransactionConflict'])(
    'a burst of %s shorter than the retries is absorbed: the message is sent, once',
    async (fault) => {
      const { asker, owner, conversationId } = await givenTalk();
      const times = (await sdkAttempts()) - 1;
      proxy.inject(fault, { ...MESSAGE_TRANSACTION, times });
      const input = { conversationId, clientMessageId: randomUUID(), body: 'Oui, samedi matin.' };
      expect(errorCodeOf(await callChat('Mutation.sendMessage', { input }, asUser(owner)))).toBeUndefined();
      expect(proxy.met()).toBe(times);
      expect(await ownersMessages(conversationId, owner)).toHaveLength(1);
      expect((await getMembership(asker.id, conversationId))?.unreadCount).toBe(1);
    },
  );

  it.each<DynamoFault>(['ThrottlingError', 'TransactionConflict'])(
    'a sign-up whose transaction is cancelled twice (%s) is tried again: the account is created',
    async (fault) => {
      proxy.inject(fault, { ...SIGN_UP_TRANSACTION, times: 2 });
      const input = signUpInput();
      expect(errorCodeOf(await signUp(input))).toBeUndefined();
      expect(proxy.met()).toBe(2);
      expect(await findUserByEmail(input.email)).toBeDefined();
    },
  );
});

describe('DynamoDB throttled or contended for good', () => {
  it('a message: SERVICE_BUSY after the SDK’s attempts, nothing written, and the same message goes once the table answers', async () => {
    const { asker, owner, conversationId } = await givenTalk();
    const logs = captureLogLines();
    proxy.inject('ThrottlingException', MESSAGE_TRANSACTION);
    const input = { conversationId, clientMessageId: randomUUID(), body: 'Oui, samedi matin.' };
    expect(errorCodeOf(await callChat('Mutation.sendMessage', { input }, asUser(owner)))).toBe('SERVICE_BUSY');
    expect(proxy.met()).toBe(await sdkAttempts());
    expect(await ownersMessages(conversationId, owner)).toEqual([]);
    expect((await getMembership(asker.id, conversationId))?.unreadCount).toBe(0);
    // The operator reads why, and is alarmed on the count (infra/aws/alarms.ts serviceBusy).
    expect(recordedMetrics().ServiceBusy).toBeGreaterThanOrEqual(1);
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({ level: 'ERROR', message: 'a service behind the API is busy', field: 'Mutation.sendMessage' }),
    );

    proxy.recover();
    expect(errorCodeOf(await callChat('Mutation.sendMessage', { input }, asUser(owner)))).toBeUndefined();
    expect(await ownersMessages(conversationId, owner)).toHaveLength(1);
    expect((await getMembership(asker.id, conversationId))?.unreadCount).toBe(1);
  });

  it('a sign-up whose transaction keeps being cancelled: SERVICE_BUSY, no account, and signing up again works', async () => {
    captureLogLines();
    proxy.inject('TransactionConflict', SIGN_UP_TRANSACTION);
    const input = signUpInput();
    expect(errorCodeOf(await signUp(input))).toBe('SERVICE_BUSY');
    expect(proxy.met()).toBeGreaterThan(1);
    expect(await findUserByEmail(input.email)).toBeUndefined();

    proxy.recover();
    const { id } = (await signUp(input)) as { id: string };
    expect((await findUserByEmail(input.email))?.id).toBe(id);
    expect(await listTermsAcceptances(id)).toHaveLength(1);
  });

  it('a read: SERVICE_BUSY after the SDK’s attempts', async () => {
    const { asker } = await givenTalk();
    captureLogLines();
    proxy.inject('ProvisionedThroughputExceededException', { operation: 'Query', marker: asker.id });
    expect(errorCodeOf(await callChat('Query.myConversations', {}, asUser(asker)))).toBe('SERVICE_BUSY');
    proxy.recover();
    expect(await callChat('Query.myConversations', {}, asUser(asker))).toMatchObject({ items: [expect.anything()] });
  });
});

describe('DynamoDB throttled for good behind an HTTP route', () => {
  it('a login: 503 SERVICE_BUSY with a Retry-After (the web says "try again"), counted and logged; the same login works once the table answers', async () => {
    const user = await givenUser();
    const logs = captureLogLines();
    const login = () =>
      token(httpEvent('POST', '/token/login', { username: user.email, password: TEST_PASSWORD, deviceId: 'partage-web-1' }));
    proxy.inject('ThrottlingException', { operation: 'GetItem', marker: user.email });
    const busy = await login();
    expect(busy.statusCode).toBe(503);
    expect(busy.headers?.['retry-after']).toBe(String(SERVICE_BUSY_RETRY_AFTER_SECONDS));
    expect(JSON.parse(busy.body!)).toMatchObject({ code: 'SERVICE_BUSY' });
    expect(proxy.met()).toBeGreaterThanOrEqual(await sdkAttempts());
    expect(recordedMetrics().ServiceBusy).toBeGreaterThanOrEqual(1);
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({ level: 'ERROR', message: 'a service behind the API is busy', route: 'POST /token/login' }),
    );

    proxy.recover();
    const signedIn = await login();
    expect(signedIn.statusCode).toBe(200);
    expect(JSON.parse(signedIn.body!)).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String) });
  });
});
