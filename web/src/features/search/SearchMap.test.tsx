import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, use } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@partage/graphql';
import { SearchMap, type MapAd } from './SearchMap';

// MapLibre needs WebGL: this stand-in records what the map is asked, and plays its events.
interface FakeFeature {
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: Record<string, unknown>;
}
const fake = vi.hoisted(() => ({
  maps: [] as FakeMap[],
  markers: [] as { element: HTMLElement; at: unknown; removed: boolean }[],
}));
interface FakeMap {
  options: Record<string, unknown>;
  sources: Record<string, unknown>;
  handlers: Record<string, ((event: unknown) => void)[]>;
  features: FakeFeature[];
  data: unknown;
  centre: { lat: number; lng: number };
  zoom: number;
  fitted: unknown[];
  eased: unknown[];
  emit: (name: string, event?: object) => void;
}
vi.mock('maplibre-gl', () => {
  class Map {
    state: FakeMap;
    constructor(options: Record<string, unknown>) {
      const bounds = options.bounds as [[number, number], [number, number]] | undefined;
      const centre =
        (options.center as [number, number] | undefined) ??
        (bounds && ([(bounds[0][0] + bounds[1][0]) / 2, (bounds[0][1] + bounds[1][1]) / 2] as [number, number]));
      this.state = {
        options,
        handlers: {},
        features: [],
        sources: {},
        data: null,
        centre: centre ? { lng: centre[0], lat: centre[1] } : { lng: -68.5, lat: 48.4 },
        zoom: (options.zoom as number | undefined) ?? 9,
        fitted: [],
        eased: [],
        emit: (name, event = {}) => this.state.handlers[name]?.forEach((handler) => handler(event)),
      };
      fake.maps.push(this.state);
    }
    on(name: string, handler: (event: unknown) => void) {
      (this.state.handlers[name] ??= []).push(handler);
      return this;
    }
    addControl() {
      return this;
    }
    addSource(id: string, spec: { data: unknown }) {
      this.state.sources[id] = spec;
      this.state.data = spec.data;
    }
    addLayer() {}
    getSource(id: string) {
      if (!this.state.sources[id]) return undefined;
      return {
        setData: (data: unknown) => (this.state.data = data),
        getClusterExpansionZoom: (id: number) => Promise.resolve(id === 7 ? 11 : 5),
      };
    }
    isSourceLoaded() {
      return true;
    }
    /** What the map draws now: the features given (the layer asked is the source's anchor). */
    queryRenderedFeatures() {
      return this.state.features;
    }
    getCenter() {
      return this.state.centre;
    }
    getZoom() {
      return this.state.zoom;
    }
    getBounds() {
      // 0.2 degree north and east of the centre.
      return { getNorth: () => this.state.centre.lat + 0.2, getEast: () => this.state.centre.lng + 0.2 };
    }
    fitBounds(bounds: unknown) {
      this.state.fitted.push(bounds);
    }
    easeTo(options: unknown) {
      this.state.eased.push(options);
    }
    remove() {}
  }
  class Marker {
    entry: (typeof fake.markers)[number];
    constructor({ element }: { element: HTMLElement }) {
      this.entry = { element, at: null, removed: false };
      fake.markers.push(this.entry);
    }
    setLngLat(at: unknown) {
      this.entry.at = at;
      return this;
    }
    addTo() {
      document.body.append(this.entry.element);
      return this;
    }
    remove() {
      this.entry.removed = true;
      this.entry.element.remove();
    }
  }
  class NavigationControl {}
  return { Map, Marker, NavigationControl, setWorkerUrl: vi.fn() };
});

const ADS: MapAd[] = [
  { id: 'ad-1', latitude: 48.45, longitude: -68.52, approximate: false, label: 'Chambre froide' },
  { id: 'ad-2', latitude: 48.46, longitude: -68.53, approximate: true, label: 'Cuisine de quartier' },
];
const point = (ad: MapAd): FakeFeature => ({
  geometry: { type: 'Point', coordinates: [ad.longitude, ad.latitude] },
  properties: { id: ad.id, approximate: ad.approximate, label: ad.label },
});

function renderMap(props: Partial<Parameters<typeof SearchMap>[0]> = {}) {
  const handlers = { onHighlight: vi.fn(), onSelect: vi.fn(), onSearchArea: vi.fn() };
  const view = render(<SearchMap ads={ADS} focus={null} highlightedId={null} {...handlers} {...props} />);
  return { ...view, ...handlers };
}

async function loadedMap() {
  await waitFor(() => expect(fake.maps).toHaveLength(1));
  const map = fake.maps[0]!;
  act(() => map.emit('load'));
  return map;
}

beforeEach(() => {
  fake.maps.length = 0;
  fake.markers.length = 0;
});

describe('search map', () => {
  it('opens where it was left when no place is searched, and remembers each move', async () => {
    localStorage.setItem(STORAGE_KEYS.mapLatitude, '46.81');
    localStorage.setItem(STORAGE_KEYS.mapLongitude, '-71.21');
    localStorage.setItem(STORAGE_KEYS.mapZoom, '11.5');
    const { container } = renderMap();
    const map = await loadedMap();
    expect(map.options).toMatchObject({ center: [-71.21, 46.81], zoom: 11.5 });
    expect(container.querySelector('.search-map')).toHaveAttribute('data-map-state', 'loaded');
    // The results are a clustered source, added over the basemap once it has loaded.
    expect(map.sources.ads).toMatchObject({ type: 'geojson', cluster: true, data: { features: [{}, {}] } });

    map.centre = { lat: 45.123456, lng: -73.654321 };
    map.zoom = 9.25;
    act(() => map.emit('moveend', { originalEvent: new MouseEvent('mouseup') }));
    expect([STORAGE_KEYS.mapLatitude, STORAGE_KEYS.mapLongitude, STORAGE_KEYS.mapZoom].map((key) => localStorage.getItem(key))).toEqual([
      '45.12346',
      '-73.65432',
      '9.25',
    ]);
  });

  it('shows the searched circle rather than the remembered place, and ignores a broken memory', async () => {
    localStorage.setItem(STORAGE_KEYS.mapLatitude, 'nord');
    localStorage.setItem(STORAGE_KEYS.mapLongitude, '-71.21');
    localStorage.setItem(STORAGE_KEYS.mapZoom, '11');
    const { rerender } = renderMap({ focus: { latitude: 48.45, longitude: -68.52, radiusKm: 10 } });
    const map = await loadedMap();
    expect(map.options.center).toBeUndefined();
    expect(map.options.bounds).toEqual([
      [expect.closeTo(-68.656, 2), expect.closeTo(48.36, 2)],
      [expect.closeTo(-68.384, 2), expect.closeTo(48.54, 2)],
    ]);

    // A new place moves the map to it; the map's own centre (search this area) does not.
    rerender(
      <SearchMap
        ads={ADS}
        focus={{ latitude: 46.8, longitude: -71.2, radiusKm: 25 }}
        highlightedId={null}
        onHighlight={vi.fn()}
        onSelect={vi.fn()}
        onSearchArea={vi.fn()}
      />,
    );
    expect(map.fitted).toHaveLength(1);
    map.centre = { lat: 45.5, lng: -73.6 };
    rerender(
      <SearchMap
        ads={ADS}
        focus={{ latitude: 45.5, longitude: -73.6, radiusKm: 20 }}
        highlightedId={null}
        onHighlight={vi.fn()}
        onSelect={vi.fn()}
        onSearchArea={vi.fn()}
      />,
    );
    expect(map.fitted).toHaveLength(1);
  });

  it('is made even when the page suspends again while MapLibre loads (cards asking for words), detaching its refs', async () => {
    let resume!: () => void;
    const words = new Promise<void>((resolve) => (resume = resolve));
    const Card = ({ waiting }: { waiting: boolean }) => (waiting ? (use(words), null) : null);
    const page = (waiting: boolean) => (
      <Suspense fallback={<p>…</p>}>
        <SearchMap ads={ADS} focus={null} highlightedId={null} onHighlight={vi.fn()} onSelect={vi.fn()} onSearchArea={vi.fn()} />
        <Card waiting={waiting} />
      </Suspense>
    );
    const { container, rerender } = render(page(false));
    const canvas = container.querySelector('.search-map__canvas');
    await act(async () => rerender(page(true)));
    await waitFor(() => expect(fake.maps).toHaveLength(1));
    expect(fake.maps[0]!.options.container).toBe(canvas);
    await act(async () => resume());
    act(() => fake.maps[0]!.emit('load'));
    expect(container.querySelector('.search-map')).toHaveAttribute('data-map-state', 'loaded');
  });

  it('opens on southern Quebec with nothing remembered', async () => {
    renderMap();
    const map = await loadedMap();
    expect(map.options).toMatchObject({ center: [-72.5, 46.6], zoom: 5 });
  });

  it('draws a named marker per ad, hollow when approximate, in step with the cards', async () => {
    const { rerender, onHighlight, onSelect } = renderMap();
    const map = await loadedMap();
    map.features = ADS.map(point);
    act(() => map.emit('sourcedata', { sourceId: 'ads' }));
    const exact = screen.getByRole('button', { name: 'Chambre froide' });
    const approximate = screen.getByRole('button', { name: 'Cuisine de quartier' });
    expect(exact).toHaveClass('search-map__marker');
    expect(approximate).toHaveClass('search-map__marker--approximate');

    const user = userEvent.setup();
    await user.hover(exact);
    expect(onHighlight).toHaveBeenLastCalledWith('ad-1');
    await user.unhover(exact);
    expect(onHighlight).toHaveBeenLastCalledWith(null);
    await user.click(approximate);
    expect(onSelect).toHaveBeenCalledWith('ad-2');

    // A card hovered or focused (the page's highlightedId) lights its marker up.
    rerender(
      <SearchMap ads={ADS} focus={null} highlightedId="ad-2" onHighlight={onHighlight} onSelect={onSelect} onSearchArea={vi.fn()} />,
    );
    expect(approximate).toHaveClass('search-map__marker--highlighted');
    expect(exact).not.toHaveClass('search-map__marker--highlighted');

    // New results: the markers follow them.
    rerender(
      <SearchMap
        ads={ADS.slice(0, 1)}
        focus={null}
        highlightedId={null}
        onHighlight={onHighlight}
        onSelect={onSelect}
        onSearchArea={vi.fn()}
      />,
    );
    expect((map.data as { features: unknown[] }).features).toHaveLength(1);
    map.features = [point(ADS[0]!)];
    act(() => map.emit('sourcedata', { sourceId: 'ads' }));
    expect(screen.queryByRole('button', { name: 'Cuisine de quartier' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chambre froide' })).toBe(exact);
  });

  it('draws clusters with their count, and zooms into one on click', async () => {
    renderMap();
    const map = await loadedMap();
    map.features = [
      { geometry: { type: 'Point', coordinates: [-68.5, 48.4] }, properties: { cluster: true, cluster_id: 7, point_count: 12 } },
    ];
    act(() => map.emit('sourcedata', { sourceId: 'ads' }));
    const cluster = screen.getByRole('button', { name: '12 ads at this place: zoom in' });
    expect(cluster).toHaveTextContent('12');
    await userEvent.setup().click(cluster);
    await waitFor(() => expect(map.eased).toEqual([{ center: [-68.5, 48.4], zoom: 11 }]));
  });

  it('offers to search the area the reader moved to, not after its own moves', async () => {
    const { onSearchArea } = renderMap();
    const map = await loadedMap();
    act(() => map.emit('moveend', {}));
    expect(screen.queryByRole('button', { name: 'Search this area' })).not.toBeInTheDocument();

    map.centre = { lat: 46.812345678, lng: -71.2 };
    act(() => map.emit('moveend', { originalEvent: new MouseEvent('mouseup') }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Search this area' }));
    // 0.2 degree north is about 22 km, 0.2 degree east at this latitude about 15 km: the nearer edge.
    expect(onSearchArea).toHaveBeenCalledWith({ latitude: 46.81235, longitude: -71.2, radiusKm: 15 });
    expect(screen.queryByRole('button', { name: 'Search this area' })).not.toBeInTheDocument();
  });

  it('stops offering to search the area once another place is searched', async () => {
    const { rerender, onSearchArea } = renderMap();
    const map = await loadedMap();
    act(() => map.emit('moveend', { originalEvent: new MouseEvent('mouseup') }));
    expect(screen.getByRole('button', { name: 'Search this area' })).toBeVisible();
    rerender(
      <SearchMap
        ads={ADS}
        focus={{ latitude: 48.45, longitude: -68.52, radiusKm: 25 }}
        highlightedId={null}
        onHighlight={vi.fn()}
        onSelect={vi.fn()}
        onSearchArea={onSearchArea}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Search this area' })).not.toBeInTheDocument();
  });
});
