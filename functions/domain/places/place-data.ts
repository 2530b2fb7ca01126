// The offline place data of Quebec (built by functions/scripts/build-quebec-places.ts), loaded once
// per container and indexed by normalised name for prefix matching.

import data from './quebec-places.json';

export interface QuebecPlaces {
  /** [name, latitude, longitude, population], most populous first. */
  towns: [name: string, latitude: number, longitude: number, population: number][];
  /** [FSA, latitude, longitude, index of the nearest town]: the first three characters of a postal code. */
  postalAreas: [fsa: string, latitude: number, longitude: number, town: number][];
}

export interface Town {
  name: string;
  /** Lower case, no accents, words separated by one space ("saint jean sur richelieu"). */
  key: string;
  latitude: number;
  longitude: number;
  population: number;
}

export interface PostalArea {
  fsa: string;
  latitude: number;
  longitude: number;
  town: Town;
}

/** Lower case without accents; anything but letters and digits separates words. */
export const normalizePlaceText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const places = data as QuebecPlaces;

export const TOWNS: readonly Town[] = places.towns.map(([name, latitude, longitude, population]) => ({
  name,
  key: normalizePlaceText(name),
  latitude,
  longitude,
  population,
}));

export const POSTAL_AREAS: ReadonlyMap<string, PostalArea> = new Map(
  places.postalAreas.map(([fsa, latitude, longitude, town]) => [fsa, { fsa, latitude, longitude, town: TOWNS[town]! }]),
);
