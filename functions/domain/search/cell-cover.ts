// Which geohash cells a search circle touches, and how near or far a cell can be from its centre.
// Both bounds are exact on the sphere (not a flat approximation), so a cell the cover leaves out
// holds no point of the circle, and the distance sorts may trust them to stop reading.

import { cellSpan, encodeGeohash, geohashBounds, type CellBounds } from './geohash';

export const EARTH_RADIUS_METERS = 6_371_008.8;

export interface Point {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The nearest point of a meridian segment: along a meridian the distance falls then rises, its
 * lowest at the foot of the great circle through the point perpendicular to the meridian (which
 * lies poleward of the point's own latitude), so clamping that foot into the segment is exact.
 */
function nearestOnMeridian(point: Point, longitude: number, minLatitude: number, maxLatitude: number): Point {
  const dLon = radians(point.longitude - longitude);
  const foot =
    Math.cos(dLon) <= 0
      ? point.latitude >= 0
        ? 90
        : -90
      : (Math.atan(Math.tan(radians(point.latitude)) / Math.cos(dLon)) * 180) / Math.PI;
  return { latitude: clamp(foot, minLatitude, maxLatitude), longitude };
}

const insideBounds = (p: Point, b: CellBounds) =>
  p.latitude >= b.minLatitude && p.latitude <= b.maxLatitude && p.longitude >= b.minLongitude && p.longitude <= b.maxLongitude;

/** The least distance from `point` to any point of the cell (0 inside). */
export function minDistanceToBounds(point: Point, b: CellBounds): number {
  if (insideBounds(point, b)) return 0;
  // Along a parallel the distance grows with the difference of longitude: clamping is exact there.
  const lon = clamp(point.longitude, b.minLongitude, b.maxLongitude);
  const edges: Point[] = [
    nearestOnMeridian(point, b.minLongitude, b.minLatitude, b.maxLatitude),
    nearestOnMeridian(point, b.maxLongitude, b.minLatitude, b.maxLatitude),
    { latitude: b.minLatitude, longitude: lon },
    { latitude: b.maxLatitude, longitude: lon },
  ];
  return Math.min(...edges.map((edge) => distanceMeters(point, edge)));
}

/** The greatest distance from `point` to any point of the cell: a corner (the distance has no maximum inside an edge). */
export function maxDistanceToBounds(point: Point, b: CellBounds): number {
  return Math.max(
    ...[b.minLatitude, b.maxLatitude].flatMap((latitude) =>
      [b.minLongitude, b.maxLongitude].map((longitude) => distanceMeters(point, { latitude, longitude })),
    ),
  );
}

export interface Cell {
  hash: string;
  minDistance: number;
  maxDistance: number;
}

export function cellOf(hash: string, centre: Point): Cell {
  const bounds = geohashBounds(hash);
  return { hash, minDistance: minDistanceToBounds(centre, bounds), maxDistance: maxDistanceToBounds(centre, bounds) };
}

/** The cells of `precision` characters that hold a point within `radiusMeters` of `centre`. */
export function cellsCovering(centre: Point, radiusMeters: number, precision: number): Cell[] {
  const span = cellSpan(precision);
  const latDelta = (radiusMeters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const minLat = Math.max(-90, centre.latitude - latDelta);
  const maxLat = Math.min(90, centre.latitude + latDelta);
  // The circle's widest longitude span is at its latitude nearest a pole; near a pole, every longitude.
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const sinRatio = Math.sin(radiusMeters / EARTH_RADIUS_METERS) / Math.cos(radians(widest));
  const lonDelta = widest >= 89.9 || sinRatio >= 1 ? 180 : (Math.asin(sinRatio) * 180) / Math.PI;
  const rows = Math.floor((minLat + 90) / span.latitude);
  const lastRow = Math.min(Math.floor((maxLat + 90) / span.latitude), Math.round(180 / span.latitude) - 1);
  const columns = Math.round(360 / span.longitude);
  const firstColumn = Math.floor((centre.longitude - lonDelta + 180) / span.longitude);
  const lastColumn = Math.floor((centre.longitude + lonDelta + 180) / span.longitude);
  const hashes = new Set<string>();
  for (let row = rows; row <= lastRow; row++) {
    for (let column = firstColumn; column <= Math.min(lastColumn, firstColumn + columns - 1); column++) {
      const wrapped = ((column % columns) + columns) % columns;
      hashes.add(encodeGeohash(-90 + (row + 0.5) * span.latitude, -180 + (wrapped + 0.5) * span.longitude, precision));
    }
  }
  return [...hashes].map((hash) => cellOf(hash, centre)).filter((cell) => cell.minDistance <= radiusMeters);
}
