import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellsCovering, distanceMeters, maxDistanceToBounds, minDistanceToBounds, type Point } from './cell-cover';
import { encodeGeohash, geohashBounds } from './geohash';

/** A random point within about `spanDegrees` of `centre`. */
const pointNear = (centre: Point, spanDegrees: number) =>
  fc
    .record({ dLat: fc.double({ min: -1, max: 1, noNaN: true }), dLon: fc.double({ min: -1, max: 1, noNaN: true }) })
    .map(({ dLat, dLon }) => ({ latitude: centre.latitude + dLat * spanDegrees, longitude: centre.longitude + dLon * spanDegrees * 1.5 }));

/** Brute force: every random point within the radius lies in a covered cell, and each cell's bounds hold its points' distances. */
function checkCover(centre: Point, radiusMeters: number, precision: number, spanDegrees: number) {
  const cells = cellsCovering(centre, radiusMeters, precision);
  const byHash = new Map(cells.map((cell) => [cell.hash, cell]));
  expect(byHash.size).toBe(cells.length);
  fc.assert(
    fc.property(pointNear(centre, spanDegrees), (point) => {
      const distance = distanceMeters(centre, point);
      const cell = byHash.get(encodeGeohash(point.latitude, point.longitude, precision));
      if (distance <= radiusMeters) expect(cell, `cell of a point ${distance} m away`).toBeDefined();
      if (cell) {
        expect(cell.minDistance).toBeLessThanOrEqual(distance + 1e-6);
        expect(cell.maxDistance).toBeGreaterThanOrEqual(distance - 1e-6);
      }
    }),
    { numRuns: 3000 },
  );
  return cells;
}

describe('cellsCovering', () => {
  it('covers a circle centred on a cell border (both sides of the 45th parallel and a cell edge)', () => {
    const b = geohashBounds('f25d');
    const corner = { latitude: b.maxLatitude, longitude: b.minLongitude };
    const cells = checkCover(corner, 2_000, 5, 0.03);
    // The four cells meeting at the corner, at least.
    expect(cells.filter((cell) => cell.minDistance === 0).length).toBeGreaterThanOrEqual(4);
  });

  it('covers a circle near the 45th parallel, the radius of a city search', () => {
    const cells = checkCover({ latitude: 45.0001, longitude: -73.6 }, 25_000, 4, 0.3);
    expect(cells.length).toBeLessThan(20);
  });

  it('covers a 200 km circle, and leaves out the corners of its bounding box', () => {
    const centre = { latitude: 48.4489, longitude: -68.5236 };
    const cells = checkCover(centre, 200_000, 4, 2.2);
    expect(cells.every((cell) => cell.minDistance <= 200_000)).toBe(true);
    // About 270 km away, within the box of latitudes and longitudes the circle spans.
    const corner = encodeGeohash(centre.latitude + 1.7, centre.longitude + 2.6, 4);
    expect(cells.map((cell) => cell.hash)).not.toContain(corner);
  });

  it('measures a cell from a point outside it no farther than its nearest point, nor nearer than its farthest', () => {
    const bounds = geohashBounds('f2m6');
    fc.assert(
      fc.property(
        pointNear({ latitude: 46, longitude: -71 }, 3),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (from, u, v) => {
          const inside = {
            latitude: bounds.minLatitude + u * (bounds.maxLatitude - bounds.minLatitude),
            longitude: bounds.minLongitude + v * (bounds.maxLongitude - bounds.minLongitude),
          };
          const distance = distanceMeters(from, inside);
          expect(minDistanceToBounds(from, bounds)).toBeLessThanOrEqual(distance + 1e-6);
          expect(maxDistanceToBounds(from, bounds)).toBeGreaterThanOrEqual(distance - 1e-6);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('distanceMeters', () => {
  it('measures Montréal to Québec as about 233 km', () => {
    expect(distanceMeters({ latitude: 45.5017, longitude: -73.5673 }, { latitude: 46.8139, longitude: -71.208 }) / 1000).toBeCloseTo(
      233,
      -1,
    );
  });
});
