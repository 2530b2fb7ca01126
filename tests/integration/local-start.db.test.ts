// `npm start`'s host process (infra/local/main.ts) as a user runs it: it refuses a taken port
// without touching DynamoDB, serves the demo ads the way the web app reads them, keeps its data and
// tokens across a restart without seeding anything again, and leaves no Java process behind when
// stopped; a first start on its own address begins from the seeded data `npm install` made. It starts from a copy of the seeded data (infra/local/seeded-data.ts, made by the same
// host), as a second `npm start` does; the seed itself is demo-ads-seed.db.test.ts's. (The demo ads'
// checks were a suite of their own, on a host of their own started twice: the same starts serve both.)

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_PORT, DYNAMODB_FILE, localUrl } from '../../infra/local/data-folder';
import { freePort } from '../../infra/local/dynamodb-local';
import { adoptSeededData, copySeededData, ensureSeededData } from '../../infra/local/seeded-data';
import { ANONYMOUS_TOKEN } from '@partage/graphql';
import { DEMO, graphql, login, meId } from './support/local-server';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startMain(port: number, dataDir: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(started: Started, text: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (!started.output().includes(text)) {
    if (started.child.exitCode !== null || Date.now() > deadline) throw new Error(`no "${text}" in:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function javaRunningOn(dataDir: string): boolean {
  try {
    execFileSync('pgrep', ['-f', '--', `-dbPath ${join(dataDir, 'dynamodb')}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const SEARCH = `query ($nextToken: String) {
  searchAds(input: {}, limit: 48, nextToken: $nextToken) {
    items { id image { variants { url } } }
    nextToken
  }
}`;
const MANAGED = `query ($published: Boolean!) { managedAds(published: $published, limit: 100) { items { id } nextToken } }`;
const AD = `query ($id: ID!) { ad(id: $id) { id published unlisted } }`;

interface ListedAd {
  id: string;
  image: { variants: { url: string }[] } | null;
}

/** Every published ad, page by page, as an anonymous visitor's search lists them. */
async function allPublished(url: string): Promise<ListedAd[]> {
  const ads: ListedAd[] = [];
  let nextToken: string | null = null;
  do {
    const { body } = await graphql(url, ANONYMOUS_TOKEN, SEARCH, { nextToken });
    const page = body.data!.searchAds as { items: ListedAd[]; nextToken: string | null };
    ads.push(...page.items);
    nextToken = page.nextToken;
  } while (nextToken);
  return ads;
}

/** The demo ads as the web app reads them: hundreds published with their pictures, the drafts private. */
async function expectDemoAds(url: string): Promise<number> {
  const ads = await allPublished(url);
  expect(ads.length).toBeGreaterThan(200);
  expect(ads.every((ad) => ad.image !== null)).toBe(true);
  expect((await graphql(url, ANONYMOUS_TOKEN, AD, { id: ads[0]!.id })).body.data!.ad).toMatchObject({ published: true, unlisted: false });
  // A picture is served from /files/public like an uploaded one, cached for good.
  const pictureUrl = ads[0]!.image!.variants.at(-1)!.url;
  expect(pictureUrl.startsWith(`${url}/files/public/`)).toBe(true);
  const picture = await fetch(pictureUrl);
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toBe('image/webp');
  expect(picture.headers.get('cache-control')).toContain('immutable');
  expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  // The owner's drafts are neither listed nor readable by others.
  const owner = `Bearer ${await login(url, DEMO.owner)}`;
  const drafts = (await graphql(url, owner, MANAGED, { published: false })).body.data!.managedAds as { items: ListedAd[] };
  expect(drafts.items.length).toBeGreaterThan(0);
  const listed = new Set(ads.map((ad) => ad.id));
  expect(drafts.items.some((ad) => listed.has(ad.id))).toBe(false);
  expect((await graphql(url, ANONYMOUS_TOKEN, AD, { id: drafts.items[0]!.id })).body.data!.ad).toBeNull();
  return ads.length;
}

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'partage-start-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('exits with a clear message when the port is taken, without starting DynamoDB', async () => {
  const other = createServer();
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const { port } = other.address() as { port: number };
  try {
    const started = startMain(port, dataDir);
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain(`Port ${port} is already in use`);
    expect(existsSync(join(dataDir, 'dynamodb'))).toBe(false);
  } finally {
    other.close();
  }
});

// Two starts of the host, each with its own Java, beside a whole test run on 2 cores: more than the
// project's 5 minutes when the machine is busiest.
it(
  'serves the demo ads, keeps data and tokens across a restart without seeding again, and stops DynamoDB Local on Ctrl-C',
  { timeout: 600_000 },
  async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;

    await copySeededData(dataDir);
    const first = startMain(port, dataDir);
    await waitForOutput(first, 'Dev mailbox');
    expect(first.output()).toContain(`running at ${url}`);
    expect(first.output()).toContain(DEMO.owner);
    // Seeded data is found complete: nothing is seeded again.
    expect(first.output()).not.toContain('demo ads');
    expect(javaRunningOn(dataDir)).toBe(true);
    const published = await expectDemoAds(url);
    const token = await login(url, DEMO.renter);
    const id = await meId(url, token);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(javaRunningOn(dataDir)).toBe(false);

    const second = startMain(port, dataDir);
    await waitForOutput(second, 'Dev mailbox');
    // The same token still works: the JWT secret and the user were kept under DATA_DIR.
    expect(await meId(url, token)).toBe(id);
    // The demo ads were seeded once.
    expect(second.output()).not.toContain('demo ads');
    expect((await allPublished(url)).length).toBe(published);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(javaRunningOn(dataDir)).toBe(false);
  },
);

it("begins a first start on npm start's address from today's seeded data, and no other start", async () => {
  const fresh = await mkdtemp(join(tmpdir(), 'partage-first-start-'));
  try {
    const seeded = await ensureSeededData();
    // Another port: the seeded e-mails' links would name the wrong one.
    expect(await adoptSeededData(fresh, localUrl(DEFAULT_PORT + 1))).toBe(false);
    expect(await readdir(fresh)).toEqual([]);

    expect(await adoptSeededData(fresh, localUrl(DEFAULT_PORT))).toBe(true);
    // All of it: DynamoDB Local's file, the pictures, the outbox and the folder's secrets.
    expect((await readdir(fresh)).sort()).toEqual((await readdir(seeded)).sort());
    const database = (dir: string) => readFile(join(dir, 'dynamodb', DYNAMODB_FILE));
    expect((await database(fresh)).equals(await database(seeded))).toBe(true);
    expect(existsSync(join(fresh, 'dynamodb', `${DYNAMODB_FILE}.partial`))).toBe(false);
    // The seeded e-mails' links (the rentals to rate, the contracts) open this start's site.
    const mail = (
      await Promise.all((await readdir(join(fresh, 'outbox'))).map((name) => readFile(join(fresh, 'outbox', name), 'utf8')))
    ).join('');
    expect(new Set(mail.match(/http:\/\/localhost:\d+/g))).toEqual(new Set([localUrl(DEFAULT_PORT)]));

    // A folder holding data is never replaced.
    expect(await adoptSeededData(fresh, localUrl(DEFAULT_PORT))).toBe(false);
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
});
