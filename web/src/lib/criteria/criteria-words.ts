// An alert's criteria said in words (its list row, a public profile): one line per criterion set, in
// the labels the form's boxes use; nothing set reads as "every ad".
import type { TFunction } from 'i18next';
import type { AdCategory, Certification, OfferModeName, PriceRange, Weekday } from '@partage/graphql';

export interface WordedCriteria {
  categories: readonly AdCategory[];
  modes: readonly OfferModeName[];
  priceRanges: readonly PriceRange[];
  certifications: readonly Certification[];
  availability?: { day: boolean; evening: boolean; weekdays: readonly Weekday[] } | null;
  keyword?: string | null;
}

/** `t` must have the criteria and adFields namespaces loaded. */
export function criteriaInWords(t: TFunction, criteria: WordedCriteria): string[] {
  const lines: string[] = [];
  const line = (legend: string, values: string[]) =>
    values.length > 0 && lines.push(t('criteria:words.line', { legend, values: values.join(', ') }));
  line(
    t('criteria:categories'),
    criteria.categories.map((value) => t(`adFields:categories.${value}`)),
  );
  line(
    t('criteria:modes'),
    criteria.modes.map((value) => t(`adFields:modes.${value.toLowerCase()}`)),
  );
  line(
    t('criteria:prices'),
    criteria.priceRanges.map((range) => t('adFields:priceRange', { range })),
  );
  const availability = criteria.availability;
  if (availability) {
    line(t('criteria:availability.legend'), [
      ...(availability.day ? [t('criteria:availability.day')] : []),
      ...(availability.evening ? [t('criteria:availability.evening')] : []),
      ...availability.weekdays.map((value) => t(`adFields:weekdays.${value}`)),
    ]);
  }
  line(
    t('criteria:certifications'),
    criteria.certifications.map((value) => t(`adFields:certifications.${value}`)),
  );
  if (criteria.keyword) lines.push(t('criteria:words.keyword', { keyword: criteria.keyword }));
  return lines.length > 0 ? lines : [t('criteria:words.any')];
}
