// The favourites' use cases (issue 23): any signed-in user (USER or ADMIN) saves published ads, lists
// them newest saved first, and removes them. A favourite stays listed once its ad leaves the search
// (unpublished or deleted): the list gives it without a card, under the title it had when saved.

import {
  assertValid,
  FAVOURITES_PAGE,
  FAVOURITES_PER_USER_MAX,
  AppError,
  required,
  type FavouritePageSource,
  type FavouriteSource,
} from '@partage/graphql';
import { deleteFavourite, favouriteAdIds, favouritesPage, putFavourite } from '../../data/favourites';
import { getSearchEntries, getSearchEntry } from '../../data/search-index';
import { now } from '../clock';
import { requireRole, SIGNED_IN, type Identity } from '../identity';
import { adSummary } from '../search/ad-summary';

/** Saves a published ad (NOT_FOUND otherwise); saving it again changes nothing. FAVOURITES_FULL past the cap. */
export async function addFavourite(identity: Identity, adId: string): Promise<string> {
  const userId = requireRole(identity, SIGNED_IN);
  assertValid([['adId', required(adId)]]);
  // The search entry exists exactly while the ad is published and listed: what anyone may save.
  const entry = await getSearchEntry(adId);
  if (!entry) throw new AppError('NOT_FOUND', 'No published ad with this id');
  await putFavourite(userId, { adId, savedAt: now().toISOString(), title: entry.title }, FAVOURITES_PER_USER_MAX);
  return adId;
}

/** Removes a favourite, whatever became of its ad; removing it again changes nothing. */
export async function removeFavourite(identity: Identity, adId: string): Promise<string> {
  const userId = requireRole(identity, SIGNED_IN);
  assertValid([['adId', required(adId)]]);
  await deleteFavourite(userId, adId);
  return adId;
}

/** The ids of every ad the caller saved: the hearts of any list of ads read them, with no query per ad. */
export async function myFavouriteAdIds(identity: Identity): Promise<string[]> {
  return favouriteAdIds(requireRole(identity, SIGNED_IN));
}

/** A page of the caller's favourites, newest saved first, each with its ad's card while the ad is published. */
export async function myFavourites(
  identity: Identity,
  { limit, nextToken }: { limit?: number | null; nextToken?: string | null },
): Promise<FavouritePageSource & { items: FavouriteSource[] }> {
  const userId = requireRole(identity, SIGNED_IN);
  const size = limit ?? FAVOURITES_PAGE.default;
  assertValid([['limit', Number.isInteger(size) && size >= 1 && size <= FAVOURITES_PAGE.max ? null : 'oneOf']]);
  const page = await favouritesPage(userId, size, nextToken);
  const entries = new Map((await getSearchEntries(page.favourites.map((favourite) => favourite.adId))).map((entry) => [entry.id, entry]));
  return {
    items: page.favourites.map(({ adId, savedAt, title }) => {
      const entry = entries.get(adId);
      return { adId, savedAt, title, ad: entry ? adSummary({ entry, meters: null }) : null };
    }),
    nextToken: page.nextToken ?? null,
  };
}
