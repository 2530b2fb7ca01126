// A small, still map of where an ad is (spec §2 detail page). MapLibre (about 1 MB, plus its worker)
// loads in its own chunk, only when the map comes near the viewport. Over the basemap (lib/map/basemap.ts: the
// configured style, or the offline one), the place as a marker (exact) or a circle (approximate).
import { useEffect, useState } from 'react';
import type { Feature, Polygon } from 'geojson';
import { describeError, logger } from '../../lib/logger';
import { basemapStyle } from '../../lib/map/basemap';
import { loadMapLibre } from '../../lib/map/load-maplibre';
import { useNearViewport } from '../../lib/ui/viewport';

interface AdMapProps {
  latitude: number;
  longitude: number;
  /** 0: the exact place; otherwise the radius of the area that contains it. */
  radiusMeters: number;
  /** What the map shows, for screen readers. */
  label: string;
}

const METERS_PER_DEGREE = 111_320;
/** About 100 km across the small map: the nearby towns and highways tell where the place is. */
const ZOOM = 9;
const AREA_COLOUR = '#1f5f3f';

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

export function AdMap({ latitude, longitude, radiusMeters, label }: AdMapProps) {
  const [container, near] = useNearViewport<HTMLDivElement>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!near) return;
    let map: { remove(): void } | undefined;
    let cancelled = false;
    // The element, not the ref: React detaches refs while a page that suspends again is hidden (SearchMap.tsx).
    const element = container.current;
    if (!element) return;
    loadMapLibre()
      .then(({ Map, Marker }) => {
        if (cancelled) return;
        const shown = new Map({
          container: element,
          interactive: false,
          // The basemap's sources credit their data, in the reader's language.
          attributionControl: { compact: false },
          center: [longitude, latitude],
          zoom: ZOOM,
          style: basemapStyle(),
        });
        map = shown;
        if (radiusMeters === 0) {
          new Marker({ color: AREA_COLOUR }).setLngLat([longitude, latitude]).addTo(shown);
          return;
        }
        // The basemap may be a style URL: the area goes on top once it has loaded.
        shown.on('load', () => {
          shown.addSource('area', { type: 'geojson', data: circlePolygon(longitude, latitude, radiusMeters) });
          shown.addSource('centre', { type: 'geojson', data: { type: 'Point', coordinates: [longitude, latitude] } });
          // The area at its true size, and a halo that keeps it visible when it is small on the map.
          shown.addLayer({ id: 'area', type: 'fill', source: 'area', paint: { 'fill-color': AREA_COLOUR, 'fill-opacity': 0.3 } });
          shown.addLayer({
            id: 'area-halo',
            type: 'circle',
            source: 'centre',
            paint: {
              'circle-radius': 14,
              'circle-color': AREA_COLOUR,
              'circle-opacity': 0.2,
              'circle-stroke-color': AREA_COLOUR,
              'circle-stroke-width': 2,
            },
          });
        });
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
  }, [container, near, latitude, longitude, radiusMeters]);

  if (failed) return null;
  // A group, not an image: the map holds its credits' links, and an image's content is not reachable.
  return <div ref={container} className="ad-map__canvas" role="group" aria-label={label} />;
}
