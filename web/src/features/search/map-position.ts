// Where the search map was left (spec §2: "the map position and zoom are remembered"; §3 storage keys,
// cleared at logout by lib/auth). Read defensively: another version or a hand edit may have left anything.
import { STORAGE_KEYS, latLong } from '@partage/graphql';

export interface MapPosition {
  latitude: number;
  longitude: number;
  zoom: number;
}

const ZOOM_RANGE = { min: 0, max: 22 };

export function readMapPosition(): MapPosition | null {
  try {
    const [latitude, longitude, zoom] = [STORAGE_KEYS.mapLatitude, STORAGE_KEYS.mapLongitude, STORAGE_KEYS.mapZoom].map((key) => {
      const text = localStorage.getItem(key);
      return text === null || text.trim() === '' ? NaN : Number(text);
    }) as [number, number, number];
    if (latLong(latitude, longitude) !== null || !(zoom >= ZOOM_RANGE.min && zoom <= ZOOM_RANGE.max)) return null;
    return { latitude, longitude, zoom };
  } catch {
    return null; // storage refused (private mode, policy)
  }
}

export function saveMapPosition({ latitude, longitude, zoom }: MapPosition): void {
  try {
    localStorage.setItem(STORAGE_KEYS.mapLatitude, latitude.toFixed(5));
    localStorage.setItem(STORAGE_KEYS.mapLongitude, longitude.toFixed(5));
    localStorage.setItem(STORAGE_KEYS.mapZoom, zoom.toFixed(2));
  } catch {
    // Storage full or refused: the map simply opens at its default place next time.
  }
}
