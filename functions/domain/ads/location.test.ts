import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AD_APPROXIMATE_RADIUS_METERS } from '@partage/graphql';
import { approximatePoint, type Point } from './location';

/** Great-circle distance in metres. */
function metersBetween(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

// Quebec and around: where ads are.
const point = fc.record({
  latitude: fc.double({ min: 44, max: 63, noNaN: true }),
  longitude: fc.double({ min: -80, max: -57, noNaN: true }),
});

describe('approximatePoint', () => {
  it('is a point within the announced radius of the real one', () => {
    fc.assert(fc.property(point, (real) => metersBetween(real, approximatePoint(real)) < AD_APPROXIMATE_RADIUS_METERS));
  });

  it('is the same for every point of a cell, so repeated or nearby reads tell nothing more', () => {
    const real = { latitude: 45.5261, longitude: -73.5822 };
    const centre = approximatePoint(real);
    expect(approximatePoint(real)).toEqual(centre);
    expect(approximatePoint(centre)).toEqual(centre);
    expect(centre).not.toEqual(real);
  });
});
