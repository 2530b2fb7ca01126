// /tableau-de-bord (spec §2 "dashboard"; issue 20): the user's contracts as owner and as tenant,
// newest first, each with its status and what to do next; it follows changes live. Above them, the
// ratings the user still has to give with their deadlines (issue 21).
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contractPath } from '../../app/paths';
import { errorMessageKey } from '../../lib/api/errors';
import { useApiInfiniteQuery } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { localized, money, nextStepKey, period, type ContractLine } from './contract-format';
import { useContractEvents } from './live-contract-events';
import { MY_CONTRACTS } from './operations';
import { RatingLink } from './RatingLink';
import './contracts.css';
import { MoreButton } from '../../lib/ui/MoreButton';

export function DashboardPage() {
  const { t } = useTranslation('contracts');
  usePageTitle(t('dashboard.title'));
  useContractEvents();
  return (
    <div className="page dashboard">
      <h1>{t('dashboard.title')}</h1>
      <RatingsToGive />
      <ContractList role="OWNER" />
      <ContractList role="TENANT" />
    </div>
  );
}

/**
 * The ratings the user still has to give, soonest deadline first, from the lines of both lists (the
 * same queries as theirs: read once). Shown only while there is one.
 */
function RatingsToGive() {
  const { t, i18n } = useTranslation('contracts');
  const owner = useApiInfiniteQuery(MY_CONTRACTS, { role: 'OWNER' }, (page) => page.myContracts.nextToken);
  const tenant = useApiInfiniteQuery(MY_CONTRACTS, { role: 'TENANT' }, (page) => page.myContracts.nextToken);
  const lines = [owner, tenant]
    .flatMap((pages) => pages.data?.pages.flatMap((page) => page.myContracts.items) ?? [])
    .filter((line) => line.ratingToGive)
    .sort((a, b) => a.ratingToGive!.deadline.localeCompare(b.ratingToGive!.deadline));
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-ratings" className="dashboard__section">
      <h2 id="dashboard-ratings">{t('dashboard.ratings.title')}</h2>
      <ul className="dashboard__list">
        {lines.map((line) => (
          <li key={line.id} className="dashboard__card">
            <h3>{localized(line.adTitle, i18n.language)}</h3>
            <p>{t('dashboard.ratings.with', { name: line.otherPartyName })}</p>
            <RatingLink contractId={line.id} toGive={line.ratingToGive} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContractList({ role }: { role: 'OWNER' | 'TENANT' }) {
  const { t } = useTranslation('contracts');
  const headingId = `dashboard-${role}`;
  const pages = useApiInfiniteQuery(MY_CONTRACTS, { role }, (page) => page.myContracts.nextToken);
  const lines = pages.data?.pages.flatMap((page) => page.myContracts.items) ?? [];
  return (
    <section aria-labelledby={headingId} className="dashboard__section">
      <h2 id={headingId}>{t(`dashboard.${role}`)}</h2>
      {pages.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : pages.isError ? (
        <div role="alert">
          <p>{t(errorMessageKey(pages.error), { ns: 'common' })}</p>
          <button type="button" className="button" onClick={() => void pages.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : lines.length === 0 ? (
        <p>{t(`dashboard.empty${role}`)}</p>
      ) : (
        <ul className="dashboard__list">
          {lines.map((line) => (
            <ContractCard key={line.id} line={line} role={role} />
          ))}
        </ul>
      )}
      <MoreButton pages={pages} label={t('dashboard.more')} />
    </section>
  );
}

function ContractCard({ line, role }: { line: ContractLine; role: 'OWNER' | 'TENANT' }) {
  const { t, i18n } = useTranslation('contracts');
  const language = i18n.language;
  return (
    <li className="dashboard__card">
      <h3>
        <Link to={contractPath(line.id)}>{localized(line.adTitle, language)}</Link>
      </h3>
      <p>
        <span className={`contract-status contract-status--${line.status}`}>{t(`status.${line.status}`)}</span>{' '}
        {t(role === 'OWNER' ? 'dashboard.tenant' : 'dashboard.owner', { name: line.otherPartyName })}
      </p>
      <p>{period(line.period, language)}</p>
      <p className="contract__money">{money(line.totalPriceCents, language)}</p>
      <p className="dashboard__next">{t(nextStepKey(role, line.status))}</p>
      <RatingLink contractId={line.id} toGive={line.ratingToGive} />
    </li>
  );
}
