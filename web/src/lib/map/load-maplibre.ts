// MapLibre (about 1 MB, plus its worker) loads in its own chunk, only when a map is shown, with the
// words of the maps (the basemap's attributions).
import { i18n } from '../i18n/i18n';

export const loadMapLibre = () =>
  Promise.all([
    import('maplibre-gl'),
    // Vite emits the worker file as it is; MapLibre cannot find it by itself once bundled.
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
    import('./map-controls.css'),
    i18n.loadNamespaces('map'),
  ]).then(([maplibre, worker]) => {
    maplibre.setWorkerUrl(worker.default);
    return maplibre;
  });
