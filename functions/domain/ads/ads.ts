// The ads capability (spec §2-§5): owners create, edit, publish and unpublish their ads;
// administrators prepare unlisted ads and transfer them to users, and may edit or unpublish any ad.
// Every use case checks who is calling before it reads the input; a reader never learns of an ad
// they may not see (Query.ad answers null, as for an ad that does not exist).

import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  ADS_PAGE_DEFAULT_LIMIT,
  ADS_PAGE_MAX_LIMIT,
  AppError,
  assertValid,
  email,
  required,
  type AdInput,
  type AdPageSource,
  type RuleResult,
  type TransferAdInput,
} from '@partage/graphql';
import { mailer } from '../../adapters/mailer';
import {
  getAd,
  getAds,
  ownerAds,
  putNewAd,
  unlistedAds,
  type AdContent,
  type AdImageRecord,
  type AdPageResult,
  type AdRecord,
} from '../../data/ads';
import { isConditionFailure } from '../../data/client';
import { DataRefusal } from '../../data/errors';
import { getFiles, type FileRecord } from '../../data/files';
import { findUserByEmail, getUser, type UserRecord } from '../../data/users';
import { getUsers, normalizeSearchText, searchUsers } from '../../data/user-directory';
import { now } from '../clock';
import { renderEmail } from '../emails';
import { ADMIN_ONLY, requireRole, SIGNED_IN, unauthorized, USER_ONLY, type Identity } from '../identity';
import { appLink } from '../links';
import { idOfRequest } from '../request-ids';
import { newestPublishedAdIds } from '../search/ad-search';
import { replaceIndexedAd } from '../search/indexed-writes';
import { termsOf } from '../search/terms';
import { adChecks, normalizeAdInput, todayInQuebec, type NormalizedAdInput } from './ad-input';
import { adTitleIn } from './ad-title';
import { adContact, adView, managesAd, mayReadAd, type AdView } from './ad-view';

const notFound = () => new AppError('NOT_FOUND', 'Ad not found');

/** Reads, checks and writes of one change, tried again from the read when another write came between. */
const CHANGE_TRIES = 5;

/**
 * Runs `change` again, from its read, while replaceAd refuses its write because the ad changed since
 * (ITEM_GONE): simultaneous calls (a double click) then act one after the other, each checked against
 * the ad as it is, rather than all but one failing as NOT_FOUND. An ad really gone is NOT_FOUND on the
 * next read.
 */
async function changeAd<T>(change: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await change();
    } catch (error) {
      if (tries >= CHANGE_TRIES || !(error instanceof DataRefusal && error.reason === 'ITEM_GONE')) throw error;
    }
  }
}

/** The ad, if the caller may change it: its owner or an administrator (UNAUTHORIZED_ACCESS for another user's ad). */
async function managedAd(identity: Identity, id: string): Promise<AdRecord> {
  requireRole(identity, SIGNED_IN);
  assertValid([['id', required(id)]]);
  const ad = await getAd(id);
  if (!ad) throw notFound();
  if (!managesAd(identity, ad)) throw unauthorized();
  return ad;
}

/**
 * The images' variants from their file records, narrowest first. Each file must be a stored public
 * image uploaded by the caller, or one already on this ad (an administrator editing a user's ad
 * keeps the user's pictures).
 */
async function checkedImages(identity: Identity, images: NormalizedAdInput['images'], before?: AdRecord): Promise<AdImageRecord[]> {
  const onAd = new Set(before?.content.images.flatMap((image) => image.variants.map((variant) => variant.fileId)) ?? []);
  const files = new Map((await getFiles(images.flatMap((image) => image.fileIds))).map((file) => [file.id, file]));
  const usable = (file: FileRecord | undefined): file is FileRecord & { width: number; height: number } =>
    !!file &&
    file.status === 'STORED' &&
    file.purpose === 'PUBLIC_IMAGE' &&
    file.width !== undefined &&
    file.height !== undefined &&
    (file.ownerId === identity.userId || onAd.has(file.id));
  const checks = images.map(({ fileIds }, index): [string, RuleResult] => [
    `input.images.${index}.fileIds`,
    fileIds.every((id) => usable(files.get(id))) && new Set(fileIds).size === fileIds.length ? null : 'fileType',
  ]);
  assertValid(checks);
  return images.map(({ fileIds, alt }) => ({
    alt,
    variants: fileIds
      .map((id) => files.get(id)!)
      .map(({ id, width, height }) => ({ fileId: id, width: width!, height: height! }))
      .sort((a, b) => a.width - b.width),
  }));
}

/** The AdInput checked and normalised as it is stored; VALIDATION_FAILED listing every broken rule. */
async function adContentOf(identity: Identity, input: AdInput, before?: AdRecord): Promise<AdContent> {
  assertValid([['input', required(input)]]);
  const normalized = normalizeAdInput(input);
  assertValid(adChecks(normalized, todayInQuebec(now())));
  return { ...normalized, images: await checkedImages(identity, normalized.images, before) };
}

/**
 * USER: a new unpublished ad of theirs. ADMIN: a new unlisted ad, until it is transferred. The ad's id
 * comes from the form's request key: a retry (the answer lost after the write) answers the ad its first
 * call made. Callers that never retry (the demo seed, fixtures) leave the key to chance.
 */
export async function createAd(identity: Identity, input: AdInput, requestKey: string = randomUUID()): Promise<AdView> {
  const ownerId = requireRole(identity, SIGNED_IN);
  assertValid([['requestKey', required(requestKey)]]);
  const id = idOfRequest(ownerId, requestKey);
  const made = await getAd(id);
  if (made) return adView(made, identity);
  const content = await adContentOf(identity, input);
  const at = now().toISOString();
  const ad: AdRecord = {
    id,
    ownerId,
    unlisted: identity.role === 'ADMIN',
    published: false,
    createdAt: at,
    updatedAt: at,
    publishedAt: null,
    version: 1,
    content,
  };
  try {
    await putNewAd(ad);
  } catch (error) {
    // The same request at the same moment (a double submission): the first call's ad is the answer.
    const first = isConditionFailure(error) ? await getAd(id) : undefined;
    if (first) return adView(first, identity);
    throw error;
  }
  return adView(ad, identity);
}

/** The owner or an administrator replaces the ad's fields; NO_CHANGE when the normalised input is what is stored. */
export async function updateAd(identity: Identity, id: string, input: AdInput, expectedUpdatedAt?: string | null): Promise<AdView> {
  return changeAd(async () => {
    const before = await managedAd(identity, id);
    if (expectedUpdatedAt && expectedUpdatedAt !== before.updatedAt) {
      throw new AppError('AD_CHANGED', 'The ad changed since it was loaded');
    }
    const content = await adContentOf(identity, input, before);
    if (isDeepStrictEqual(content, before.content)) throw new AppError('NO_CHANGE', 'Nothing differs from the stored ad');
    const after = await replaceIndexedAd(before, { ...before, content, updatedAt: now().toISOString() });
    return adView(after, identity);
  });
}

/**
 * The owner (a USER) publishes: everyone reads it at once. Their profile's phone must be verified.
 * Administrators publish nothing: an ad they prepare stays unlisted until a user owns it.
 */
export async function publishAd(identity: Identity, id: string): Promise<AdView> {
  requireRole(identity, USER_ONLY);
  return changeAd(async () => {
    const ad = await managedAd(identity, id);
    const owner = await getUser(ad.ownerId);
    if (!owner?.phoneVerified) throw new AppError('PHONE_NOT_VERIFIED', 'Verify your phone number before publishing');
    assertValid([['infoIsTrue', required(ad.content.infoIsTrue)]]);
    if (ad.published) return adView(ad, identity);
    const at = now().toISOString();
    return adView(await replaceIndexedAd(ad, { ...ad, published: true, publishedAt: at, updatedAt: at }), identity);
  });
}

/** The owner or an administrator takes the ad off the lists at once; it stays the owner's to publish again. */
export async function unpublishAd(identity: Identity, id: string): Promise<AdView> {
  return changeAd(async () => {
    const ad = await managedAd(identity, id);
    if (!ad.published) return adView(ad, identity);
    return adView(await replaceIndexedAd(ad, { ...ad, published: false, updatedAt: now().toISOString() }), identity);
  });
}

/**
 * An administrator gives an unlisted ad to an existing USER account, found by e-mail: it becomes
 * their unpublished ad, and they are told by e-mail in their language.
 */
/** The account an ad given to this address would go to: a USER's (an administrator's address is "no user": ads go to users). */
export async function transferTargetOf(address: string): Promise<UserRecord | undefined> {
  const user = await findUserByEmail(address.trim().toLowerCase());
  return user?.role === 'USER' ? user : undefined;
}

export async function transferAd(identity: Identity, input: TransferAdInput): Promise<AdView> {
  requireRole(identity, ADMIN_ONLY);
  assertValid([
    ['input.id', required(input?.id)],
    ['input.email', required(input?.email) ?? email(input?.email)],
  ]);
  const { after, user, ad } = await changeAd(async () => {
    const ad = await getAd(input.id);
    if (!ad) throw notFound();
    if (!ad.unlisted) throw new AppError('AD_NOT_TRANSFERABLE', 'Only an unlisted ad can be transferred');
    const user = await transferTargetOf(input.email);
    if (!user) throw new AppError('TRANSFER_USER_NOT_FOUND', 'No user found for this e-mail address');
    const after = await replaceIndexedAd(ad, {
      ...ad,
      ownerId: user.id,
      unlisted: false,
      published: false,
      updatedAt: now().toISOString(),
    });
    return { after, user, ad };
  });
  const title = adTitleIn(ad, user.language);
  const link = appLink('/gerer-annonces');
  await mailer().send({ to: user.email, ...renderEmail('adTransferred', user.language, { title, link }) });
  return adView(after, identity);
}

/** Anyone: a published ad; its owner and administrators also see it unpublished or unlisted. Null otherwise. */
export async function adById(identity: Identity, id: string): Promise<AdView | null> {
  assertValid([['id', required(id)]]);
  const ad = await getAd(id);
  return ad && mayReadAd(identity, ad) ? adView(ad, identity) : null;
}

/** A page size within the limits (VALIDATION_FAILED outside 1..ADS_PAGE_MAX_LIMIT). */
function pageLimit(limit: number | null | undefined): number {
  const value = limit ?? ADS_PAGE_DEFAULT_LIMIT;
  assertValid([['limit', Number.isInteger(value) && value >= 1 && value <= ADS_PAGE_MAX_LIMIT ? null : 'oneOf']]);
  return value;
}

const pageOf = (identity: Identity, { ads, nextToken }: AdPageResult): AdPageSource & { items: AdView[] } => ({
  items: ads.map((ad) => adView(ad, identity)),
  nextToken: nextToken ?? null,
});

interface PageArgs {
  limit?: number | null;
  nextToken?: string | null;
}

/** Every published ad, newest publication first: the search index's date order, then the ads of the page. */
async function publishedAds(limit: number, nextToken?: string | null): Promise<AdPageResult> {
  const page = await newestPublishedAdIds(limit, nextToken);
  return { ads: await getAds(page.ids), nextToken: page.nextToken ?? undefined };
}

/** How many owners an administrator's search of the published ads follows (the first the user search finds). */
export const SEARCHED_OWNERS_MAX = 20;

/**
 * ADMIN, the published ads searched: those with every typed word in their texts (the search index's
 * keywords) and those of the owners having every typed word in their names, organisation or address
 * (the user word items), newest publication first. One page: a search narrows the list, it is not paged.
 */
async function searchedPublishedAds(search: string, limit: number): Promise<AdPageResult> {
  const text = termsOf(search).length > 0 ? newestPublishedAdIds(limit, null, search) : Promise.resolve({ ids: [] });
  const [byText, owners] = await Promise.all([text, searchUsers(normalizeSearchText(search), SEARCHED_OWNERS_MAX)]);
  const ownersAds = await Promise.all(owners.users.map((owner) => ownerAds(owner.id, 'PUBLISHED', limit)));
  const found = new Map([...(await getAds(byText.ids)), ...ownersAds.flatMap((page) => page.ads)].map((ad) => [ad.id, ad]));
  return { ads: [...found.values()].sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '')).slice(0, limit) };
}

/**
 * USER: their own ads in that state. ADMIN: every published ad (or those `search` finds), or the
 * unlisted ads administrators prepared (published: false).
 */
export async function managedAds(
  identity: Identity,
  { published, limit, nextToken, search }: PageArgs & { published: boolean; search?: string | null },
) {
  const userId = requireRole(identity, SIGNED_IN);
  const size = pageLimit(limit);
  const searched = identity.role === 'ADMIN' && published && normalizeSearchText(search ?? '') !== '';
  if (searched) return pageOf(identity, await searchedPublishedAds(search!, size));
  if (identity.role === 'ADMIN') return pageOf(identity, await (published ? publishedAds : unlistedAds)(size, nextToken));
  return pageOf(identity, await ownerAds(userId, published ? 'PUBLISHED' : 'UNPUBLISHED', size, nextToken));
}

/** Signed in: a user's published ads (their public profile). */
export async function userAds(identity: Identity, { userId, limit, nextToken }: PageArgs & { userId: string }) {
  requireRole(identity, SIGNED_IN);
  assertValid([['userId', required(userId)]]);
  return pageOf(identity, await ownerAds(userId, 'PUBLISHED', pageLimit(limit), nextToken));
}

/** The contact of each ad for its reader, its owners' profiles read at once (one BatchGetItem per 100 owners). */
export async function adContacts(calls: { ad: Pick<AdView, 'ownerId' | 'unlisted' | 'organization'>; reader: Identity }[]) {
  const ownerIds = [...new Set(calls.filter(({ ad }) => !ad.unlisted).map(({ ad }) => ad.ownerId))];
  const owners = new Map((await getUsers(ownerIds)).map((user) => [user.id, user]));
  return calls.map(({ ad, reader }) => adContact(ad, owners.get(ad.ownerId), reader));
}
