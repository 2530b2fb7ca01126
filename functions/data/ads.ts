// Ads. One item per ad holds the whole ad and the index keys of the lists it belongs to, computed
// from its state at every write: GSI1 lists an owner's ads per state (or the unlisted ads the
// administrators prepared). A change is one conditional Put of the whole item (on the version read),
// in one transaction with the ad's search entry (search-index.ts; removed when the ad leaves the
// search), so an ad, its places in the lists and its search entry never disagree and a concurrent
// change is refused rather than overwritten.

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AdCategory,
  Allergen,
  CancellationPolicy,
  Certification,
  DayPeriod,
  EquipmentCriterion,
  KitchenEquipment,
  PriceKind,
  PriceRange,
  RentUnit,
  TaxMode,
  TruckType,
  Weekday,
} from '@partage/graphql';
import { batchGet, db, failedConditionIndexes, isConditionFailure, tableName, transactWrite } from './client';
import { DataRefusal } from './errors';
import {
  adCalendarKey,
  adEquipmentRatingsKey,
  adKey,
  adListIndexKeys,
  ownerAdsPartition,
  UNLISTED_ADS_PARTITION,
  type AdListState,
} from './keys';
import { newestFirstPage, type ListingIndex } from './page-tokens';
import { equipmentPlacementWrite, type StarSumsRecord } from './ratings';
import { searchEntryWrite, type SearchEntry } from './search-index';

export interface LocalizedValue {
  fr: string | null;
  en: string | null;
}

export interface PriceOfferRecord {
  kind: PriceKind;
  amountCents: number | null;
  range: PriceRange | null;
  /** Rent only; absent on rent offers saved before units existed (issue 23), null on a sale. */
  unit?: RentUnit | null;
  description: LocalizedValue;
}

export interface AdImageRecord {
  alt: LocalizedValue;
  /** Narrowest first. */
  variants: { fileId: string; width: number; height: number }[];
}

/** What the owner wrote, normalised (functions/domain/ads/ad-input.ts): compared as a whole to tell NO_CHANGE. */
export interface AdContent {
  title: LocalizedValue;
  /** Sanitised HTML. */
  description: LocalizedValue;
  category: AdCategory;
  descriptionOther: string | null;
  professionalKitchenEquipment: KitchenEquipment[];
  professionalKitchenEquipmentOther: string | null;
  deliveryTruckType: TruckType | null;
  deliveryTruckTypeOther: string | null;
  canHaveDriver: boolean | null;
  canShareRoad: boolean | null;
  refrigerated: boolean | null;
  conditionsTypeDeliveryTruck: string | null;
  surfaceDescription: string | null;
  surfaceSize: string | null;
  equipment: string | null;
  conditions: string | null;
  address: { address: string; town: string; postalCode: string | null; latitude: number; longitude: number; showAddress: boolean };
  availability: {
    all: boolean;
    day: boolean;
    evening: boolean;
    weekdays: Weekday[];
    restrictions: { date: string; period: DayPeriod }[];
  };
  certifications: Certification[];
  allergens: Allergen[];
  rent: PriceOfferRecord | null;
  sale: PriceOfferRecord | null;
  /** How the rent and sale prices read; null without them, absent on ads saved before (read ADDED: taxModeOf). */
  taxMode?: TaxMode | null;
  /** What cancelling a rental gives back; null without rent, absent on ads saved before (read MODERATE: cancellationPolicyOf). */
  cancellationPolicy?: CancellationPolicy | null;
  trade: { description: LocalizedValue } | null;
  donation: { description: LocalizedValue } | null;
  organization: string | null;
  images: AdImageRecord[];
  infoIsTrue: boolean;
}

export interface AdRecord {
  id: string;
  ownerId: string;
  /** Prepared by an administrator and not transferred yet. */
  unlisted: boolean;
  published: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** Counts the writes: each one is conditioned on the version read. */
  version: number;
  content: AdContent;
}

const stateOf = (ad: AdRecord): AdListState => (ad.published ? 'PUBLISHED' : 'UNPUBLISHED');

/** The ad's item, with the index keys of its lists (exported for bulk loads: the benchmark). */
export function adItem(ad: AdRecord): Record<string, unknown> {
  const list = ad.unlisted ? UNLISTED_ADS_PARTITION : ownerAdsPartition(ad.ownerId, stateOf(ad));
  return {
    ...adKey(ad.id),
    type: 'Ad',
    ...adListIndexKeys(list, ad.createdAt, ad.id),
    ...ad,
  };
}

function fromItem(item: Record<string, unknown>): AdRecord {
  const { id, ownerId, unlisted, published, createdAt, updatedAt, publishedAt, version, content } = item as unknown as AdRecord;
  return { id, ownerId, unlisted, published, createdAt, updatedAt, publishedAt: publishedAt ?? null, version, content };
}

export async function getAd(adId: string): Promise<AdRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: adKey(adId) }));
  return Item && fromItem(Item);
}

/** A new ad (version 1). */
export async function putNewAd(ad: AdRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: adItem(ad), ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** The ads at these ids that exist, in the order asked (a page of the administrators' published tab). */
export async function getAds(adIds: string[]): Promise<AdRecord[]> {
  const byId = new Map((await batchGet(adIds.map(adKey))).map((item) => [item.id as string, fromItem(item)]));
  return adIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Writes `next` over the ad read as `before` (its version + 1), with its search entry (null: none,
 * the ad is out of the search); ITEM_GONE when the ad is gone or was changed since it was read.
 */
export async function replaceAd(
  before: AdRecord,
  next: AdRecord,
  searchEntry: SearchEntry | null,
  equipmentSums: StarSumsRecord<EquipmentCriterion>,
): Promise<AdRecord> {
  const written = { ...next, version: before.version + 1 };
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: adItem(written),
          ConditionExpression: 'attribute_exists(PK) AND version = :version',
          ExpressionAttributeValues: { ':version': before.version },
        },
      },
      searchEntryWrite(written.id, searchEntry),
      equipmentPlacementWrite(written.id, equipmentSums, searchEntry),
    ]);
  } catch (error) {
    // Only the equipment's sums moved (a rating published meanwhile): the caller reads them again.
    if (failedConditionIndexes(error).join() === '2') throw new DataRefusal('STALE_VERSION', 'A rating of the ad was published meanwhile');
    if (isConditionFailure(error)) throw new DataRefusal('ITEM_GONE', 'The ad was changed or removed meanwhile');
    throw error;
  }
  return written;
}

export interface AdPageResult {
  ads: AdRecord[];
  nextToken?: string;
}

const GSI1: ListingIndex = { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' };

/** One page of a list, newest first. */
async function listPage(index: ListingIndex, partition: string, limit: number, nextToken?: string | null): Promise<AdPageResult> {
  const page = await newestFirstPage(index, partition, limit, nextToken);
  return { ads: page.items.map(fromItem), nextToken: page.nextToken };
}

/** An owner's ads in one state, newest first (their manage page; published ones: their public profile). */
export const ownerAds = (ownerId: string, state: AdListState, limit: number, nextToken?: string | null) =>
  listPage(GSI1, ownerAdsPartition(ownerId, state), limit, nextToken);

/** The ads administrators prepared and did not transfer yet, newest first. */
export const unlistedAds = (limit: number, nextToken?: string | null) => listPage(GSI1, UNLISTED_ADS_PARTITION, limit, nextToken);

/**
 * Deletes an unpublished ad (out of the search already: its card and points went with its unpublication)
 * with its calendar and equipment sums; ITEM_GONE when it was changed or published meanwhile. An ad
 * already gone is no error: a deletion run again after a crash finds nothing to do.
 */
export async function deleteUnpublishedAd(ad: AdRecord): Promise<void> {
  try {
    await transactWrite([
      {
        Delete: {
          TableName: tableName(),
          Key: adKey(ad.id),
          ConditionExpression: 'attribute_not_exists(PK) OR (version = :version AND published = :false)',
          ExpressionAttributeValues: { ':version': ad.version, ':false': false },
        },
      },
      { Delete: { TableName: tableName(), Key: adCalendarKey(ad.id) } },
      { Delete: { TableName: tableName(), Key: adEquipmentRatingsKey(ad.id) } },
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw new DataRefusal('ITEM_GONE', 'The ad was changed meanwhile');
    throw error;
  }
}
