// Distances on the search map: the circle of a search as the map's bounds, and the radius the map
// shows (for "search this area"). The equirectangular approximation is exact enough at a city's scale.
import { SEARCH_RADIUS_KM } from '@partage/graphql';

const KM_PER_DEGREE = 111.32;

export interface Circle {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/** [[west, south], [east, north]] around a circle. */
export function circleBounds({ latitude, longitude, radiusKm }: Circle): [[number, number], [number, number]] {
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = radiusKm / (KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
  return [
    [longitude - dLng, latitude - dLat],
    [longitude + dLng, latitude + dLat],
  ];
}

/**
 * The radius of the largest circle around the centre that the map shows (the nearer of its edges),
 * in whole kilometres within SEARCH_RADIUS_KM.
 */
export function visibleRadiusKm(centre: { latitude: number; longitude: number }, bounds: { north: number; east: number }): number {
  const northKm = (bounds.north - centre.latitude) * KM_PER_DEGREE;
  const eastKm = (bounds.east - centre.longitude) * KM_PER_DEGREE * Math.cos((centre.latitude * Math.PI) / 180);
  const km = Math.floor(Math.min(northKm, eastKm));
  return Math.min(SEARCH_RADIUS_KM.max, Math.max(SEARCH_RADIUS_KM.min, km));
}

/** Coordinates as the address keeps them: 5 decimals, about a metre. */
export const roundCoordinate = (value: number): number => Math.round(value * 1e5) / 1e5;

/** True when two points are the same to the metre or so (a map's centre after a search of its area). */
export const samePoint = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): boolean =>
  Math.abs(a.latitude - b.latitude) < 1e-4 && Math.abs(a.longitude - b.longitude) < 1e-4;
