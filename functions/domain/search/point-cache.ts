// The points a search process read, kept by cell for the next searches in the same area. A cell's
// points are kept under the version of its point partition's cell (`PTV#<geohash 3>`), which every
// write of a point there raises after the write; a search reads the versions with its counts, in the
// request it makes anyway, and takes a kept cell only at the version it just read. So a search never
// sees points older than a write that ended before it began, as when it reads them all. Why: farthest
// first in Montréal reads the ring at the circle's edge, 35 requests and 1,615 points (docs/search.md);
// kept, the same search is its counts and its cards.

import type { SearchPoint } from '../../data/search-index';
import { encodeGeohash } from './geohash';

/** A kept point and its cell of the finest counted precision: a kept cell answers for its sub-cells. */
export interface KeptPoint {
  point: SearchPoint;
  hash: string;
}

interface KeptCell {
  version: number;
  keptAt: number;
  points: KeptPoint[];
}

/** The finest cells a search asks for (the counts' finest precision). */
export const KEPT_HASH_PRECISION = 7;

export const keptPoint = (point: SearchPoint): KeptPoint => ({
  point,
  hash: encodeGeohash(point.latitude, point.longitude, KEPT_HASH_PRECISION),
});

export interface PointCacheLimits {
  /** Points kept at most (a cell kept empty counts one), the least recently used cells let go first (~0.5 KB each). */
  points: number;
  /**
   * How long a cell is kept whatever its version: a write that failed between its points and the version's
   * raise (a crashed container) leaves the version as it was.
   */
  maxAgeMs: number;
}

const weightOf = (points: KeptPoint[]) => Math.max(1, points.length);

export class PointCache {
  /** By `<space>\n<cell>`, least recently used first (a Map keeps its insertion order). */
  private readonly cells = new Map<string, KeptCell>();
  private size = 0;

  constructor(
    private readonly limits: PointCacheLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The points of `hash` kept in `space` at `version`, from its own entry or an ancestor's (its points
   * inside the cell); undefined when none is kept at that version.
   */
  get(space: string, hash: string, version: number): SearchPoint[] | undefined {
    if (hash.length > KEPT_HASH_PRECISION) return undefined;
    for (let length = hash.length; length > 0; length--) {
      const key = `${space}\n${hash.slice(0, length)}`;
      const kept = this.cells.get(key);
      if (!kept) continue;
      if (kept.version !== version || this.now() - kept.keptAt > this.limits.maxAgeMs) {
        this.forget(key, kept);
        continue;
      }
      this.cells.delete(key);
      this.cells.set(key, kept);
      const inside = length === hash.length ? kept.points : kept.points.filter((kept) => kept.hash.startsWith(hash));
      return inside.map(({ point }) => point);
    }
    return undefined;
  }

  /** Keeps every point of the cell `hash` (read whole, at `version`, read before the points). */
  put(space: string, hash: string, version: number, points: KeptPoint[]): void {
    if (hash.length > KEPT_HASH_PRECISION || points.length > this.limits.points) return;
    const key = `${space}\n${hash}`;
    const earlier = this.cells.get(key);
    if (earlier) this.forget(key, earlier);
    this.cells.set(key, { version, keptAt: this.now(), points });
    this.size += weightOf(points);
    for (const [oldest, kept] of this.cells) {
      if (this.size <= this.limits.points) break;
      this.forget(oldest, kept);
    }
  }

  clear(): void {
    this.cells.clear();
    this.size = 0;
  }

  private forget(key: string, kept: KeptCell): void {
    this.cells.delete(key);
    this.size -= weightOf(kept.points);
  }
}
