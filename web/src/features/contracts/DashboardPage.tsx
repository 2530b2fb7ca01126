// /tableau-de-bord (spec §2 "dashboard"; issue 20): first what waits for the user (issue 36 §16: their
// payouts to set up, proposals to pay, ratings to give with their deadlines), then their contracts as
// owner and as tenant, newest first, each with its status and what to do next; it follows changes live.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contractPath, PATHS } from '../../app/paths';
import { errorMessageKey } from '../../lib/api/errors';
import { useApiInfiniteQuery, useApiQuery } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { PAYMENT_ONBOARDING } from '../../lib/payments/operations';
import { MY_RATINGS_TO_GIVE } from '../../lib/ratings/operations';
import { localized, money, nextStepKey, period, type ContractLine } from './contract-format';
import { useContractEvents } from './live-contract-events';
import { MY_CONTRACTS } from './operations';
import { RatingLink } from './RatingLink';
import { ContractStatusBadge } from './ContractStatusBadge';
import { DocumentDownloads } from './DocumentDownloadButton';
import { BooksExportForm } from './BooksExportForm';
import './contracts.css';
import { MoreButton } from '../../lib/ui/MoreButton';

export function DashboardPage() {
  const { t } = useTranslation('contracts');
  usePageTitle(t('dashboard.title'));
  useContractEvents();
  return (
    <div className="page dashboard">
      <h1>{t('dashboard.title')}</h1>
      <ToDo />
      <ContractList role="OWNER" />
      <ContractList role="TENANT" />
      <BooksExportForm />
    </div>
  );
}

/**
 * What waits for the reader, first: setting up their payouts when an owner's contract needs them (a
 * tenant cannot pay an owner the provider cannot pay, and a payout waits), the proposals they may
 * accept and pay, and every rating they still have to give (asked of the server: not only those of the
 * contracts loaded below), soonest deadline first. The parties have no other action: a dispute is
 * between the platform and the bank.
 */
function ToDo() {
  const { t, i18n } = useTranslation('contracts');
  const owner = useApiInfiniteQuery(MY_CONTRACTS, { role: 'OWNER' }, (page) => page.myContracts.nextToken);
  const tenant = useApiInfiniteQuery(MY_CONTRACTS, { role: 'TENANT' }, (page) => page.myContracts.nextToken);
  const ratings = useApiQuery(MY_RATINGS_TO_GIVE, {});
  const linesOf = (pages: typeof owner) => pages.data?.pages.flatMap((page) => page.myContracts.items) ?? [];
  const moneyWaits = linesOf(owner).some((line) => line.status === 'SUBMITTED' || line.status === 'PAID');
  const onboarding = useApiQuery(PAYMENT_ONBOARDING, {}, { enabled: moneyWaits }).data?.me?.paymentOnboarding;
  const toOnboard = moneyWaits && onboarding !== undefined && onboarding !== 'COMPLETE';
  const toPay = linesOf(tenant).filter((line) => line.status === 'SUBMITTED');
  const toRate = ratings.data?.myRatingsToGive ?? [];
  const nothing = !toOnboard && toPay.length === 0 && toRate.length === 0 && !ratings.isError;
  return (
    <section aria-labelledby="dashboard-todo" className="dashboard__section">
      <h2 id="dashboard-todo">{t('dashboard.todo.title')}</h2>
      {nothing ? (
        <p>{t(owner.isPending || tenant.isPending || ratings.isPending ? 'common:loading' : 'dashboard.todo.none')}</p>
      ) : (
        <ul className="dashboard__list">
          {toOnboard && (
            <li className="dashboard__card dashboard__card--todo">
              <h3>{t('dashboard.todo.onboardTitle')}</h3>
              <p>{t('dashboard.todo.onboard')}</p>
              <p>
                <Link to={PATHS.payments} className="button">
                  {t('dashboard.todo.onboardLink')}
                </Link>
              </p>
            </li>
          )}
          {toPay.map((line) => (
            <li key={line.id} className="dashboard__card dashboard__card--todo">
              <h3>{localized(line.adTitle, i18n.language)}</h3>
              <p>{t('dashboard.todo.pay', { name: line.otherPartyName })}</p>
              <p>
                {period(line.period, i18n.language)} · <span className="contract__money">{money(line.totalPriceCents, i18n.language)}</span>
              </p>
              <p>
                <Link to={contractPath(line.id)} className="button">
                  {t('dashboard.todo.payLink')}
                </Link>
              </p>
            </li>
          ))}
          {toRate.map((line) => (
            <li key={line.id} className="dashboard__card dashboard__card--todo">
              <h3>{localized(line.adTitle, i18n.language)}</h3>
              <p>{t('dashboard.todo.rate', { name: line.otherPartyName })}</p>
              <RatingLink contractId={line.id} toGive={line.ratingToGive} />
            </li>
          ))}
        </ul>
      )}
      {ratings.isError && (
        <div role="alert">
          <p>{t('dashboard.todo.ratingsFailed')}</p>
          <button type="button" className="button" onClick={() => void ratings.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}
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
        <ContractStatusBadge status={line.status} cancelled={line.cancelled} />{' '}
        {t(role === 'OWNER' ? 'dashboard.tenant' : 'dashboard.owner', { name: line.otherPartyName })}
      </p>
      <p>{period(line.period, language)}</p>
      <p className="contract__money">{money(line.totalPriceCents, language)}</p>
      <p className="dashboard__next">{t(nextStepKey(role, line.status))}</p>
      <RatingLink contractId={line.id} toGive={line.ratingToGive} />
      <DocumentDownloads contractId={line.id} documents={line.documents} />
    </li>
  );
}
