// Geohash cells (base 32, longitude bit first): a cell's hash is a prefix of the hashes of every
// cell inside it, so the points of a cell are a `begins_with` range of a sorted index key.

const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

export interface CellBounds {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/** The hash of the cell of `precision` characters holding the point. */
export function encodeGeohash(latitude: number, longitude: number, precision: number): string {
  let [minLat, maxLat, minLon, maxLon] = [-90, 90, -180, 180];
  let hash = '';
  let bits = 0;
  let value = 0;
  let even = true;
  while (hash.length < precision) {
    if (even) {
      const mid = (minLon + maxLon) / 2;
      value = value * 2 + (longitude >= mid ? 1 : 0);
      if (longitude >= mid) minLon = mid;
      else maxLon = mid;
    } else {
      const mid = (minLat + maxLat) / 2;
      value = value * 2 + (latitude >= mid ? 1 : 0);
      if (latitude >= mid) minLat = mid;
      else maxLat = mid;
    }
    even = !even;
    if (++bits === 5) {
      hash += BASE32[value];
      bits = 0;
      value = 0;
    }
  }
  return hash;
}

/** The latitude and longitude ranges a cell covers. */
export function geohashBounds(hash: string): CellBounds {
  let [minLat, maxLat, minLon, maxLon] = [-90, 90, -180, 180];
  let even = true;
  for (const char of hash) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`Not a geohash: ${hash}`);
    for (let bit = 4; bit >= 0; bit--) {
      const on = (value >> bit) & 1;
      if (even) {
        const mid = (minLon + maxLon) / 2;
        if (on) minLon = mid;
        else maxLon = mid;
      } else {
        const mid = (minLat + maxLat) / 2;
        if (on) minLat = mid;
        else maxLat = mid;
      }
      even = !even;
    }
  }
  return { minLatitude: minLat, maxLatitude: maxLat, minLongitude: minLon, maxLongitude: maxLon };
}

/** The 32 cells one character finer, in hash order. */
export const geohashChildren = (hash: string): string[] => [...BASE32].map((char) => hash + char);

/** Degrees of latitude and longitude a cell of `precision` characters spans. */
export function cellSpan(precision: number): { latitude: number; longitude: number } {
  const bits = precision * 5;
  const longitudeBits = Math.ceil(bits / 2);
  return { latitude: 180 / 2 ** (bits - longitudeBits), longitude: 360 / 2 ** longitudeBits };
}
