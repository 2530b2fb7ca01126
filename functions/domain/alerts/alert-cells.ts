// The geohash cells an ACTIVE alert is listed in (functions/data/alerts.ts): those its circle covers,
// at the finest precision that keeps them few (a 10 km circle: a few 39 × 20 km cells; a 300 km one:
// a few dozen 156 km cells). The digest looks a new ad up in its cell at each of these precisions,
// so an alert is found whatever precision it was listed at.

import type { AlertCellEntry, AlertRecord } from '../../data/alerts';
import { cellsCovering } from '../search/cell-cover';
import { criteriaOf, type Circle, type SearchCriteria } from '../search/entry-match';

/** Finest first. */
export const ALERT_CELL_PRECISIONS = [4, 3, 2] as const;
/** Most cells an alert is listed in: its listing is one transaction with the alert (100 items at most, old and new cells). */
export const MAX_ALERT_CELLS = 32;

export const circleOf = (alert: Pick<AlertRecord, 'place' | 'radiusKm'>): Circle => ({
  centre: { latitude: alert.place.latitude, longitude: alert.place.longitude },
  radiusMeters: alert.radiusKm * 1000,
});

export function alertCellsOf(alert: Pick<AlertRecord, 'place' | 'radiusKm'>): string[] {
  const { centre, radiusMeters } = circleOf(alert);
  for (const precision of ALERT_CELL_PRECISIONS) {
    const cells = cellsCovering(centre, radiusMeters, precision);
    if (cells.length <= MAX_ALERT_CELLS) return cells.map((cell) => cell.hash).sort();
  }
  throw new Error(`A ${alert.radiusKm} km circle covers more than ${MAX_ALERT_CELLS} cells at every precision`);
}

/** What the alert's cell items hold: its criteria as the search engine reads them, its circle. */
export function alertCellEntryOf(alert: AlertRecord): AlertCellEntry<SearchCriteria> {
  const { centre, radiusMeters } = circleOf(alert);
  return { alertId: alert.id, criteria: criteriaOf(alert.criteria), latitude: centre.latitude, longitude: centre.longitude, radiusMeters };
}
