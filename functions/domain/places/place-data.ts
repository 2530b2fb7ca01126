// The offline place data of Quebec (built by functions/scripts/build-quebec-places.ts), loaded once
// per container and keyed by normalised name, in both languages, for prefix matching.

import type { ContentLanguage } from '@partage/graphql';
import data from './quebec-places.json';

export interface QuebecPlaces {
  /**
   * [name, latitude, longitude, population, English name if it differs, index of the city a section
   * (borough, neighbourhood) belongs to], most populous first; the last two only when needed.
   */
  towns: [name: string, latitude: number, longitude: number, population: number, english?: string | null, city?: number][];
  /** [FSA, latitude, longitude, index of its municipality]: the first three characters of a postal code. */
  postalAreas: [fsa: string, latitude: number, longitude: number, town: number][];
}

export interface Town {
  name: string;
  /** The English name where it is not the French one ("Quebec City"). */
  english: string | null;
  /** Normalised names (normalizePlaceText), French then English: either finds the place. */
  keys: string[];
  latitude: number;
  longitude: number;
  population: number;
  /** The city a section belongs to ("Le Plateau-Mont-Royal" is in Montréal); null for a municipality. */
  city: Town | null;
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

/** The place's name in `language`. */
export const nameOf = (town: Town, language: ContentLanguage): string => (language === 'ENGLISH' && town.english) || town.name;

const places = data as QuebecPlaces;

export const TOWNS: readonly Town[] = places.towns.map(([name, latitude, longitude, population, english]) => ({
  name,
  english: english ?? null,
  keys: [normalizePlaceText(name), ...(english ? [normalizePlaceText(english)] : [])],
  latitude,
  longitude,
  population,
  city: null,
}));
places.towns.forEach(([, , , , , city], index) => {
  if (city !== undefined) (TOWNS[index] as Town).city = TOWNS[city]!;
});

export const POSTAL_AREAS: ReadonlyMap<string, PostalArea> = new Map(
  places.postalAreas.map(([fsa, latitude, longitude, town]) => [fsa, { fsa, latitude, longitude, town: TOWNS[town]! }]),
);
