// Loads the demo ads (demo-ads.ts) on the local host, after the demo accounts. It writes what creating each ad
// through the ads domain as its owner would (its pictures uploaded and confirmed, then createAd), then
// publishing the published ones (publishAd), leaves in the table and the file store:
// - each owner's copy of each picture it shows (ads may only show files their owner uploaded): the
//   WebP variants (demo-image-files.ts) under files/public/ and their stored-file records;
// - the owners' stored bytes;
// - the ads;
// - the published ones' search cards, points and cell counts.
// The items come from the domain's own mappings (normalizeAdInput and adChecks, adItem, searchEntryOf,
// searchPointsOf, countChanges) and go in with BatchWriteItem, several in flight. Going through the domain
// took ~3,000 conditional requests one ad at a time (47 s of a 66 s first start on a quiet machine).
// demo-ads-seed.db.test.ts checks that the load equals what the domain writes for the same ads.
//
// The seed's steps (one per ad) are claimed together before the load (data/seed-progress.ts). A second
// start, or a start beside this one, loads nothing. A start interrupted during the load (a few seconds)
// leaves the rest of the ads out, as an interrupted seed always did for the ads it had claimed.

import { randomUUID } from 'node:crypto';
import { fileStore } from '../../adapters/file-store';
import { adItem, type AdImageRecord, type AdRecord } from '../../data/ads';
import { addStoredBytes, fileItem, type FileRecord } from '../../data/files';
import { cellCountItem, getCellCounts, putItems, searchEntryItem, type CountChange, type SearchEntry } from '../../data/search-index';
import { claimSeedSteps, seedStepsClaimed } from '../../data/seed-progress';
import { assertValid } from '@partage/graphql';
import { DEMO_USERS } from '../accounts/demo-seed';
import { now } from '../clock';
import { fileKey } from '../files/file-keys';
import { searchEntryOf } from '../search/search-entry';
import { countChanges, CountTotals, searchPointsOf } from '../search/search-points';
import { adChecks, normalizeAdInput, todayInQuebec } from './ad-input';
import { demoAds, type DemoAd } from './demo-ads';
import { readDemoImage } from './demo-image-files';
import { DEMO_IMAGE_DESIGNS } from './demo-images';

/** The seed's name in the progress record; a new version of the list would take a new name. */
export const DEMO_ADS_SEED = 'DEMO_ADS#1';
/** Writes in flight at once: DynamoDB Local answers several in parallel faster than one by one. */
const WRITES_IN_FLIGHT = 8;
/** BatchWriteItem's limit, and BatchGetItem's. */
const BATCH = 25;
const READ_BATCH = 100;
const WEBP = 'image/webp';

export interface DemoAdsSeedResult {
  created: number;
  images: number;
}

/** Everything the demo ads leave in the table and the file store (demoAdsLoad). */
export interface DemoAdsLoad {
  /** The ads' ids, in the list's order. */
  adIds: string[];
  /** Items put as they are: the stored-file records, the ads, the published ones' search cards and points. */
  items: Record<string, unknown>[];
  /** What the published ads' points add to their cells' counts, summed. */
  counts: CountChange[];
  /** The bytes each owner's pictures take (their storage usage). */
  storedBytes: Map<string, number>;
  /** The pictures' files, by file-store key. */
  files: { key: string; bytes: Uint8Array }[];
}

/**
 * When the ad at `index` of a list of `count` was created (and published): a millisecond apart in the
 * list's order, the last one at `at`, so that the lists sorted by date keep one order from start to start.
 */
export const demoAdInstant = (at: Date, index: number, count: number): string => new Date(at.getTime() - (count - 1 - index)).toISOString();

/**
 * What publishing an ad leaves in the search index for its entry: its card and points, and what they
 * add to their cells' counts (also the search benchmark's seed, tests/bench/search.ts).
 */
export function publishedSearchItems(entry: SearchEntry): { items: Record<string, unknown>[]; counts: CountChange[] } {
  const points = searchPointsOf(entry);
  return { items: [searchEntryItem(entry), ...points.map((point) => point.item)], counts: countChanges(points, 1) };
}

const ownerOf = (ad: DemoAd) => DEMO_USERS.find((user) => user.email === ad.ownerEmail)!;

/**
 * What creating `ads` through the domain at their demoAdInstant (each picture uploaded by the first of its
 * owner's ads that shows it), then publishing the published ones at the same instant, writes. The ids
 * come from `newId`, as the domain's come from randomUUID.
 */
export async function demoAdsLoad(ads: DemoAd[], { at, newId = randomUUID }: { at: Date; newId?: () => string }): Promise<DemoAdsLoad> {
  const today = todayInQuebec(at);
  const encoded = new Map(
    await Promise.all(
      [...new Set(ads.flatMap((ad) => ad.imageDesigns))].map(async (id) => {
        const design = DEMO_IMAGE_DESIGNS.find((candidate) => candidate.id === id)!;
        return [id, { design, variants: await readDemoImage(design) }] as const;
      }),
    ),
  );
  const load: DemoAdsLoad = { adIds: [], items: [], counts: [], storedBytes: new Map(), files: [] };
  /** Each owner's copy of a picture, `<owner id>/<design id>`: its variants' file ids, narrowest first. */
  const pictures = new Map<string, string[]>();
  const fileRecords = new Map<string, FileRecord>();
  const counts = new CountTotals();

  /** The owner's copy of a picture, stored at `createdAt` the first time one of their ads shows it. */
  function picture(ownerId: string, designId: string, createdAt: string): { fileIds: string[]; alt: AdImageRecord['alt'] } {
    const { design, variants } = encoded.get(designId)!;
    const key = `${ownerId}/${designId}`;
    if (!pictures.has(key)) {
      const fileIds = variants.map(({ width, height, bytes }) => {
        const file: FileRecord = {
          id: newId(),
          ownerId,
          purpose: 'PUBLIC_IMAGE',
          contentType: WEBP,
          size: bytes.length,
          status: 'STORED',
          createdAt,
          width,
          height,
        };
        fileRecords.set(file.id, file);
        load.items.push(fileItem(file));
        load.files.push({ key: fileKey('public', file.id), bytes });
        load.storedBytes.set(ownerId, (load.storedBytes.get(ownerId) ?? 0) + bytes.length);
        return file.id;
      });
      pictures.set(key, fileIds);
    }
    return { fileIds: pictures.get(key)!, alt: design.alt };
  }

  ads.forEach((ad, index) => {
    const owner = ownerOf(ad);
    const instant = demoAdInstant(at, index, ads.length);
    // As createAd checks and normalises its input (adContentOf), the images' variants read from their records.
    const normalized = normalizeAdInput({ ...ad.input, images: ad.imageDesigns.map((designId) => picture(owner.id, designId, instant)) });
    assertValid(adChecks(normalized, today));
    const images = normalized.images.map(({ fileIds, alt }) => ({
      alt,
      variants: fileIds
        .map((id) => fileRecords.get(id)!)
        .map(({ id, width, height }) => ({ fileId: id, width: width!, height: height! }))
        .sort((a, b) => a.width - b.width),
    }));
    // publishAd's rules: only a USER with a verified phone publishes, having said the information is true.
    if (ad.published && !(owner.role === 'USER' && owner.phoneVerified && normalized.infoIsTrue))
      throw new Error(`Demo ad ${index} cannot be published by ${owner.email}`);
    const record: AdRecord = {
      id: newId(),
      ownerId: owner.id,
      unlisted: owner.role === 'ADMIN',
      published: ad.published,
      createdAt: instant,
      updatedAt: instant,
      publishedAt: ad.published ? instant : null,
      // createAd writes version 1, publishAd's write version 2.
      version: ad.published ? 2 : 1,
      content: { ...normalized, images },
    };
    load.adIds.push(record.id);
    load.items.push(adItem(record));
    const entry = searchEntryOf(record);
    if (entry) {
      const published = publishedSearchItems(entry);
      load.items.push(...published.items);
      counts.add(published.counts);
    }
  });
  load.counts = counts.changes();
  return load;
}

/** Runs `work` on every item, WRITES_IN_FLIGHT at a time. */
async function inParallel<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: WRITES_IN_FLIGHT }, worker));
}

/**
 * The counts with the load's additions, as whole items: a Put costs DynamoDB Local a sixth of an ADD's
 * update. Read then written, which is safe only because nothing else writes meanwhile: the host serves
 * once its seed is done, and the seed's claim lets one run load.
 */
async function raisedCountItems(changes: CountChange[]): Promise<Record<string, unknown>[]> {
  const current = new Map<string, Record<string, number>>();
  await inParallel(chunksOf(changes, READ_BATCH), async (chunk) => {
    for (const [key, counts] of await getCellCounts(chunk)) current.set(key, counts);
  });
  return changes.map(({ scope, prefix, amounts }) => {
    const counts = { ...current.get(`${scope} ${prefix}`) };
    for (const [name, amount] of Object.entries(amounts)) counts[name] = (counts[name] ?? 0) + amount;
    return cellCountItem(scope, prefix, counts);
  });
}

const chunksOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Puts items with BatchWriteItem, WRITES_IN_FLIGHT requests at once (also the search benchmark's seed). */
export const putInParallel = (items: Record<string, unknown>[]): Promise<void> => inParallel(chunksOf(items, BATCH), putItems);

/**
 * Writes a load: the counts raised and the pictures stored first, then the ads and points that need
 * them (publishAll's rule: a count is never below its cell's points, even when a start is interrupted).
 */
export async function writeDemoAdsLoad(load: DemoAdsLoad): Promise<void> {
  await Promise.all([
    raisedCountItems(load.counts).then(putInParallel),
    inParallel(load.files, ({ key, bytes }) => fileStore().put(key, bytes, WEBP)),
    ...[...load.storedBytes].map(([ownerId, bytes]) => addStoredBytes(ownerId, bytes)),
  ]);
  await putInParallel(load.items);
}

/** Loads the demo ads not loaded yet; resolves when every one of them is there. */
export async function seedDemoAds(): Promise<DemoAdsSeedResult> {
  const at = now();
  const ads = demoAds(todayInQuebec(at));
  const next = await seedStepsClaimed(DEMO_ADS_SEED);
  if (next >= ads.length || !(await claimSeedSteps(DEMO_ADS_SEED, next, ads.length - next))) return { created: 0, images: 0 };
  const load = await demoAdsLoad(ads.slice(next), { at });
  await writeDemoAdsLoad(load);
  return { created: load.adIds.length, images: load.files.length };
}
