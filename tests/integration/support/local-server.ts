// The local server for an integration test file: on a free port, over the shared DynamoDB Local
// (a fresh table), with a temporary data folder and a small stand-in for the built web app.

import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createLocalServer, DEFAULT_TABLE_NAME, type LocalServer, type LocalServerOptions } from '../../../infra/local/server';
import { copySeededData } from '../../../infra/local/seeded-data';

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
 * are seeded on a fresh table of the shared DynamoDB Local, without the demo ads. `seeded: true` starts
 * instead on a copy of the seeded data (infra/local/seeded-data.ts: accounts and demo ads, made once
 * per run) with a DynamoDB Local of its own on that copy, as `npm start` on its data folder.
 */
export async function startTestServer(options: Partial<LocalServerOptions> & { seeded?: boolean } = {}): Promise<TestServer> {
  const { seeded = false, ...overrides } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'partage-local-'));
  if (seeded) await copySeededData(dataDir);
  const webDir = join(dataDir, 'web');
  await mkdir(join(webDir, 'assets'), { recursive: true });
  await writeFile(join(webDir, 'index.html'), WEB_INDEX);
  await writeFile(join(webDir, WEB_ASSET.path), WEB_ASSET.body);
  const tableName = seeded ? DEFAULT_TABLE_NAME : `test-${randomUUID()}`;
  const server = await createLocalServer({
    port: 0,
    dataDir,
    webDir,
    ...(seeded ? {} : { dynamoEndpoint: inject('dynamoEndpoint'), demoAds: false }),
    tableName,
    ...overrides,
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

export { RealtimeClient, type RealtimeMessage } from '../../support/realtime-client';
