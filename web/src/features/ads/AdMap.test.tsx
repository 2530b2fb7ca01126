import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdMap, circlePolygon } from './AdMap';

// MapLibre itself needs WebGL (tests/e2e/ad-map.spec.ts draws it in Chromium): these tests check what
// the component asks of it.
interface MapOptions {
  center: unknown;
  zoom: number;
  interactive: boolean;
  attributionControl: unknown;
  style: { sources: Record<string, { data: unknown; attribution?: string }>; layers: { id: string }[]; 'font-faces'?: unknown };
}
const maps: { options: MapOptions; removed: boolean; sources: Record<string, unknown>; layers: string[]; load?: () => void }[] = [];
const markers: unknown[] = [];
vi.mock('maplibre-gl', () => {
  class Map {
    entry: (typeof maps)[number];
    constructor(options: MapOptions) {
      this.entry = { options, removed: false, sources: {}, layers: [] };
      maps.push(this.entry);
    }
    on(event: string, listener: () => void) {
      if (event === 'load') this.entry.load = listener;
    }
    addSource(id: string, source: { data: unknown }) {
      this.entry.sources[id] = source.data;
    }
    addLayer(layer: { id: string }) {
      this.entry.layers.push(layer.id);
    }
    remove() {
      this.entry.removed = true;
    }
  }
  class Marker {
    setLngLat(point: unknown) {
      markers.push(point);
      return this;
    }
    addTo() {
      return this;
    }
  }
  return { Map, Marker, setWorkerUrl: vi.fn() };
});

beforeEach(() => {
  maps.length = 0;
  markers.length = 0;
});

describe('ad map', () => {
  it('puts a marker on an exact place, over the offline basemap with its credits, with no tile server', async () => {
    const { unmount } = render(<AdMap latitude={45.5} longitude={-73.6} radiusMeters={0} label="Map of the ad" />);
    expect(screen.getByRole('group', { name: 'Map of the ad' })).toBeInTheDocument();
    await waitFor(() => expect(maps).toHaveLength(1));
    const { options } = maps[0]!;
    expect(options).toMatchObject({ center: [-73.6, 45.5], interactive: false, attributionControl: { compact: false } });
    expect(Object.keys(options.style.sources)).toEqual(['quebec', 'roads', 'places']);
    expect(options.style.sources.places!.attribution).toContain('GeoNames');
    // Every file the style fetches is the site's own: nothing is asked of another server.
    const files = [
      ...Object.values(options.style['font-faces'] as Record<string, string>),
      ...Object.values(options.style.sources).map((s) => s.data),
    ];
    expect(files).toHaveLength(4);
    for (const file of files) expect(String(file)).toMatch(new RegExp(`^${location.origin}/`));
    expect(markers).toEqual([[-73.6, 45.5]]);
    unmount();
    expect(maps[0]!.removed).toBe(true);
  });

  it('draws the area of an approximate place as a circle once the basemap has loaded, and no marker', async () => {
    render(<AdMap latitude={46.8} longitude={-71.2} radiusMeters={2000} label="Map of the area" />);
    await waitFor(() => expect(maps).toHaveLength(1));
    const entry = maps[0]!;
    expect(entry.layers).toEqual([]);
    entry.load!();
    expect(entry.sources.area).toEqual(circlePolygon(-71.2, 46.8, 2000));
    expect(entry.layers).toEqual(['area', 'area-halo']);
    expect(markers).toEqual([]);
  });
});

describe('circlePolygon', () => {
  it('is a closed ring at the radius from the centre', () => {
    const ring = circlePolygon(-71.2, 46.8, 2000, 8).geometry.coordinates[0]!;
    expect(ring).toHaveLength(9);
    expect(ring[0]).toEqual(ring[8]);
    // North of the centre by the radius: 2 km is about 0.018 degree of latitude.
    expect(ring[2]![1]! - 46.8).toBeCloseTo(2000 / 111_320, 6);
    expect(ring[2]![0]).toBeCloseTo(-71.2, 6);
  });
});
