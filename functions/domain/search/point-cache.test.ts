import { describe, expect, it } from 'vitest';
import type { SearchPoint } from '../../data/search-index';
import { encodeGeohash } from './geohash';
import { keptPoint, PointCache } from './point-cache';

const pointAt = (id: string, latitude: number, longitude: number): SearchPoint => ({
  id,
  latitude,
  longitude,
  publishedAt: '2026-11-01T00:00:00.000Z',
  category: 'PROFESSIONAL_KITCHEN',
  modes: ['RENT'],
  availability: { all: true, day: false, evening: false, weekdays: [] },
  certifications: [],
  priceRanges: [],
  priceCents: null,
  terms: [],
});

// Two points of Montréal 3 km apart: one 5-character cell each, the same 4-character one.
const west = pointAt('west', 45.5017, -73.5673);
const east = pointAt('east', 45.5017, -73.53);
const cellOf = (point: SearchPoint, length: number) => encodeGeohash(point.latitude, point.longitude, length);

describe('PointCache', () => {
  const limits = { points: 10, maxAgeMs: 1_000 };

  it('answers for a kept cell and its sub-cells at the version it was kept at, and for no other version or space', () => {
    const cache = new PointCache(limits);
    const parent = cellOf(west, 4);
    expect(cellOf(east, 4)).toBe(parent);
    cache.put('table\n*\n', parent, 3, [keptPoint(west), keptPoint(east)]);
    expect(cache.get('table\n*\n', parent, 3)?.map(({ id }) => id)).toEqual(['west', 'east']);
    // A sub-cell: the kept points inside it.
    expect(cache.get('table\n*\n', cellOf(east, 5), 3)?.map(({ id }) => id)).toEqual(['east']);
    expect(cache.get('table\n*\n', cellOf(east, 7), 3)?.map(({ id }) => id)).toEqual(['east']);
    // Another scope, another version: not kept (and the stale entry is let go).
    expect(cache.get('table\nC:PROFESSIONAL_KITCHEN\n', parent, 3)).toBeUndefined();
    expect(cache.get('table\n*\n', parent, 4)).toBeUndefined();
    expect(cache.get('table\n*\n', parent, 3)).toBeUndefined();
  });

  it('keeps an empty cell as known empty', () => {
    const cache = new PointCache(limits);
    cache.put('s', 'f25dv', 0, []);
    expect(cache.get('s', 'f25dv', 0)).toEqual([]);
    expect(cache.get('s', 'f25dw', 0)).toBeUndefined();
  });

  it('lets a cell go once it is older than the limit, whatever its version', () => {
    let now = 0;
    const cache = new PointCache(limits, () => now);
    cache.put('s', cellOf(west, 5), 1, [keptPoint(west)]);
    now = 1_000;
    expect(cache.get('s', cellOf(west, 5), 1)).toHaveLength(1);
    now = 1_001;
    expect(cache.get('s', cellOf(west, 5), 1)).toBeUndefined();
  });

  it('lets the least recently used cells go past its number of points', () => {
    const cache = new PointCache({ ...limits, points: 3 });
    cache.put('s', 'f25a', 1, [keptPoint(west), keptPoint(west)]);
    cache.put('s', 'f25b', 1, [keptPoint(east)]);
    // Used: f25a is now the most recent.
    expect(cache.get('s', 'f25a', 1)).toHaveLength(2);
    cache.put('s', 'f25c', 1, [keptPoint(east)]);
    expect(cache.get('s', 'f25b', 1)).toBeUndefined();
    expect(cache.get('s', 'f25a', 1)).toHaveLength(2);
    expect(cache.get('s', 'f25c', 1)).toHaveLength(1);
    // A cell larger than the whole limit is not kept.
    cache.put('s', 'f25d', 1, [keptPoint(east), keptPoint(east), keptPoint(east), keptPoint(east)]);
    expect(cache.get('s', 'f25d', 1)).toBeUndefined();
    expect(cache.get('s', 'f25c', 1)).toHaveLength(1);
  });
});
