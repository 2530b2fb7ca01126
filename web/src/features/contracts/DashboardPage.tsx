// /tableau-de-bord (spec §2 "dashboard"; issue 20): the user's contracts as owner and as tenant,
// newest first, each with its status and what to do next; it follows changes live.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contractPath } from '../../app/paths';
import { errorMessageKey } from '../../lib/api/errors';
import { useApiInfiniteQuery } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { localized, money, nextStepKey, period, type ContractLine } from './contract-format';
import { useContractEvents } from './live-contract-events';
import { MY_CONTRACTS } from './operations';
import './contracts.css';

export function DashboardPage() {
  const { t } = useTranslation('contracts');
  usePageTitle(t('dashboard.title'));
  useContractEvents();
  return (
    <div className="page dashboard">
      <h1>{t('dashboard.title')}</h1>
      <ContractList role="OWNER" />
      <ContractList role="TENANT" />
    </div>
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
      {pages.hasNextPage && (
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={pages.isFetchingNextPage || undefined}
          onClick={() => void pages.fetchNextPage()}
        >
          {t('dashboard.more')}
        </button>
      )}
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
    </li>
  );
}
