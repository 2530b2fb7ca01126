// The alert form's values and how they become an API input (spec §3 Alert): the criteria as the search
// holds them, a place picked by address autocomplete, the radius as typed, the address and the language.
import { alertInputChecks, type ContentLanguage, type CreateAlertInput } from '@partage/graphql';
import {
  EMPTY_CRITERIA,
  linkedRadiusKm,
  parseSearch,
  searchInputOf,
  type SearchCriteria,
  type SearchPlace,
} from '../../lib/search/search-params';
import type { AlertFieldsView } from './alert-view';

export interface AlertDraft {
  criteria: SearchCriteria;
  place: SearchPlace | null;
  /** As typed; empty is invalid (the placeholder only suggests). */
  radius: string;
  email: string;
  language: ContentLanguage;
}

export const ALERT_FIELDS_ORDER = ['place', 'radiusKm', 'email'] as const;
export type AlertField = (typeof ALERT_FIELDS_ORDER)[number];

export const languageOfUi = (uiLanguage: string): ContentLanguage => (uiLanguage.startsWith('en') ? 'ENGLISH' : 'FRENCH');

/** A new alert, prefilled from a search's query (the "create an alert from this search" link). */
export function draftOfParams(params: URLSearchParams, email: string, language: ContentLanguage): AlertDraft {
  const { criteria } = parseSearch(params);
  const radius = linkedRadiusKm(params);
  // A map-centre search has no address to show: the visitor names the place again.
  const place = criteria.place?.label ? criteria.place : null;
  return {
    criteria: { ...criteria, place: null, radiusKm: null, sort: null },
    place,
    radius: radius === null ? '' : String(radius),
    email,
    language,
  };
}

export function draftOfAlert(alert: AlertFieldsView): AlertDraft {
  const { criteria } = alert;
  return {
    criteria: {
      ...EMPTY_CRITERIA,
      categories: [...criteria.categories],
      modes: [...criteria.modes],
      priceRanges: [...criteria.priceRanges],
      certifications: [...criteria.certifications],
      day: criteria.availability?.day ?? false,
      evening: criteria.availability?.evening ?? false,
      weekdays: [...(criteria.availability?.weekdays ?? [])],
      keyword: criteria.keyword ?? '',
    },
    place: { ...alert.place },
    radius: String(alert.radiusKm),
    email: alert.email,
    language: alert.language,
  };
}

/** The radius typed as a whole number, NaN otherwise (the shared rule then refuses it). */
const radiusOf = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

export function alertInputOf(draft: AlertDraft): CreateAlertInput {
  const { categories, modes, priceRanges, certifications, availability, keyword } = searchInputOf({ ...draft.criteria, place: null });
  return {
    criteria: { categories, modes, priceRanges, certifications, availability, keyword },
    place: draft.place ?? { label: '', latitude: NaN, longitude: NaN },
    radiusKm: radiusOf(draft.radius),
    email: draft.email.trim(),
    language: draft.language,
  };
}

/** The field a rule path of alertInputChecks or of the server (`input.place.label`) belongs to. */
export function fieldOfPath(path: string): AlertField | null {
  const relative = path.replace(/^input\./, '');
  if (relative.startsWith('place')) return 'place';
  return (ALERT_FIELDS_ORDER as readonly string[]).includes(relative) ? (relative as AlertField) : null;
}

/** The browser's check, with the server's rules: the first failure of each field. */
export function draftErrors(draft: AlertDraft): Partial<Record<AlertField, string>> {
  const errors: Partial<Record<AlertField, string>> = {};
  for (const [path, failed] of alertInputChecks(alertInputOf(draft))) {
    const field = fieldOfPath(path);
    if (failed && field && !errors[field]) errors[field] = failed;
  }
  return errors;
}
