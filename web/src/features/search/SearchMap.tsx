// The results on a map (spec §2 card view). MapLibre comes in its own chunk (lib/map/load-maplibre):
// the results never wait for it, and without WebGL the list stays whole. Results are a GeoJSON source
// clustered by MapLibre; both clusters and ads are drawn as HTML markers (buttons: focusable, named,
// and needing no glyphs for the counts). The map remembers where it was left (map-position.ts).
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureCollection, Point } from 'geojson';
import type * as MapLibre from 'maplibre-gl';
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl';
import { describeError, logger } from '../../lib/logger';
import { basemapStyle } from '../../lib/map/basemap';
import { loadMapLibre } from '../../lib/map/load-maplibre';
import { SEARCH_AREA } from '@partage/graphql';
import { circleBounds, roundCoordinate, samePoint, visibleRadiusKm, type Circle } from './map-geometry';
import { readMapPosition, saveMapPosition } from './map-position';

export interface MapAd {
  id: string;
  latitude: number;
  longitude: number;
  /** Approximate place (the owner hides the address): drawn hollow. */
  approximate: boolean;
  /** The marker's accessible name. */
  label: string;
}

interface SearchMapProps {
  ads: readonly MapAd[];
  /** The searched circle: the map shows it when it changes (unless the map is already there). */
  focus: Circle | null;
  highlightedId: string | null;
  onHighlight: (id: string | null) => void;
  /** An ad's marker was clicked. */
  onSelect: (id: string) => void;
  /** "Search this area": the map's centre and the radius it shows. */
  onSearchArea: (area: Circle) => void;
  /** Drawn over the map (the card of the ad whose pin was clicked). */
  children?: ReactNode;
}

type MapState = 'loading' | 'loaded' | 'failed';

/** Southern Quebec, where most ads are, when the map has nothing else to show. */
const DEFAULT_VIEW = { latitude: 46.6, longitude: -72.5, zoom: 5 };
const SOURCE = 'ads';
/** The source's invisible layer: its drawn features are where the HTML markers go. */
const ANCHOR_LAYER = 'ads-anchor';
const FIT_PADDING = 24;

const featuresOf = (ads: readonly MapAd[]): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: ads.map((ad) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [ad.longitude, ad.latitude] },
    properties: { id: ad.id, approximate: ad.approximate, label: ad.label },
  })),
});

/** The marker of the ad pointed at in the list stands out. */
function paintHighlight(entries: Iterable<{ element: HTMLElement; adId: string | null }>, highlightedId: string | null) {
  for (const { element, adId } of entries) {
    element.classList.toggle('search-map__marker--highlighted', adId !== null && adId === highlightedId);
  }
}

export function SearchMap({ ads, focus, highlightedId, onHighlight, onSelect, onSearchArea, children }: SearchMapProps) {
  const { t } = useTranslation('search');
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const markers = useRef(new Map<string, { marker: Marker; element: HTMLButtonElement; adId: string | null }>());
  const [state, setState] = useState<MapState>('loading');
  // The search the reader moved the map away from: the offer to search there lasts until the next search.
  const searchKey = focus ? `${focus.latitude},${focus.longitude},${focus.radiusKm}` : '';
  const [movedFrom, setMovedFrom] = useState<string | null>(null);
  const currentSearch = useEffectEvent(() => searchKey);

  const highlight = useEffectEvent((id: string | null) => onHighlight(id));
  const select = useEffectEvent((id: string) => onSelect(id));
  const initialFocus = useEffectEvent(() => focus);
  const latestAds = useEffectEvent(() => ads);

  /** Markers for what the clustered source shows now: one per cluster or lone ad in view. */
  const drawMarkers = useEffectEvent((maplibre: typeof MapLibre) => {
    const shown = map.current;
    if (!shown || !shown.getSource(SOURCE) || !shown.isSourceLoaded(SOURCE)) return;
    const seen = new Set<string>();
    // What is drawn now, not every feature of the source's tiles: those keep the tiles of the zoom left
    // behind (a placeholder while the new ones load), whose clusters stayed on the map once zoomed in.
    for (const feature of shown.queryRenderedFeatures({ layers: [ANCHOR_LAYER] })) {
      const properties = feature.properties ?? {};
      const [longitude, latitude] = (feature.geometry as Point).coordinates as [number, number];
      const cluster = properties.cluster === true;
      const key = cluster ? `cluster-${properties.cluster_id}-${properties.point_count}` : String(properties.id);
      if (seen.has(key)) continue; // a feature on a tile border comes twice
      seen.add(key);
      if (markers.current.has(key)) continue;
      const element = document.createElement('button');
      element.type = 'button';
      if (cluster) {
        const count = Number(properties.point_count);
        element.className = 'search-map__cluster';
        element.textContent = String(count);
        element.setAttribute('aria-label', t('map.cluster', { count }));
        element.addEventListener('click', () => {
          const source = shown.getSource<GeoJSONSource>(SOURCE);
          void source?.getClusterExpansionZoom(Number(properties.cluster_id)).then((zoom) => {
            shown.easeTo({ center: [longitude, latitude], zoom });
          });
        });
      } else {
        const id = String(properties.id);
        element.className = properties.approximate ? 'search-map__marker search-map__marker--approximate' : 'search-map__marker';
        element.setAttribute('aria-label', String(properties.label));
        element.dataset.adId = id;
        element.addEventListener('mouseenter', () => highlight(id));
        element.addEventListener('mouseleave', () => highlight(null));
        element.addEventListener('focus', () => highlight(id));
        element.addEventListener('blur', () => highlight(null));
        element.addEventListener('click', () => select(id));
      }
      const marker = new maplibre.Marker({ element }).setLngLat([longitude, latitude]).addTo(shown);
      markers.current.set(key, { marker, element, adId: cluster ? null : String(properties.id) });
    }
    for (const [key, entry] of markers.current) {
      if (!seen.has(key)) {
        entry.marker.remove();
        markers.current.delete(key);
      }
    }
    paintHighlight(markers.current.values(), highlightedId);
  });

  useEffect(() => {
    let cancelled = false;
    const drawn = markers.current;
    // The element itself, not the ref: should the page suspend again while MapLibre loads, React hides it
    // and detaches its refs until it is back, and the map would never be made.
    const element = container.current;
    if (!element) return;
    loadMapLibre()
      .then((maplibre) => {
        if (cancelled) return;
        const firstFocus = initialFocus();
        const stored = readMapPosition();
        const view = firstFocus
          ? { bounds: circleBounds(firstFocus), fitBoundsOptions: { padding: FIT_PADDING } }
          : {
              center: [(stored ?? DEFAULT_VIEW).longitude, (stored ?? DEFAULT_VIEW).latitude] as [number, number],
              zoom: (stored ?? DEFAULT_VIEW).zoom,
            };
        const shown = new maplibre.Map({
          container: element,
          ...view,
          // The map stays over the area searches may be centred on, so "search this area" always can.
          maxBounds: [
            [SEARCH_AREA.west, SEARCH_AREA.south],
            [SEARCH_AREA.east, SEARCH_AREA.north],
          ],
          locale: {
            'NavigationControl.ZoomIn': t('map.zoomIn'),
            'NavigationControl.ZoomOut': t('map.zoomOut'),
            'AttributionControl.ToggleAttribution': t('map.attribution'),
            'Map.Title': t('map.label'),
          },
          style: basemapStyle(),
        });
        map.current = shown;
        shown.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        // The basemap may be a style URL: the results go on top once it has loaded.
        shown.on('load', () => {
          shown.addSource(SOURCE, { type: 'geojson', data: featuresOf(latestAds()), cluster: true, clusterRadius: 48, clusterMaxZoom: 13 });
          // The source's tiles load only for a layer that uses it; the markers themselves are HTML.
          shown.addLayer({ id: ANCHOR_LAYER, type: 'circle', source: SOURCE, paint: { 'circle-radius': 0, 'circle-opacity': 0 } });
          setState('loaded');
        });
        shown.on('sourcedata', (event) => {
          if (event.sourceId === SOURCE) drawMarkers(maplibre);
        });
        // Once the new zoom's tiles are drawn (the end of a move may come before them).
        shown.on('idle', () => drawMarkers(maplibre));
        shown.on('moveend', (event) => {
          const centre = shown.getCenter();
          saveMapPosition({ latitude: centre.lat, longitude: centre.lng, zoom: shown.getZoom() });
          // Only a move of the reader's offers to search there, not the map's own fitting to a search.
          if ((event as { originalEvent?: unknown }).originalEvent) setMovedFrom(currentSearch());
          drawMarkers(maplibre);
        });
      })
      .catch((error: unknown) => {
        logger.warning(`The search map could not be shown: ${describeError(error)}`);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      drawn.clear();
      map.current?.remove();
      map.current = null;
    };
  }, [t]);

  useEffect(() => {
    map.current?.getSource<GeoJSONSource>(SOURCE)?.setData(featuresOf(ads));
  }, [ads, state]);

  useEffect(() => {
    const shown = map.current;
    if (!shown || !focus) return;
    const centre = shown.getCenter();
    if (samePoint({ latitude: centre.lat, longitude: centre.lng }, focus)) return;
    shown.fitBounds(circleBounds(focus), { padding: FIT_PADDING, duration: 0 });
  }, [focus, state]);

  useEffect(() => paintHighlight(markers.current.values(), highlightedId), [highlightedId]);

  const searchArea = () => {
    const shown = map.current;
    if (!shown) return;
    const centre = shown.getCenter();
    const bounds = shown.getBounds();
    setMovedFrom(null);
    onSearchArea({
      latitude: roundCoordinate(centre.lat),
      longitude: roundCoordinate(centre.lng),
      radiusKm: visibleRadiusKm({ latitude: centre.lat, longitude: centre.lng }, { north: bounds.getNorth(), east: bounds.getEast() }),
    });
  };

  return (
    <div className="search-map" data-map-state={state}>
      {state === 'failed' ? (
        <p className="search-map__failed">{t('map.failed')}</p>
      ) : (
        <div ref={container} className="search-map__canvas" />
      )}
      {movedFrom === searchKey && state === 'loaded' && (
        <button type="button" className="button button--small search-map__area" onClick={searchArea}>
          {t('map.searchArea')}
        </button>
      )}
      {children}
    </div>
  );
}
