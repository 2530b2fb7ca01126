import { readdir, readFile, stat } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ADS_PAGE_MAX_LIMIT, SEARCH_PAGE_MAX_LIMIT, type AdImageInput } from '@partage/graphql';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileStore } from '../../adapters/file-store';
import { db, tableName } from '../../data/client';
import { TEST_PUBLIC_URL, useTestEnvironment } from '../../testing/fixtures';
import { seedStepsClaimed } from '../../data/seed-progress';
import { DEMO_USERS, seedDemoData } from '../accounts/demo-seed';
import { manualClock, withClock } from '../clock';
import { fileKey } from '../files/file-keys';
import { confirmUpload, requestUpload } from '../files/uploads';
import type { Identity } from '../identity';
import { searchAds } from '../search/ad-search';
import { todayInQuebec } from './ad-input';
import { adById, createAd, managedAds, publishAd } from './ads';
import { DEMO_ADMIN_AD_COUNT, DEMO_AD_COUNT, demoAds, type DemoAd } from './demo-ads';
import { DEMO_ADS_SEED, demoAdInstant, demoAdsLoad, seedDemoAds, writeDemoAdsLoad, type DemoAdsSeedResult } from './demo-ads-seed';
import { readDemoImage } from './demo-image-files';
import { DEMO_IMAGE_DESIGNS } from './demo-images';

const ANONYMOUS: Identity = { userId: '', role: 'ANONYME' };
const ADMIN: Identity = { userId: 'demo-admin', role: 'ADMIN' };
const OWNER: Identity = { userId: 'demo-proprietaire', role: 'USER' };
const WEBP = 'image/webp';
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

/** A new table and file store, with the demo accounts (publishing needs their verified phones). */
async function freshStore(): Promise<void> {
  await useTestEnvironment();
  storeDir = await mkdtemp(join(tmpdir(), 'demo-ads-'));
  Object.assign(process.env, { FILE_STORE_ADAPTER: 'local', FILE_STORE_DIR: storeDir, FILE_STORE_SECRET: 'test-file-store-secret' });
  await seedDemoData();
}

/** JSON with its objects' keys sorted: equal items give equal text. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );

/** The table's items by key, as canonical JSON (a test's small table: a Scan). */
async function tableItems(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    for (const item of page.Items ?? []) items.set(`${item.PK} ${item.SK}`, canonical(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

interface Written {
  /** Items new or changed, by key, but the seed's progress record. */
  items: Map<string, string>;
  /** The public files: name → bytes (base64). */
  files: Map<string, string>;
}

/** What `write` adds to a fresh store: its items and public files. */
async function writtenBy(write: () => Promise<unknown>): Promise<Written> {
  await freshStore();
  const before = await tableItems();
  await write();
  // (Not the point cells' versions: they count the writes of points, which a load into a new table does
  // not make and no search process has kept anything of.)
  const items = new Map(
    [...(await tableItems())].filter(([key, item]) => before.get(key) !== item && !key.startsWith('SEED ') && !key.startsWith('PTV#')),
  );
  const dir = join(storeDir, 'files/public');
  const files = new Map(
    await Promise.all((await readdir(dir)).map(async (name) => [name, (await readFile(join(dir, name))).toString('base64')] as const)),
  );
  return { items, files };
}

/**
 * The ads created through the domain, one after the other at their demoAdInstant, as their owners would
 * (each picture uploaded and confirmed by the first of its owner's ads that shows it), the published ones
 * published at once. Returns the ids the domain gave, files and ads, in the order it gave them.
 */
async function createdThroughTheDomain(ads: DemoAd[], at: Date): Promise<string[]> {
  const ids: string[] = [];
  const pictures = new Map<string, string[]>();
  for (const [index, ad] of ads.entries()) {
    const owner = DEMO_USERS.find((user) => user.email === ad.ownerEmail)!;
    const identity: Identity = { userId: owner.id, role: owner.role };
    await withClock(manualClock(demoAdInstant(at, index, ads.length)), async () => {
      const images: AdImageInput[] = [];
      for (const designId of ad.imageDesigns) {
        const design = DEMO_IMAGE_DESIGNS.find((candidate) => candidate.id === designId)!;
        const key = `${owner.id}/${designId}`;
        if (!pictures.has(key)) {
          const fileIds: string[] = [];
          for (const variant of await readDemoImage(design)) {
            const ticket = await requestUpload(owner.id, { purpose: 'PUBLIC_IMAGE', contentType: WEBP, size: variant.bytes.length });
            await fileStore().put(fileKey('incoming', ticket.fileId), variant.bytes, WEBP);
            await confirmUpload(identity, ticket.fileId);
            fileIds.push(ticket.fileId);
          }
          pictures.set(key, fileIds);
          ids.push(...fileIds);
        }
        images.push({ fileIds: pictures.get(key)!, alt: design.alt });
      }
      const { id } = await createAd(identity, { ...ad.input, images });
      if (ad.published) await publishAd(identity, id);
      ids.push(id);
    });
  }
  return ids;
}

describe('demoAdsLoad', () => {
  it('writes what creating and publishing the same ads through the domain writes, pictures included', async () => {
    // One ad of each owner, state and category (49 of the 300): every way an ad is mapped, at a sixth of the domain's time.
    const at = new Date();
    const kinds = new Set<string>();
    const ads = demoAds(todayInQuebec(at)).filter((ad) => {
      const kind = `${ad.ownerEmail} ${ad.published} ${ad.input.category}`;
      return !kinds.has(kind) && !!kinds.add(kind);
    });
    let ids: string[] = [];
    const domain = await writtenBy(async () => (ids = await createdThroughTheDomain(ads, at)));
    // The same ids, given in the same order (pictures first, then their ad), leave nothing to tell apart.
    const loaded = await writtenBy(async () => writeDemoAdsLoad(await demoAdsLoad(ads, { at, newId: () => ids.shift()! })));
    expect(ids).toEqual([]);
    const ofType = (type: string) => [...loaded.items.values()].filter((item) => item.includes(`"type":"${type}"`));
    expect(ofType('Ad')).toHaveLength(ads.length);
    expect(ofType('SearchEntry')).toHaveLength(ads.filter((ad) => ad.published).length);
    expect(loaded.files.size).toBe(ofType('FILE').length);
    // Every item (ads, stored-file records, storage usage, search cards, points, cell counts) and every file.
    expect(Object.fromEntries(loaded.items)).toEqual(Object.fromEntries(domain.items));
    expect(Object.fromEntries(loaded.files)).toEqual(Object.fromEntries(domain.files));
  });
});

describe('seedDemoAds', () => {
  beforeAll(async () => {
    await freshStore();
    const start = performance.now();
    first = await seedDemoAds();
    seedMs = performance.now() - start;
  });

  it('loads every demo ad, in a few seconds and a few megabytes', async () => {
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
