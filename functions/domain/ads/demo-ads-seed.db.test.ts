import { readdir, stat } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADS_PAGE_MAX_LIMIT, SEARCH_PAGE_MAX_LIMIT } from '@partage/graphql';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, useTestEnvironment } from '../../testing/fixtures';
import { seedStepsClaimed } from '../../data/seed-progress';
import { DEMO_USERS, seedDemoData } from '../accounts/demo-seed';
import type { Identity } from '../identity';
import { searchAds } from '../search/ad-search';
import { adById, managedAds } from './ads';
import { DEMO_ADMIN_AD_COUNT, DEMO_AD_COUNT, demoAds } from './demo-ads';
import { DEMO_ADS_SEED, seedDemoAds, type DemoAdsSeedResult } from './demo-ads-seed';

const ANONYMOUS: Identity = { userId: '', role: 'ANONYME' };
const ADMIN: Identity = { userId: 'demo-admin', role: 'ADMIN' };
const OWNER: Identity = { userId: 'demo-proprietaire', role: 'USER' };
let storeDir = '';
let first: DemoAdsSeedResult;
let seedMs = 0;

/** Every ad of a list, page after page. */
async function all<T>(list: (nextToken: string | null) => Promise<{ items: T[]; nextToken?: string | null }>): Promise<T[]> {
  const items: T[] = [];
  let nextToken: string | null = null;
  do {
    const page = await list(nextToken);
    items.push(...page.items);
    nextToken = page.nextToken ?? null;
  } while (nextToken);
  return items;
}
const managed = (identity: Identity, state: boolean) =>
  all((nextToken) => managedAds(identity, { published: state, limit: ADS_PAGE_MAX_LIMIT, nextToken }));
/** The administrators' published tab: every published ad. */
const published = () => managed(ADMIN, true);
const searched = () => all((nextToken) => searchAds({ input: {}, limit: SEARCH_PAGE_MAX_LIMIT, nextToken }));

async function filesOnDisk(): Promise<{ count: number; bytes: number }> {
  const dir = join(storeDir, 'files/public');
  const names = await readdir(dir);
  const sizes = await Promise.all(names.map(async (name) => (await stat(join(dir, name))).size));
  return { count: names.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

beforeAll(async () => {
  await useTestEnvironment();
  storeDir = await mkdtemp(join(tmpdir(), 'demo-ads-'));
  Object.assign(process.env, { FILE_STORE_ADAPTER: 'local', FILE_STORE_DIR: storeDir, FILE_STORE_SECRET: 'test-file-store-secret' });
  await seedDemoData();
  const start = performance.now();
  first = await seedDemoAds();
  seedMs = performance.now() - start;
});

describe('seedDemoAds', () => {
  it('creates every demo ad through the ads domain, in a few seconds and a few megabytes', async () => {
    expect(first.created).toBe(DEMO_AD_COUNT);
    const { count, bytes } = await filesOnDisk();
    expect(count).toBe(first.images);
    console.info(`Demo ads: ${first.created} ads, ${count} image files, ${(bytes / 1e6).toFixed(1)} MB, ${Math.round(seedMs)} ms`);
    expect(bytes).toBeLessThan(30_000_000);
  });

  it('lists the published ads for everyone, and not the drafts or the unlisted ones', async () => {
    const expected = demoAds('2026-01-01').filter((ad) => ad.published).length;
    const listed = await published();
    expect(listed).toHaveLength(expected);
    expect(listed.every((ad) => ad.published && !ad.unlisted)).toBe(true);
    expect((await searched()).map((ad) => ad.id).sort()).toEqual(listed.map((ad) => ad.id).sort());
    expect(new Set(listed.map((ad) => ad.ownerId)).size).toBeGreaterThanOrEqual(6);

    const unlisted = await managed(ADMIN, false);
    expect(unlisted).toHaveLength(DEMO_ADMIN_AD_COUNT);
    expect(unlisted.every((ad) => ad.unlisted && ad.ownerId === 'demo-admin')).toBe(true);
    expect(await adById(ANONYMOUS, unlisted[0]!.id)).toBeNull();
    expect(await adById(OWNER, unlisted[0]!.id)).toBeNull();
  });

  it('gives proprietaire@exemple.ca published ads and drafts only they see', async () => {
    const [live, drafts] = await Promise.all([managed(OWNER, true), managed(OWNER, false)]);
    const theirs = demoAds('2026-01-01').filter((ad) => ad.ownerEmail === 'proprietaire@exemple.ca');
    expect(live.length + drafts.length).toBe(theirs.length);
    expect(live.length).toBeGreaterThan(0);
    expect(drafts.length).toBeGreaterThan(0);
    expect(await adById(ANONYMOUS, drafts[0]!.id)).toBeNull();
    expect((await adById(OWNER, drafts[0]!.id))?.published).toBe(false);
  });

  it('serves each picture as WebP variants under /files/public, with the size recorded', async () => {
    const [ad] = await published();
    const image = ad!.images[0]!;
    expect(image.variants.map((v) => v.width)).toEqual([480, 1024]);
    for (const variant of image.variants) {
      expect(variant.url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/files/public/[0-9a-f-]{36}$`));
      const path = join(storeDir, new URL(variant.url).pathname);
      const meta = await sharp(path).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.height]);
    }
    expect(image.alt.fr).toMatch(/^Illustration/);
  });

  it('creates nothing more when run again, even twice at once', async () => {
    const before = await filesOnDisk();
    const again = await Promise.all([seedDemoAds(), seedDemoAds()]);
    expect(again.map((run) => run.created)).toEqual([0, 0]);
    expect(await seedStepsClaimed(DEMO_ADS_SEED)).toBe(DEMO_AD_COUNT);
    expect(await filesOnDisk()).toEqual(before);
    const users = DEMO_USERS.filter((user) => user.role === 'USER').map((user) => ({ userId: user.id, role: 'USER' as const }));
    const counts = await Promise.all(users.map(async (user) => (await managed(user, true)).length + (await managed(user, false)).length));
    expect(counts.reduce((sum, n) => sum + n, 0) + DEMO_ADMIN_AD_COUNT).toBe(DEMO_AD_COUNT);
  });
});
