// Averages of published ratings (a user's on their profile, an ad's equipment on its page): each
// criterion's mean out of 5 and the overall one, with how many ratings they come from (and, a user's,
// from how many organisations: only arm's-length ratings count, docs/ratings.md).
import { useTranslation } from 'react-i18next';
import './ratings.css';

interface AveragesProps {
  /** The criteria in order, each with its translated name (ratings:criteria.<name>). */
  criteria: readonly string[];
  averages: { count: number; organizationsCount?: number; overall?: number | null } & Record<string, number | null | undefined>;
}

/** One decimal in the reader's language (4,5 in French). */
const decimal = (value: number, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-CA' : 'fr-CA', { maximumFractionDigits: 1 }).format(value);

interface OverallRatingProps {
  overall: number | null | undefined;
  count: number;
  /** How many organisations the ratings come from (a user's); said when given. */
  organizationsCount?: number;
  className: string;
}

/**
 * "★ 4,5 sur 5, d'après 3 évaluations" (or "d'après 3 évaluations de 2 organisations"): the overall
 * average and its count (nothing without a rating).
 */
export function OverallRating({ overall, count, organizationsCount, className }: OverallRatingProps) {
  const { t, i18n } = useTranslation('ratings');
  if (count === 0 || overall === null || overall === undefined) return null;
  const ratings =
    organizationsCount === undefined
      ? t('averages.ratings', { count })
      : t('averages.ratingsFrom', { count, organizations: t('averages.organizations', { count: organizationsCount }) });
  return (
    <p className={className}>
      <span aria-hidden="true" className="rating-stars">
        ★
      </span>{' '}
      {t('averages.overall', { value: t('averages.outOfFive', { value: decimal(overall, i18n.language) }), ratings })}
    </p>
  );
}

export function Averages({ criteria, averages }: AveragesProps) {
  const { t, i18n } = useTranslation('ratings');
  if (averages.count === 0 || averages.overall === null || averages.overall === undefined) return <p>{t('averages.none')}</p>;
  const outOfFive = (value: number) => t('averages.outOfFive', { value: decimal(value, i18n.language) });
  return (
    <div className="rating-averages">
      <OverallRating
        overall={averages.overall}
        count={averages.count}
        organizationsCount={averages.organizationsCount}
        className="rating-averages__overall"
      />
      <dl className="rating-averages__criteria">
        {criteria.map((criterion) => {
          const value = averages[criterion];
          return (
            <div key={criterion}>
              <dt>{t(`criteria.${criterion}`)}</dt>
              <dd>{value === null || value === undefined ? '—' : outOfFive(value)}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
