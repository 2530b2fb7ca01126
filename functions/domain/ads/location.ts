// Where a reader sees an ad whose owner hides the address: the centre of the cell of a fixed grid
// that holds the real point. The cells are about AD_APPROXIMATE_RADIUS_METERS on a side, so the
// circle of that radius around the centre always holds the real point; and since every reader of an
// ad always gets the same centre, averaging many reads tells nothing more than one.

import { AD_APPROXIMATE_RADIUS_METERS } from '@partage/graphql';

const METERS_PER_DEGREE_OF_LATITUDE = 111_320;
const CELL_METERS = AD_APPROXIMATE_RADIUS_METERS;
const LATITUDE_STEP = CELL_METERS / METERS_PER_DEGREE_OF_LATITUDE;
/** Coordinates handed out are rounded (about 10 cm): the centre is all they say. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

export interface Point {
  latitude: number;
  longitude: number;
}

/** The centre of the grid cell holding `point`. */
export function approximatePoint({ latitude, longitude }: Point): Point {
  const row = Math.floor(latitude / LATITUDE_STEP);
  const centreLatitude = (row + 0.5) * LATITUDE_STEP;
  // A row's cells are as wide in metres as they are high, measured at the row's centre.
  const longitudeStep = LATITUDE_STEP / Math.max(Math.cos((centreLatitude * Math.PI) / 180), 0.01);
  const column = Math.floor(longitude / longitudeStep);
  return {
    latitude: round(Math.min(90, centreLatitude)),
    longitude: round(Math.max(-180, Math.min(180, (column + 0.5) * longitudeStep))),
  };
}

/** Where a reader who may not see the address sees the ad: its cell's centre, and the radius that holds the real place. */
export const approximateArea = (point: Point) => ({ ...approximatePoint(point), radiusMeters: AD_APPROXIMATE_RADIUS_METERS });

/** The point every reader sees (Ad.location for the public, the search entry): the address's when the owner shows it. */
export const publicPointOf = ({ latitude, longitude, showAddress }: Point & { showAddress: boolean }) =>
  showAddress ? { latitude, longitude, radiusMeters: 0 } : approximateArea({ latitude, longitude });
