import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { json, mockFetch } from '../../test/helpers';
import { loadRuntimeConfig } from '../config';
import { loadMapLibre } from './load-maplibre';
import { BASEMAP_FONT, basemapStyle, offlineBasemapStyle } from './basemap';
import placesFile from './basemap/places.geojson?raw';
import outlineFile from './basemap/quebec-outline.geojson?raw';

type Layer = { id: string; type: string; minzoom?: number; layout?: Record<string, unknown> };
const symbolLayers = (language: string) => (offlineBasemapStyle(language).layers as Layer[]).filter((layer) => layer.type === 'symbol');

describe('offline basemap', () => {
  it("draws Quebec, its highways and its places from the site's own files, labels in the bundled font", async () => {
    await loadMapLibre();
    const style = offlineBasemapStyle('en');
    expect(style['font-faces']).toEqual({ [BASEMAP_FONT]: expect.stringMatching(new RegExp(`^${location.origin}/.*\\.woff2`)) });
    expect(Object.values(style.sources).map((source) => 'data' in source && source.data)).toEqual([
      expect.stringMatching(new RegExp(`^${location.origin}/.*quebec-outline\\.geojson`)),
      expect.stringMatching(/main-roads\.geojson/),
      expect.stringMatching(/places\.geojson/),
    ]);
    expect(style).not.toHaveProperty('glyphs');
    expect(symbolLayers('en').every((layer) => JSON.stringify(layer.layout!['text-font']) === JSON.stringify([BASEMAP_FONT]))).toBe(true);
  });

  it('shows the cities from afar, towns and city sections closer, named in the reader language', async () => {
    await i18n.changeLanguage('fr');
    await loadMapLibre();
    // Cities' labels on top, where MapLibre places them first.
    expect(symbolLayers('fr').map((layer) => layer.minzoom)).toEqual([11, 9, 7, 4]);
    expect(symbolLayers('fr')[0]!.layout!['text-field']).toEqual(['get', 'name']);
    await i18n.changeLanguage('en');
    expect(symbolLayers('en')[0]!.layout!['text-field']).toEqual(['coalesce', ['get', 'name_en'], ['get', 'name']]);
    const places = JSON.parse(placesFile) as {
      features: { properties: { name: string; name_en?: string; rank: number } }[];
    };
    const quebec = places.features.find((feature) => feature.properties.name === 'Québec')!.properties;
    expect(quebec).toEqual({ name: 'Québec', name_en: 'Quebec City', rank: 1 });
    expect(places.features.find((feature) => feature.properties.name === 'Le Plateau-Mont-Royal')!.properties.rank).toBe(4);
  });

  it("outlines Quebec with its islands (Natural Earth's provinces): Anticosti, the Magdalen Islands and Montréal are land of their own", () => {
    const outline = JSON.parse(outlineFile) as { features: { geometry: { type: string; coordinates: [number, number][][] } }[] };
    const islandAt = (longitude: number, latitude: number) =>
      outline.features.some(({ geometry }) => {
        const [xs, ys] = [geometry.coordinates[0]!.map(([x]) => x), geometry.coordinates[0]!.map(([, y]) => y)];
        const [west, east, south, north] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
        return (
          geometry.type === 'Polygon' && east - west < 3 && west < longitude && longitude < east && south < latitude && latitude < north
        );
      });
    expect(islandAt(-62.9, 49.45), 'Anticosti').toBe(true);
    expect(islandAt(-61.8, 47.4), 'the Magdalen Islands').toBe(true);
    expect(islandAt(-73.7, 45.55), "Montréal's island, between the St. Lawrence and the Rivière des Prairies").toBe(true);
  });

  it('credits its data sources in both languages', async () => {
    await loadMapLibre();
    const credits = (language: string) =>
      Object.values(offlineBasemapStyle(language).sources).map((source) => 'attribution' in source && source.attribution);
    expect(credits('en')).toEqual([
      expect.stringContaining('Natural Earth'),
      expect.stringContaining('Approximate highways'),
      expect.stringContaining('GeoNames'),
    ]);
    await i18n.loadNamespaces('map');
    expect(credits('fr')).toEqual([
      expect.stringContaining('Contour'),
      expect.stringContaining('Axes routiers'),
      expect.stringContaining('Lieux'),
    ]);
  });
});

describe('basemapStyle', () => {
  it('is the offline style in the reader language until a production style is configured, then that URL', async () => {
    await loadMapLibre();
    expect(basemapStyle()).toEqual(offlineBasemapStyle('en'));
    mockFetch({
      'GET /config.json': json({
        mode: 'aws',
        graphqlEndpoint: '/graphql',
        apiUrl: '',
        region: 'ca-central-1',
        version: '1',
        mapStyleUrl: 'https://tuiles.exemple.ca/style.json',
      }),
    });
    await loadRuntimeConfig();
    expect(basemapStyle()).toBe('https://tuiles.exemple.ca/style.json');
  });
});
