// A search of /annonces lives in the address (spec §2: shared by copying the URL, walked back with the
// back button). French parameter names; list values are the API's enum names, comma-separated.
// Parsing is defensive: a value that is not one of the known ones is dropped, never an error.
import {
  AD_CATEGORIES,
  CERTIFICATIONS,
  OFFER_MODES,
  PRICE_RANGES,
  SEARCH_KEYWORD_MAX_LENGTH,
  SEARCH_RADIUS_KM,
  SORT_OPTIONS,
  WEEKDAYS,
  radiusKm,
  searchCentre,
  type AdCategory,
  type AdSearchInput,
  type Certification,
  type OfferModeName,
  type PriceRange,
  type SortOption,
  type Weekday,
} from '@partage/graphql';
import { ALERT_CREATION_PATH } from './alert-creation-path';

export interface SearchPlace {
  /** What the address field shows; empty for the centre of the map ("search this area"). */
  label: string;
  latitude: number;
  longitude: number;
}

export interface SearchCriteria {
  categories: AdCategory[];
  modes: OfferModeName[];
  priceRanges: PriceRange[];
  certifications: Certification[];
  day: boolean;
  evening: boolean;
  weekdays: Weekday[];
  keyword: string;
  place: SearchPlace | null;
  /** Null: SEARCH_RADIUS_KM.default. */
  radiusKm: number | null;
  /** Null: the API's default (DISTANCE_ASC with a place, DATE_DESC without). */
  sort: SortOption | null;
}

export const SEARCH_VIEWS = ['cartes', 'liste', 'carte'] as const;
/**
 * `cartes`: the cards, beside the map where the screen is wide enough; `liste`: a compact list without the
 * map; `carte`: the map alone where the cards cannot be beside it (phones, tablets), else as `cartes`.
 */
export type SearchView = (typeof SEARCH_VIEWS)[number];

export const EMPTY_CRITERIA: SearchCriteria = {
  categories: [],
  modes: [],
  priceRanges: [],
  certifications: [],
  day: false,
  evening: false,
  weekdays: [],
  keyword: '',
  place: null,
  radiusKm: null,
  sort: null,
};

/** The address's parameter of each criterion: also the names of the search form's fields, which a browser submits by itself (GET) before the app is there. */
export const SEARCH_PARAM = {
  categories: 'categories',
  modes: 'modes',
  priceRanges: 'prix',
  certifications: 'certifications',
  day: 'jour',
  evening: 'soir',
  weekdays: 'jours',
  keyword: 'q',
  placeLabel: 'lieu',
  latitude: 'lat',
  longitude: 'lng',
  radiusKm: 'rayon',
  sort: 'tri',
  view: 'vue',
} as const;

/** The search form as a plain GET form (docs/painted-forms.md): the results page, and the names its fields may have (`lang`: an English page's). */
export const SEARCH_FORM_TARGET = { action: '/annonces', names: [...Object.values(SEARCH_PARAM), 'lang'] } as const;

export const byDistance = (sort: SortOption | null): boolean => sort === 'DISTANCE_ASC' || sort === 'DISTANCE_DESC';

/** The sort the results come in: the chosen one, else the API's default. */
export const effectiveSort = (criteria: SearchCriteria): SortOption => criteria.sort ?? (criteria.place ? 'DISTANCE_ASC' : 'DATE_DESC');

/** Known values of a comma-separated parameter (or of the parameter repeated, as a form's boxes send it), each once, in the order of `known`. */
function listOf<Value extends string>(params: URLSearchParams, name: string, known: readonly Value[]): Value[] {
  const given = new Set(
    params
      .getAll(name)
      .flatMap((values) => values.split(','))
      .map((value) => value.trim().toUpperCase()),
  );
  return known.filter((value) => given.has(value));
}

function numberOf(params: URLSearchParams, name: string): number | null {
  const text = params.get(name)?.trim();
  if (!text) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Drops what cannot go together: a distance sort without a place. */
export function normalised(criteria: SearchCriteria): SearchCriteria {
  return byDistance(criteria.sort) && !criteria.place ? { ...criteria, sort: null } : criteria;
}

export function parseSearch(params: URLSearchParams): { criteria: SearchCriteria; view: SearchView } {
  const latitude = numberOf(params, SEARCH_PARAM.latitude);
  const longitude = numberOf(params, SEARCH_PARAM.longitude);
  const place =
    latitude !== null && longitude !== null && searchCentre(latitude, longitude) === null
      ? { label: params.get(SEARCH_PARAM.placeLabel)?.trim() ?? '', latitude, longitude }
      : null;
  const radius = numberOf(params, SEARCH_PARAM.radiusKm);
  const sort = params.get(SEARCH_PARAM.sort)?.toUpperCase();
  const view = params.get(SEARCH_PARAM.view);
  const criteria: SearchCriteria = {
    categories: listOf(params, SEARCH_PARAM.categories, AD_CATEGORIES),
    modes: listOf(params, SEARCH_PARAM.modes, OFFER_MODES),
    priceRanges: listOf(params, SEARCH_PARAM.priceRanges, PRICE_RANGES),
    certifications: listOf(params, SEARCH_PARAM.certifications, CERTIFICATIONS),
    day: params.get(SEARCH_PARAM.day) === '1',
    evening: params.get(SEARCH_PARAM.evening) === '1',
    weekdays: listOf(params, SEARCH_PARAM.weekdays, WEEKDAYS),
    keyword: (params.get(SEARCH_PARAM.keyword) ?? '').trim().slice(0, SEARCH_KEYWORD_MAX_LENGTH),
    place,
    radiusKm: radius !== null && radiusKm(radius) === null && radius !== SEARCH_RADIUS_KM.default ? radius : null,
    sort: SORT_OPTIONS.find((option) => option === sort) ?? null,
  };
  return { criteria: normalised(criteria), view: SEARCH_VIEWS.find((known) => known === view) ?? 'cartes' };
}

/** The address query of a search: only what differs from no filter, in a fixed order. */
export function searchParamsOf(criteria: SearchCriteria, view: SearchView): URLSearchParams {
  const { place, ...rest } = normalised(criteria);
  const params = new URLSearchParams();
  const list = (name: string, values: readonly string[]) => values.length > 0 && params.set(name, values.join(','));
  list(SEARCH_PARAM.categories, rest.categories);
  list(SEARCH_PARAM.modes, rest.modes);
  list(SEARCH_PARAM.priceRanges, rest.priceRanges);
  list(SEARCH_PARAM.certifications, rest.certifications);
  if (rest.day) params.set(SEARCH_PARAM.day, '1');
  if (rest.evening) params.set(SEARCH_PARAM.evening, '1');
  list(SEARCH_PARAM.weekdays, rest.weekdays);
  if (rest.keyword.trim()) params.set(SEARCH_PARAM.keyword, rest.keyword.trim());
  if (place) {
    if (place.label) params.set(SEARCH_PARAM.placeLabel, place.label);
    params.set(SEARCH_PARAM.latitude, String(place.latitude));
    params.set(SEARCH_PARAM.longitude, String(place.longitude));
  }
  if (rest.radiusKm !== null && rest.radiusKm !== SEARCH_RADIUS_KM.default) params.set(SEARCH_PARAM.radiusKm, String(rest.radiusKm));
  if (rest.sort && rest.sort !== effectiveSort({ ...rest, place, sort: null })) params.set(SEARCH_PARAM.sort, rest.sort);
  if (view !== 'cartes') params.set(SEARCH_PARAM.view, view);
  return params;
}

/** What searchAds is asked: empty criteria are left out. */
export function searchInputOf(criteria: SearchCriteria): AdSearchInput {
  const { place, ...c } = normalised(criteria);
  const some = <Value>(values: Value[]) => (values.length > 0 ? values : undefined);
  const availability = c.day || c.evening || c.weekdays.length > 0 ? { day: c.day, evening: c.evening, weekdays: c.weekdays } : undefined;
  return {
    categories: some(c.categories),
    modes: some(c.modes),
    priceRanges: some(c.priceRanges),
    certifications: some(c.certifications),
    availability,
    keyword: c.keyword.trim() || undefined,
    near: place ? { latitude: place.latitude, longitude: place.longitude, radiusKm: c.radiusKm ?? SEARCH_RADIUS_KM.default } : undefined,
    sort: c.sort ?? undefined,
  };
}

/** True when some filter is set (the reset button has something to do). */
export const hasFilters = (criteria: SearchCriteria): boolean => searchParamsOf(criteria, 'cartes').toString() !== '';

/**
 * The link "create an alert from this search": the search's query without its sort and view, and the
 * radius written even when it is the search's default, since an alert's own placeholder differs.
 */
export function alertCreationLink(criteria: SearchCriteria): string {
  const params = searchParamsOf({ ...criteria, sort: null }, 'cartes');
  if (criteria.place) params.set(SEARCH_PARAM.radiusKm, String(criteria.radiusKm ?? SEARCH_RADIUS_KM.default));
  const query = params.toString();
  return query ? `${ALERT_CREATION_PATH}?${query}` : ALERT_CREATION_PATH;
}

/** The radius a link asks for, whole km within SEARCH_RADIUS_KM, else null (the form's placeholder). */
export function linkedRadiusKm(params: URLSearchParams): number | null {
  const radius = numberOf(params, SEARCH_PARAM.radiusKm);
  return radius !== null && radiusKm(radius) === null ? radius : null;
}
