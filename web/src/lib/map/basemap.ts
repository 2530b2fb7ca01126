// The basemap under every map of the app. With a production style configured (`mapStyleUrl` in
// /config.json), that style's URL; otherwise an offline style drawn from files bundled with the app,
// fetched from the site only when a map is shown: Quebec's outline, the main highways, places as
// labelled points (cities first, towns and city sections as one zooms in) and the Noto Sans font the
// labels are drawn with (`font-faces`: no glyph server). Pages add their own sources and layers once
// the map's style has loaded (`map.on('load', …)`): the style may be a URL.
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import fontUrl from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url&no-inline';
import { mapStyleUrl } from '../config';
import { i18n } from '../i18n/i18n';
import outlineUrl from './basemap/quebec-outline.geojson?url&no-inline';
import placesUrl from './basemap/places.geojson?url&no-inline';
import roadsUrl from './basemap/main-roads.geojson?url&no-inline';

export const BASEMAP_FONT = 'Noto Sans Regular';
const INK = '#3d4541';

/** The zoom from which each rank of place (functions/scripts/build-quebec-places.ts) is shown. */
const PLACE_RANK_MIN_ZOOM = { 1: 4, 2: 7, 3: 9, 4: 11 } as const;

// The worker fetches the GeoJSON files: absolute URLs, whatever page or worker resolves them.
const absolute = (url: string) => new URL(url, document.baseURI).href;

function placeLayers(language: string): LayerSpecification[] {
  const name = language === 'en' ? ['coalesce', ['get', 'name_en'], ['get', 'name']] : ['get', 'name'];
  // MapLibre places the labels of the upper layers first: the cities' go on top, so a town never hides one.
  return Object.entries(PLACE_RANK_MIN_ZOOM)
    .reverse()
    .flatMap(([rank, minzoom]): LayerSpecification[] => {
      const filter = ['==', ['get', 'rank'], Number(rank)] as ['==', ['get', string], number];
      return [
        ...(rank === '4'
          ? []
          : [
              {
                id: `places-${rank}-dot`,
                type: 'circle' as const,
                source: 'places',
                minzoom,
                filter,
                paint: { 'circle-radius': 2.5, 'circle-color': INK },
              },
            ]),
        {
          id: `places-${rank}-label`,
          type: 'symbol',
          source: 'places',
          minzoom,
          filter,
          layout: {
            'text-field': name as ['get', string],
            'text-font': [BASEMAP_FONT],
            'text-size': rank === '1' ? 14 : rank === '4' ? 11 : 12,
            'text-anchor': rank === '4' ? 'center' : 'top',
            'text-offset': rank === '4' ? [0, 0] : [0, 0.4],
            'text-max-width': 8,
          },
          paint: { 'text-color': rank === '4' ? '#6b7570' : INK, 'text-halo-color': '#ffffff', 'text-halo-width': 1.2 },
        },
      ];
    });
}

/** The offline style, its labels in `language` where names differ ("Quebec City"). */
export function offlineBasemapStyle(language: string): StyleSpecification {
  const t = i18n.getFixedT(language, 'map');
  return {
    version: 8,
    'font-faces': { [BASEMAP_FONT]: absolute(fontUrl) },
    sources: {
      quebec: { type: 'geojson', data: absolute(outlineUrl), attribution: t('outlineAttribution') },
      roads: { type: 'geojson', data: absolute(roadsUrl), attribution: t('roadsAttribution') },
      places: { type: 'geojson', data: absolute(placesUrl), attribution: t('placesAttribution') },
    },
    layers: [
      // Outside the outline is not only water (Ontario, the United States…): a neutral colour.
      { id: 'elsewhere', type: 'background', paint: { 'background-color': '#dfe4e1' } },
      { id: 'quebec', type: 'fill', source: 'quebec', paint: { 'fill-color': '#fbfcfb' } },
      { id: 'border', type: 'line', source: 'quebec', paint: { 'line-color': '#6b7570', 'line-width': 1 } },
      {
        id: 'roads',
        type: 'line',
        source: 'roads',
        minzoom: 5,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#e3a857', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 1, 10, 3] },
      },
      ...placeLayers(language),
    ],
  };
}

/**
 * The style of a map about to be shown: the configured production style, or the offline one in the
 * reader's language. Call it once loadMapLibre() has resolved (it loads the attributions' words).
 */
export function basemapStyle(): StyleSpecification | string {
  return mapStyleUrl() ?? offlineBasemapStyle(i18n.language);
}
