// Whether a search entry meets the criteria of an ad search or of an alert: alternatives within a
// criterion, certifications all required, AND between criteria; an empty criterion does not filter.
// The search engine and the alerts' digest both decide with matchWithin (criteria and circle).

import type { AdCategory, AdSearchInput, Certification, OfferMode, PriceRange, Weekday } from '@partage/graphql';
import type { SearchEntry } from '../../data/search-index';
import { distanceMeters, type Point } from './cell-cover';
import { termsOf } from './terms';

export interface SearchCriteria {
  categories: AdCategory[];
  modes: OfferMode[];
  /** Null: any availability. */
  availability: { day: boolean; evening: boolean; weekdays: Weekday[] } | null;
  priceRanges: PriceRange[];
  certifications: Certification[];
  /** The keyword's stems: every one must be among the entry's. */
  terms: string[];
}

const sortedSet = <T extends string>(values: readonly T[] | null | undefined): T[] => [...new Set(values ?? [])].sort();

/** The input's criteria, in a canonical form (sorted, deduplicated): two inputs asking the same thing compare equal. */
export function criteriaOf(input: AdSearchInput): SearchCriteria {
  const availability = input.availability;
  const asksAvailability = !!availability && (availability.day || availability.evening || availability.weekdays.length > 0);
  return {
    categories: sortedSet(input.categories),
    modes: sortedSet(input.modes),
    availability: asksAvailability
      ? { day: availability.day, evening: availability.evening, weekdays: sortedSet(availability.weekdays) }
      : null,
    priceRanges: sortedSet(input.priceRanges),
    certifications: sortedSet(input.certifications),
    terms: sortedSet(termsOf(input.keyword ?? '')),
  };
}

const anyOf = <T>(asked: T[], held: readonly T[]) => asked.length === 0 || asked.some((value) => held.includes(value));

/** What the filters read: a search entry (the card) has it, and so does a compact point. */
export type Matchable = Pick<SearchEntry, 'category' | 'modes' | 'priceRanges' | 'certifications' | 'terms' | 'availability'>;

function availableFor(entry: Matchable, asked: NonNullable<SearchCriteria['availability']>): boolean {
  if (entry.availability.all) return true;
  const period = (!asked.day && !asked.evening) || (asked.day && entry.availability.day) || (asked.evening && entry.availability.evening);
  return period && anyOf(asked.weekdays, entry.availability.weekdays);
}

export function entryMatches(entry: Matchable, criteria: SearchCriteria): boolean {
  return (
    anyOf(criteria.categories, [entry.category]) &&
    anyOf(criteria.modes, entry.modes) &&
    anyOf(criteria.priceRanges, entry.priceRanges) &&
    criteria.certifications.every((certification) => entry.certifications.includes(certification)) &&
    criteria.terms.every((term) => entry.terms.includes(term)) &&
    (!criteria.availability || availableFor(entry, criteria.availability))
  );
}

/** A circle around a place: a search's `near`, an alert's place and radius. */
export interface Circle {
  centre: Point;
  radiusMeters: number;
}

/**
 * Whether the entry is a result: within the circle (when there is one) and meeting the criteria.
 * Its distance from the centre in metres (null without a circle); undefined when it is not a result.
 */
export function matchWithin(entry: SearchEntry, criteria: SearchCriteria, circle: Circle | null): number | null | undefined {
  const meters = circle && distanceMeters(circle.centre, entry);
  if (meters !== null && meters > circle!.radiusMeters) return undefined;
  return entryMatches(entry, criteria) ? meters : undefined;
}
