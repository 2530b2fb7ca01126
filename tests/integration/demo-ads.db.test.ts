// The demo ads as `npm start` seeds them (the seeded data folder of tests/support/seeded-data.ts, made
// by the local host once per run), read the way the web app reads them: over GraphQL, the pictures from
// /files/public like uploaded ones. A second start on the same data adds nothing.

import { rm } from 'node:fs/promises';
import { ANONYMOUS_TOKEN } from '@partage/graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, graphql, login, startTestServer, type TestServer } from './support/local-server';

const SEARCH = `query ($nextToken: String) {
  searchAds(input: {}, limit: 48, nextToken: $nextToken) {
    items { id title { fr en } image { alt { fr en } variants { url width height } } }
    nextToken
  }
}`;
const MANAGED = `query ($published: Boolean!) { managedAds(published: $published, limit: 100) { items { id published unlisted } nextToken } }`;
const AD = `query ($id: ID!) { ad(id: $id) { id published unlisted } }`;

interface ListedAd {
  id: string;
  image: { variants: { url: string; width: number; height: number }[] } | null;
}

let server: TestServer;
let firstDataDir = '';

beforeAll(async () => {
  server = await startTestServer({ seeded: true });
  firstDataDir = server.dataDir;
});
afterAll(async () => {
  await server?.stop();
  await rm(firstDataDir, { recursive: true, force: true });
});

async function allPublished(auth: string): Promise<ListedAd[]> {
  const ads: ListedAd[] = [];
  let nextToken: string | null = null;
  do {
    const { body } = await graphql(server.url, auth, SEARCH, { nextToken });
    const page = body.data!.searchAds as { items: ListedAd[]; nextToken: string | null };
    ads.push(...page.items);
    nextToken = page.nextToken;
  } while (nextToken);
  return ads;
}

describe('demo ads on the local host', () => {
  it('lists hundreds of published ads to anonymous visitors, with pictures served from /files/public', async () => {
    const ads = await allPublished(ANONYMOUS_TOKEN);
    expect(ads.length).toBeGreaterThan(200);
    expect(ads.every((ad) => ad.image !== null)).toBe(true);
    const { body } = await graphql(server.url, ANONYMOUS_TOKEN, AD, { id: ads[0]!.id });
    expect(body.data!.ad).toMatchObject({ published: true, unlisted: false });
    const variant = ads[0]!.image!.variants.at(-1)!;
    expect(variant.url.startsWith(`${server.url}/files/public/`)).toBe(true);
    const response = await fetch(variant.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('keeps the owner’s drafts out of the public list and unreadable to others', async () => {
    const owner = `Bearer ${await login(server.url, DEMO.owner)}`;
    const drafts = (await graphql(server.url, owner, MANAGED, { published: false })).body.data!.managedAds as { items: ListedAd[] };
    expect(drafts.items.length).toBeGreaterThan(0);
    const listed = new Set((await allPublished(ANONYMOUS_TOKEN)).map((ad) => ad.id));
    expect(drafts.items.some((ad) => listed.has(ad.id))).toBe(false);
    const { body } = await graphql(server.url, ANONYMOUS_TOKEN, AD, { id: drafts.items[0]!.id });
    expect(body.data!.ad).toBeNull();
  });

  it('adds nothing when the server starts again on the same data', async () => {
    const before = (await allPublished(ANONYMOUS_TOKEN)).length;
    const { dataDir, tableName } = server;
    await server.close();
    // Its own DynamoDB Local again, on the same folder, with the demo ads seeded if any were missing.
    server = await startTestServer({ dataDir, tableName, dynamoEndpoint: undefined, demoAds: true });
    expect((await allPublished(ANONYMOUS_TOKEN)).length).toBe(before);
  });
});
