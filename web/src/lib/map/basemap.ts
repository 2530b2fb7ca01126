// The basemap under every map of the app. There is no tile server to rely on: it draws a bundled
// outline of Quebec. Pages add their own sources and layers on top.
import type { StyleSpecification } from 'maplibre-gl';
import { QUEBEC_OUTLINE } from './quebec-outline';

export function basemapStyle(): StyleSpecification {
  return {
    version: 8,
    sources: { quebec: { type: 'geojson', data: QUEBEC_OUTLINE } },
    layers: [
      // Outside the outline is not only water (Ontario, the United States…): a neutral colour.
      { id: 'elsewhere', type: 'background', paint: { 'background-color': '#dfe4e1' } },
      { id: 'quebec', type: 'fill', source: 'quebec', paint: { 'fill-color': '#fbfcfb' } },
      { id: 'border', type: 'line', source: 'quebec', paint: { 'line-color': '#6b7570', 'line-width': 1 } },
    ],
  };
}
