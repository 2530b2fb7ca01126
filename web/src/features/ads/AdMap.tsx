// A small, still map of where an ad is (spec §2 detail page). MapLibre (about 1 MB, plus its worker)
// loads in its own chunk, only when a map is shown. There is no tile server to rely on: the map draws
// a bundled outline of Quebec, and the place as a marker (exact) or a circle (approximate).
import { useEffect, useRef, useState } from 'react';
import type { Feature, Polygon } from 'geojson';
import { describeError, logger } from '../../lib/logger';
import { QUEBEC_OUTLINE } from './quebec-outline';

interface AdMapProps {
  latitude: number;
  longitude: number;
  /** 0: the exact place; otherwise the radius of the area that contains it. */
  radiusMeters: number;
  /** What the map shows, for screen readers. */
  label: string;
}

const METERS_PER_DEGREE = 111_320;

/** A circle of `radiusMeters` around a point, as a polygon (GeoJSON has no circles). */
export function circlePolygon(longitude: number, latitude: number, radiusMeters: number, steps = 64): Feature<Polygon> {
  const latitudeRadius = radiusMeters / METERS_PER_DEGREE;
  const longitudeRadius = radiusMeters / (METERS_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
  const ring = Array.from({ length: steps + 1 }, (_, step): [number, number] => {
    const angle = (2 * Math.PI * (step % steps)) / steps;
    return [longitude + longitudeRadius * Math.cos(angle), latitude + latitudeRadius * Math.sin(angle)];
  });
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
}

const loadMapLibre = () =>
  Promise.all([
    import('maplibre-gl'),
    // Vite emits the worker file as it is; MapLibre cannot find it by itself once bundled.
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ]).then(([maplibre, worker]) => {
    maplibre.setWorkerUrl(worker.default);
    return maplibre;
  });

export function AdMap({ latitude, longitude, radiusMeters, label }: AdMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let map: { remove(): void } | undefined;
    let cancelled = false;
    loadMapLibre()
      .then(({ Map, Marker, LngLatBounds }) => {
        if (cancelled || !container.current) return;
        const area = radiusMeters > 0 ? circlePolygon(longitude, latitude, radiusMeters) : null;
        const shown = new Map({
          container: container.current,
          interactive: false,
          attributionControl: false,
          center: [longitude, latitude],
          zoom: 11,
          style: {
            version: 8,
            sources: {
              quebec: { type: 'geojson', data: QUEBEC_OUTLINE },
              ...(area && { area: { type: 'geojson', data: area } }),
            },
            layers: [
              { id: 'water', type: 'background', paint: { 'background-color': '#cfe3ef' } },
              { id: 'land', type: 'fill', source: 'quebec', paint: { 'fill-color': '#f3f6f4' } },
              { id: 'border', type: 'line', source: 'quebec', paint: { 'line-color': '#6b7570', 'line-width': 1 } },
              ...(area
                ? [
                    { id: 'area', type: 'fill' as const, source: 'area', paint: { 'fill-color': '#1f5f3f', 'fill-opacity': 0.2 } },
                    { id: 'area-edge', type: 'line' as const, source: 'area', paint: { 'line-color': '#1f5f3f', 'line-width': 2 } },
                  ]
                : []),
            ],
          },
        });
        map = shown;
        if (area) {
          const bounds = area.geometry.coordinates[0]!.reduce(
            (all, [pointLongitude = longitude, pointLatitude = latitude]) => all.extend([pointLongitude, pointLatitude]),
            new LngLatBounds([longitude, latitude], [longitude, latitude]),
          );
          shown.fitBounds(bounds, { padding: 24, animate: false });
        } else {
          new Marker({ color: '#1f5f3f' }).setLngLat([longitude, latitude]).addTo(shown);
        }
      })
      .catch((error: unknown) => {
        // No WebGL, or the chunk did not load: the page still says where the ad is, in words.
        logger.warning(`The ad map could not be shown: ${describeError(error)}`);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [latitude, longitude, radiusMeters]);

  if (failed) return null;
  return <div ref={container} className="ad-map__canvas" role="img" aria-label={label} />;
}
