import { describe, expect, it } from 'vitest';
import { circleBounds, samePoint, visibleRadiusKm } from './map-geometry';

describe('search map geometry', () => {
  it('bounds a circle: as many kilometres north as east, fewer degrees of latitude than of longitude', () => {
    const [[west, south], [east, north]] = circleBounds({ latitude: 46.8, longitude: -71.2, radiusKm: 10 });
    expect(north - 46.8).toBeCloseTo(10 / 111.32, 6);
    expect(46.8 - south).toBeCloseTo(10 / 111.32, 6);
    expect(east - -71.2).toBeCloseTo(10 / (111.32 * Math.cos((46.8 * Math.PI) / 180)), 6);
    expect(west).toBeCloseTo(-71.2 - (east - -71.2), 6);
  });

  it('gives the radius the map shows, the nearer edge, clamped to the search limits', () => {
    const centre = { latitude: 46.8, longitude: -71.2 };
    const [, [east, north]] = circleBounds({ ...centre, radiusKm: 40.6 });
    expect(visibleRadiusKm(centre, { north, east: east + 1 })).toBe(40); // whole kilometres inside the view
    expect(visibleRadiusKm(centre, { north: north + 1, east })).toBe(40);
    expect(visibleRadiusKm(centre, { north: 46.8001, east: -71.1999 })).toBe(1);
    expect(visibleRadiusKm(centre, { north: 60, east: -50 })).toBe(300);
  });

  it('tells the same point to the metre', () => {
    expect(samePoint({ latitude: 46.8, longitude: -71.2 }, { latitude: 46.80001, longitude: -71.20001 })).toBe(true);
    expect(samePoint({ latitude: 46.8, longitude: -71.2 }, { latitude: 46.81, longitude: -71.2 })).toBe(false);
  });
});
