// Favourites: one item per (user, ad) under the user's partition, listed newest saved first in GSI1,
// and a count item that holds the cap. Saving writes the favourite and adds one to the count in one
// transaction, each conditioned (the favourite absent, the count under the cap), so saving twice
// changes nothing and concurrent saves never pass the cap; removing does the reverse.

import { failedConditionIndexes, isConditionFailure, queryPages, tableName, transactWrite } from './client';
import { DataRefusal } from './errors';
import { FAVOURITE_SK_PREFIX, favouriteCountKey, favouriteKey, userFavouritesIndexKeys, userFavouritesPartition } from './keys';
import type { LocalizedValue } from './ads';
import { newestFirstPage, type ListingIndex } from './page-tokens';

export interface FavouriteRecord {
  adId: string;
  savedAt: string;
  /** The ad's title when it was saved (named on the list once the ad is no longer published). */
  title: LocalizedValue;
}

/**
 * Saves `favourite` for `userId` unless it is saved already (then nothing changes: false). DataRefusal
 * LIMIT_REACHED when the user keeps `max` favourites already.
 */
export async function putFavourite(userId: string, favourite: FavouriteRecord, max: number): Promise<boolean> {
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...favouriteKey(userId, favourite.adId),
            type: 'Favourite',
            ...userFavouritesIndexKeys(userId, favourite.savedAt, favourite.adId),
            ...favourite,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: favouriteCountKey(userId),
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':max': max },
        },
      },
    ]);
    return true;
  } catch (error) {
    const failed = failedConditionIndexes(error);
    if (failed.includes(0)) return false;
    if (failed.includes(1)) throw new DataRefusal('LIMIT_REACHED', `At most ${max} favourites`);
    throw error;
  }
}

/** Removes the user's favourite of `adId`; false when there was none (nothing changes). */
export async function deleteFavourite(userId: string, adId: string): Promise<boolean> {
  try {
    await transactWrite([
      { Delete: { TableName: tableName(), Key: favouriteKey(userId, adId), ConditionExpression: 'attribute_exists(PK)' } },
      {
        Update: {
          TableName: tableName(),
          Key: favouriteCountKey(userId),
          UpdateExpression: 'ADD #count :minusOne',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The ids of every ad the user saved (a few hundred at most: the cap), in no particular order. */
export async function favouriteAdIds(userId: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const items of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': favouriteKey(userId, '').PK, ':prefix': FAVOURITE_SK_PREFIX },
    ProjectionExpression: 'adId',
  })) {
    ids.push(...items.map((item) => item.adId as string));
  }
  return ids;
}

export interface FavouritePageResult {
  favourites: FavouriteRecord[];
  nextToken?: string;
}

const GSI1: ListingIndex = { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' };

/** One page of the user's favourites, newest saved first. */
export async function favouritesPage(userId: string, limit: number, nextToken?: string | null): Promise<FavouritePageResult> {
  const page = await newestFirstPage(GSI1, userFavouritesPartition(userId), limit, nextToken);
  return {
    favourites: page.items.map(({ adId, savedAt, title }) => ({ adId, savedAt, title }) as FavouriteRecord),
    nextToken: page.nextToken,
  };
}
