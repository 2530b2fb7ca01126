// The way to a contract's rating screen while the reader still has to rate it, with the deadline in
// words (the dashboard's lines and ratings to give, the contract's page).
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contractRatingPath } from '../../app/paths';
import { dateTime } from './contract-format';

export function RatingLink({
  contractId,
  toGive,
}: {
  contractId: string;
  toGive: { deadline: string; started: boolean } | null | undefined;
}) {
  const { t, i18n } = useTranslation('contracts');
  if (!toGive) return null;
  return (
    <p>
      <Link to={contractRatingPath(contractId)} className="button button--secondary">
        {t(toGive.started ? 'dashboard.ratings.resume' : 'dashboard.ratings.rate', { date: dateTime(toGive.deadline, i18n.language) })}
      </Link>
    </p>
  );
}
