// Seeds the demo ads (demo-ads.ts) on the local host, after the demo accounts: each ad goes through
// the ads domain as its owner would send it — pictures (the committed files of demo-image-files.ts) uploaded as PUBLIC_IMAGE files and confirmed
// (so they are served at /files/public/* with their size), then createAd; once all are created, the
// published ones go through publishAd together (publishAll: their search counts raised at once, not
// ad by ad). Each ad is a step, claimed in small batches before it is created (data/seed-progress.ts):
// a second start, or a start after an interrupted one, creates only what was not claimed yet, and
// never twice (an ad created but not yet published when a start was interrupted stays its owner's draft).

import type { AdImageInput } from '@partage/graphql';
import { fileStore } from '../../adapters/file-store';
import { claimSeedSteps, seedStepsClaimed } from '../../data/seed-progress';
import { DEMO_USERS } from '../accounts/demo-seed';
import { now } from '../clock';
import { getAds } from '../../data/ads';
import { fileKey } from '../files/file-keys';
import { confirmUpload, requestUpload } from '../files/uploads';
import type { Identity } from '../identity';
import { publishAll } from '../search/indexed-writes';
import { todayInQuebec } from './ad-input';
import { createAd, publishAd } from './ads';
import { demoAds, type DemoAd } from './demo-ads';
import { readDemoImage } from './demo-image-files';
import { DEMO_IMAGE_DESIGNS, type EncodedVariant } from './demo-images';

/** The seed's name in the progress record; a new version of the list would take a new name. */
export const DEMO_ADS_SEED = 'DEMO_ADS#1';
/** Ads created at once: DynamoDB Local answers several requests in parallel faster than one by one. */
const CONCURRENCY = 8;
/**
 * Ads claimed at once: fewer writes than one claim per ad; a start interrupted in the middle of a
 * batch leaves at most this many ads out, never one twice.
 */
const BATCH = 5;
const WEBP = 'image/webp';

export interface DemoAdsSeedResult {
  created: number;
  images: number;
}

/** Creates the demo ads not created yet; resolves when every one of them is there. */
export async function seedDemoAds(): Promise<DemoAdsSeedResult> {
  const ads = demoAds(todayInQuebec(now()));
  let next = await seedStepsClaimed(DEMO_ADS_SEED);
  const result: DemoAdsSeedResult = { created: 0, images: 0 };
  if (next >= ads.length) return result;

  const encoded = new Map<string, Promise<EncodedVariant[]>>();
  const uploaded = new Map<string, Promise<AdImageInput>>();

  /** One owner's copy of a picture: ads may only show files their owner uploaded. */
  const imageOf = (identity: Identity, designId: string): Promise<AdImageInput> => {
    const key = `${identity.userId}/${designId}`;
    if (!uploaded.has(key)) uploaded.set(key, uploadImage(identity, designId));
    return uploaded.get(key)!;
  };
  async function uploadImage(identity: Identity, designId: string): Promise<AdImageInput> {
    const design = DEMO_IMAGE_DESIGNS.find((candidate) => candidate.id === designId)!;
    if (!encoded.has(designId)) encoded.set(designId, readDemoImage(design));
    const fileIds: string[] = [];
    for (const variant of await encoded.get(designId)!) {
      const ticket = await requestUpload(identity.userId, { purpose: 'PUBLIC_IMAGE', contentType: WEBP, size: variant.bytes.length });
      await fileStore().put(fileKey('incoming', ticket.fileId), variant.bytes, WEBP);
      await confirmUpload(identity, ticket.fileId);
      fileIds.push(ticket.fileId);
      result.images += 1;
    }
    return { fileIds, alt: design.alt };
  }

  const toPublish: string[] = [];
  async function create(ad: DemoAd): Promise<void> {
    const owner = DEMO_USERS.find((user) => user.email === ad.ownerEmail)!;
    const identity: Identity = { userId: owner.id, role: owner.role };
    const images = await Promise.all(ad.imageDesigns.map((designId) => imageOf(identity, designId)));
    const { id } = await createAd(identity, { ...ad.input, images });
    if (ad.published) toPublish.push(id);
    result.created += 1;
  }

  // Batches of steps are claimed one after the other (each claim expects the previous count), and
  // their ads created in parallel. Another run claiming first stops this one.
  let claims: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const claim = (): Promise<number[]> => {
    const batch = claims.then(async () => {
      const count = Math.min(BATCH, ads.length - next);
      if (stopped || count <= 0) return [];
      if (!(await claimSeedSteps(DEMO_ADS_SEED, next, count))) {
        stopped = true;
        return [];
      }
      next += count;
      return Array.from({ length: count }, (_, i) => next - count + i);
    });
    claims = batch;
    return batch;
  };
  const worker = async () => {
    for (let steps = await claim(); steps.length > 0; steps = await claim()) for (const step of steps) await create(ads[step]!);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const at = now().toISOString();
  const drafts = await getAds(toPublish);
  await publishAll(
    drafts.map((ad) => ({ ...ad, published: true, publishedAt: at })),
    (ad) => publishAd({ userId: ad.ownerId, role: DEMO_USERS.find((user) => user.id === ad.ownerId)!.role }, ad.id),
    CONCURRENCY,
  );
  return result;
}
