// The search's DynamoDB suites: searches as an anonymous caller, areas of their own, and ads placed in them.

import type { AdInput, AdSearchInput, AdSummary } from '@partage/graphql';
import type { UserRecord } from '../data/users';
import type { Point } from '../domain/search/cell-cover';
import { handler } from '../handlers/search';
import { adInput, ANONYMOUS, givenAd, resolverEvent } from './fixtures';

export interface SearchPage {
  items: AdSummary[];
  nextToken: string | null;
  count?: { value: number; exact: boolean } | null;
}

type PageRequest = { limit?: number; nextToken?: string | null };

export const search = (input: AdSearchInput, more: PageRequest = {}) =>
  handler(resolverEvent('Query.searchAds', { input, ...more }, ANONYMOUS));
export const pageOf = async (input: AdSearchInput, more: PageRequest = {}) => (await search(input, more)) as SearchPage;
export const idsOf = (page: SearchPage) => page.items.map((item) => item.id);

// Each test searches an area of its own, far from the others', so the ads of one never show in another.
let areas = 0;
export const newArea = (): Point => ({ latitude: 47 + areas * 0.2, longitude: -60 - (areas++ % 2) * 9 });
/** The point `northKm` and `eastKm` away from `from`. */
export const offset = (from: Point, northKm: number, eastKm: number): Point => ({
  latitude: from.latitude + northKm / 111.2,
  longitude: from.longitude + eastKm / (111.2 * Math.cos((from.latitude * Math.PI) / 180)),
});
export const near = (centre: Point, radiusKm = 10) => ({ near: { ...centre, radiusKm } });

export interface AdAtOptions {
  showAddress?: boolean;
  by?: UserRecord;
  published?: boolean;
}

/** An ad of `by` at `point` (address shown and published unless told), its id. */
export async function givenAdAt(
  point: Point,
  overrides: Partial<AdInput>,
  { showAddress = true, by, published = true }: AdAtOptions & { by: UserRecord },
) {
  const input = adInput(overrides);
  const address = { ...input.address, ...point, showAddress };
  return (await givenAd(by, { ...overrides, address }, { published })).id;
}
