// Ad addresses (spec §2, §9): /annonces/{slug}-{id}. The id, a UUID, ends the path; the slug before it
// may be out of date (the title changed), so only the id identifies the ad.

const TRAILING_UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The ad id at the end of `slugAndId`; null when there is none. */
export function adIdFromPath(slugAndId: string): string | null {
  return TRAILING_UUID.exec(slugAndId)?.[1]?.toLowerCase() ?? null;
}

/** The detail page of an ad whose `path` (`<slug>-<id>`) the API gave. */
export const adDetailPath = (path: string): string => `/annonces/${path}`;
