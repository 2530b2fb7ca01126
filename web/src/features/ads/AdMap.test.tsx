import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdMap, circlePolygon } from './AdMap';

// MapLibre itself needs WebGL: these tests check what the component asks of it.
interface MapOptions {
  center: unknown;
  interactive: boolean;
  style: { sources: Record<string, { data: unknown }>; layers: { id: string }[] };
}
const maps: { options: MapOptions; removed: boolean }[] = [];
const markers: unknown[] = [];
vi.mock('maplibre-gl', () => {
  class Map {
    entry: (typeof maps)[number];
    constructor(options: MapOptions) {
      this.entry = { options, removed: false };
      maps.push(this.entry);
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
  it('puts a marker on an exact place, over the bundled outline of Quebec, with no tile server', async () => {
    const { unmount } = render(<AdMap latitude={45.5} longitude={-73.6} radiusMeters={0} label="Map of the ad" />);
    expect(screen.getByRole('img', { name: 'Map of the ad' })).toBeInTheDocument();
    await waitFor(() => expect(maps).toHaveLength(1));
    const { options } = maps[0]!;
    expect(options).toMatchObject({ center: [-73.6, 45.5], interactive: false });
    expect(Object.keys(options.style.sources)).toEqual(['quebec']);
    expect(JSON.stringify(options.style)).not.toMatch(/https?:/);
    expect(markers).toEqual([[-73.6, 45.5]]);
    unmount();
    expect(maps[0]!.removed).toBe(true);
  });

  it('draws the area of an approximate place as a circle, and no marker', async () => {
    render(<AdMap latitude={46.8} longitude={-71.2} radiusMeters={2000} label="Map of the area" />);
    await waitFor(() => expect(maps).toHaveLength(1));
    const { options } = maps[0]!;
    expect(options.style.sources.area?.data).toEqual(circlePolygon(-71.2, 46.8, 2000));
    expect(options.style.layers.map((layer) => layer.id)).toEqual(['elsewhere', 'quebec', 'border', 'area', 'area-halo']);
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
