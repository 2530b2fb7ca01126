// The ratings' shared rules (issue 21), used by the rating screen and the server: the criteria of each
// step, stars from RATING_MIN_STARS to RATING_MAX_STARS, what each side sends, the publication rule
// and the averages. The comment's length and characters are checked from INPUT_MAX_LENGTHS like any text.

import { RATING_MAX_STARS, RATING_MIN_STARS, RATING_WINDOW_DAYS } from './constants';
import type { RuleResult } from './validation';

export const EQUIPMENT_CRITERIA = ['compliance', 'cleanliness', 'security'] as const;
export const PARTY_CRITERIA = ['respectOfContract', 'communication', 'reliability'] as const;
export type EquipmentCriterion = (typeof EQUIPMENT_CRITERIA)[number];
export type PartyCriterion = (typeof PARTY_CRITERIA)[number];
export type EquipmentStarValues = Record<EquipmentCriterion, number>;
export type PartyStarValues = Record<PartyCriterion, number>;
export type RatingSideName = 'TENANT' | 'OWNER';

const DAY_MS = 86_400_000;

/** A whole number of stars within the scale. */
export const stars = (v: number | null | undefined): RuleResult =>
  v === null || v === undefined || (Number.isInteger(v) && v >= RATING_MIN_STARS && v <= RATING_MAX_STARS) ? null : 'stars';

/** What a rating (or its draft) holds; the paths are those of RatingInput. */
export interface RatingValues {
  equipment?: Partial<EquipmentStarValues> | null;
  party?: Partial<PartyStarValues> | null;
  comment?: string | null;
}

/**
 * The checks of a side's rating: every criterion given within the scale; the tenant rates the
 * equipment and the owner, the owner only the tenant (equipment from the owner is `oneOf`). A draft
 * (`final` false) may leave steps out, but what it holds is within the scale.
 */
export function ratingChecks(side: RatingSideName, values: RatingValues, final: boolean): Array<[string, RuleResult]> {
  const group = <C extends string>(name: string, criteria: readonly C[], given: Partial<Record<C, number>> | null | undefined) => {
    if (!given) return final ? [[name, 'required'] as [string, RuleResult]] : [];
    return criteria.map((criterion): [string, RuleResult] => [
      `${name}.${criterion}`,
      given[criterion] === undefined || given[criterion] === null ? 'required' : stars(given[criterion]),
    ]);
  };
  const equipment: Array<[string, RuleResult]> =
    side === 'TENANT'
      ? group('input.equipment', EQUIPMENT_CRITERIA, values.equipment)
      : values.equipment
        ? [['input.equipment', 'oneOf']]
        : [];
  return [...equipment, ...group('input.party', PARTY_CRITERIA, values.party)];
}

/** The last moment to rate a rental that ended at `endAt`, and when a lone rating is published. */
export const ratingDeadline = (endAt: string | Date): Date => new Date(new Date(endAt).getTime() + RATING_WINDOW_DAYS * DAY_MS);

/**
 * Whether a sent rating is published at `at`: once the other side has sent theirs too, or once the
 * deadline has come; never before it was sent.
 */
export function isPublishable(
  rating: { submittedAt?: string | null },
  other: { submittedAt?: string | null } | undefined,
  endAt: string,
  at: Date,
): boolean {
  if (!rating.submittedAt) return false;
  return Boolean(other?.submittedAt) || at.getTime() >= ratingDeadline(endAt).getTime();
}

/** Sums of stars per criterion and how many ratings they add up: what an aggregate keeps. */
export interface StarSums<C extends string> {
  count: number;
  sums: Partial<Record<C, number>>;
}

/** A mean rounded half up to one decimal (4.25 → 4.3), null without any rating. */
const mean = (sum: number, count: number): number | null => (count > 0 ? Math.round((sum / count) * 10 + Number.EPSILON) / 10 : null);

/**
 * The averages per criterion and overall (the mean of all the criteria's stars), each rounded to one
 * decimal; nulls and a count of 0 when nobody has rated.
 */
export function averagesOf<C extends string>(criteria: readonly C[], { count, sums }: StarSums<C>) {
  const perCriterion = Object.fromEntries(criteria.map((criterion) => [criterion, mean(sums[criterion] ?? 0, count)])) as Record<
    C,
    number | null
  >;
  const total = criteria.reduce((sum, criterion) => sum + (sums[criterion] ?? 0), 0);
  return { count, ...perCriterion, overall: mean(total, count * criteria.length) };
}
