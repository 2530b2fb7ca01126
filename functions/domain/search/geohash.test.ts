import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellSpan, encodeGeohash, geohashBounds, geohashChildren } from './geohash';

describe('geohash', () => {
  it('encodes known points as the reference implementation does', () => {
    expect(encodeGeohash(57.64911, 10.40744, 11)).toBe('u4pruydqqvj');
    expect(encodeGeohash(42.6, -5.6, 5)).toBe('ezs42');
  });

  it("puts a point inside its cell's bounds, whose size is the precision's span", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 89.999, noNaN: true }),
        fc.double({ min: -180, max: 179.999, noNaN: true }),
        fc.integer({ min: 1, max: 9 }),
        (lat, lon, precision) => {
          const bounds = geohashBounds(encodeGeohash(lat, lon, precision));
          expect(lat).toBeGreaterThanOrEqual(bounds.minLatitude);
          expect(lat).toBeLessThanOrEqual(bounds.maxLatitude);
          expect(lon).toBeGreaterThanOrEqual(bounds.minLongitude);
          expect(lon).toBeLessThanOrEqual(bounds.maxLongitude);
          const span = cellSpan(precision);
          expect(bounds.maxLatitude - bounds.minLatitude).toBeCloseTo(span.latitude, 9);
          expect(bounds.maxLongitude - bounds.minLongitude).toBeCloseTo(span.longitude, 9);
        },
      ),
    );
  });

  it('splits a cell into 32 children in hash order that tile it', () => {
    const parent = geohashBounds('f25d');
    const children = geohashChildren('f25d');
    expect(children).toHaveLength(32);
    expect([...children].sort()).toEqual(children);
    const area = children
      .map(geohashBounds)
      .reduce((sum, b) => sum + (b.maxLatitude - b.minLatitude) * (b.maxLongitude - b.minLongitude), 0);
    expect(area).toBeCloseTo((parent.maxLatitude - parent.minLatitude) * (parent.maxLongitude - parent.minLongitude), 12);
    expect(encodeGeohash(45.5017, -73.5673, 5).startsWith('f25d')).toBe(true);
  });

  it('refuses what is not a geohash', () => {
    expect(() => geohashBounds('f2a')).toThrow();
  });
});
