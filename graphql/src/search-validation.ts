// The rules of an ad search (searchAds; later an alert's criteria), shared by the search panel and the
// server. Lengths and characters of the keyword come from INPUT_MAX_LENGTHS like every text.

import { SEARCH_AREA, SEARCH_RADIUS_KM } from './constants';
import type { AdSearchInput } from './generated/types';
import { latLong, type RuleResult } from './validation';

/** A radius is a whole number of kilometres within SEARCH_RADIUS_KM. */
export const radiusKm = (v: number | null | undefined): RuleResult =>
  typeof v === 'number' && Number.isInteger(v) && v >= SEARCH_RADIUS_KM.min && v <= SEARCH_RADIUS_KM.max ? null : 'oneOf';

/** A search centre: a valid point within SEARCH_AREA. */
export const searchCentre = (lat: number | null | undefined, long: number | null | undefined): RuleResult =>
  latLong(lat, long) ??
  (lat! >= SEARCH_AREA.south && lat! <= SEARCH_AREA.north && long! >= SEARCH_AREA.west && long! <= SEARCH_AREA.east ? null : 'latLong');

/** Paths are relative to the AdSearchInput (`near.radiusKm`); the server prefixes them with `input.`. */
export function searchInputChecks(input: AdSearchInput): Array<[string, RuleResult]> {
  const { near, sort } = input;
  const byDistance = sort === 'DISTANCE_ASC' || sort === 'DISTANCE_DESC';
  return [
    ['near', byDistance && !near ? 'required' : null],
    ['near.latitude', near ? searchCentre(near.latitude, near.longitude) : null],
    ['near.radiusKm', near ? radiusKm(near.radiusKm) : null],
  ];
}
