// The local server for an integration test file: on a free port, over the shared DynamoDB Local
// (a fresh table), with a temporary data folder and a small stand-in for the built web app.

import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { WebSocket } from 'ws';
import { createLocalServer, type LocalServer, type LocalServerOptions } from '../../../infra/local/server';

export const DEMO_PASSWORD = 'Demo-Partage-2026';
export const DEMO = {
  admin: 'admin@exemple.ca',
  owner: 'proprietaire@exemple.ca',
  renter: 'locataire@exemple.ca',
} as const;

export const WEB_INDEX = '<!doctype html><title>Partage</title><div id="root"></div>';
export const WEB_ASSET = { path: '/assets/index-Ab12Cd34.js', body: 'console.log("app");' };

export interface TestServer extends LocalServer {
  dataDir: string;
  /** The server's table on the shared DynamoDB Local. */
  tableName: string;
  stop(): Promise<void>;
}

/**
 * `options` adds to or overrides the test defaults (allowed hosts, rate limits). The demo accounts
 * are seeded, the demo ads only when asked (`demoAds: true`): they take seconds per server.
 */
export async function startTestServer(options: Partial<LocalServerOptions> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'partage-local-'));
  const webDir = join(dataDir, 'web');
  await mkdir(join(webDir, 'assets'), { recursive: true });
  await writeFile(join(webDir, 'index.html'), WEB_INDEX);
  await writeFile(join(webDir, WEB_ASSET.path), WEB_ASSET.body);
  const tableName = `test-${randomUUID()}`;
  const server = await createLocalServer({
    port: 0,
    dataDir,
    webDir,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName,
    demoAds: false,
    ...options,
  });
  return {
    ...server,
    dataDir,
    tableName,
    async stop() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/token/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, deviceId: 'partage-web-test' }),
  });
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export interface GraphQLResponse {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: Record<string, unknown>[] };
}

export async function graphql(
  url: string,
  authorization: string | null,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLResponse> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as GraphQLResponse['body'] };
}

/** The `{ id }` of the signed-in user. */
export async function meId(url: string, token: string): Promise<string> {
  const { body } = await graphql(url, `Bearer ${token}`, '{ me { id } }');
  return (body.data?.me as { id: string }).id;
}

export type RealtimeMessage = { type: string; id?: string; payload?: Record<string, unknown> };

/** A raw AppSync real-time client: records every message and waits for the ones a test expects. */
export class RealtimeClient {
  readonly messages: RealtimeMessage[] = [];
  private waiters: { match: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as RealtimeMessage;
      this.messages.push(message);
      this.waiters = this.waiters.filter((waiter) => !(waiter.match(message) && (waiter.resolve(message), true)));
    });
  }

  /** Opens /graphql/realtime with the connection authorization, if any, in the `header` query parameter. */
  static async connect(url: string, authorization: string | null, protocols: string[] = ['graphql-ws']): Promise<RealtimeClient> {
    const header = Buffer.from(JSON.stringify({ Authorization: authorization, host: new URL(url).host })).toString('base64');
    const query = authorization ? `?header=${encodeURIComponent(header)}&payload=e30=` : '';
    const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql/realtime${query}`, protocols);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new RealtimeClient(socket);
  }

  send(message: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  next(match: (message: RealtimeMessage) => boolean, timeoutMs = 10_000): Promise<RealtimeMessage> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(this.messages)}`)), timeoutMs);
      this.waiters.push({ match, resolve: (message) => (clearTimeout(timer), resolve(message)) });
    });
  }

  async init(): Promise<RealtimeMessage> {
    this.send({ type: 'connection_init' });
    return this.next((m) => m.type === 'connection_ack' || m.type === 'connection_error');
  }

  /** Sends `start` as Amplify does: the operation as a JSON string, the authorization in extensions. */
  async start(id: string, query: string, variables: Record<string, unknown>, authorization: string | null): Promise<RealtimeMessage> {
    this.send({
      id,
      type: 'start',
      payload: {
        data: JSON.stringify({ query, variables }),
        extensions: { authorization: authorization ? { Authorization: authorization, host: 'localhost' } : { host: 'localhost' } },
      },
    });
    return this.next((m) => m.id === id && (m.type === 'start_ack' || m.type === 'error'));
  }

  close(): void {
    this.socket.close();
  }
}
