// The criteria of a search as removable chips (issue 36 §1): what was searched stays in sight on a phone,
// each removed in one tap. One chip per value ticked, the keyword, the place with its radius (removing the
// place drops its radius too); the sort is how results are shown, not what is searched, so it has none.
import type { TFunction } from 'i18next';
import { SEARCH_RADIUS_KM } from '@partage/graphql';
import type { SearchCriteria } from '../../lib/search/search-params';

export interface CriteriaChip {
  /** Stable among the chips of one search (a React key). */
  key: string;
  label: string;
  /** The search without this criterion. */
  without: SearchCriteria;
}

/** `t` must have the search, criteria and adFields namespaces loaded. */
export function criteriaChips(criteria: SearchCriteria, t: TFunction): CriteriaChip[] {
  const chips: CriteriaChip[] = [];
  const keyword = criteria.keyword.trim();
  if (keyword) chips.push({ key: 'keyword', label: t('search:chips.keyword', { keyword }), without: { ...criteria, keyword: '' } });
  if (criteria.place) {
    const place = criteria.place.label || t('search:place.mapCentre');
    chips.push({
      key: 'place',
      label: t('search:chips.place', { place, radiusKm: criteria.radiusKm ?? SEARCH_RADIUS_KM.default }),
      without: { ...criteria, place: null, radiusKm: null },
    });
  }
  const each = <Key extends 'categories' | 'modes' | 'priceRanges' | 'certifications' | 'weekdays'>(
    key: Key,
    label: (value: SearchCriteria[Key][number]) => string,
  ) => {
    const values = criteria[key] as readonly SearchCriteria[Key][number][];
    for (const value of values) {
      chips.push({
        key: `${key}:${value}`,
        label: label(value),
        without: { ...criteria, [key]: values.filter((other) => other !== value) },
      });
    }
  };
  each('categories', (value) => t(`adFields:categories.${value}`));
  each('modes', (value) => t(`adFields:modes.${value.toLowerCase()}`));
  each('priceRanges', (range) => t('adFields:priceRange', { range }));
  if (criteria.day) chips.push({ key: 'day', label: t('criteria:availability.day'), without: { ...criteria, day: false } });
  if (criteria.evening) chips.push({ key: 'evening', label: t('criteria:availability.evening'), without: { ...criteria, evening: false } });
  each('weekdays', (value) => t(`adFields:weekdays.${value}`));
  each('certifications', (value) => t(`adFields:certifications.${value}`));
  return chips;
}
