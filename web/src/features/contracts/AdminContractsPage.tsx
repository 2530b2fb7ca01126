// /gestion-contrats (administrators; issue 20 §8, issue 37): every contract with its payment, payout,
// refunds and dispute, newest first; or only the payouts flagged after repeated refusals; or only the
// money to check (an open dispute with its evidence date, an early fraud warning, a failed refund). A
// flagged payout is run again from its line; a paid contract is refunded from its line, in full or in
// part and with a reason, before or after the payout (RefundAction's form).
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contractPath, PATHS } from '../../app/paths';
import { errorMessageKey } from '../../lib/api/errors';
import { useApiInfiniteQuery, useApiMutation } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { notifyError } from '../../lib/notifications/notify-error';
import { notify } from '../../lib/notifications/store';
import { dateTime, localized, money, period, type AdminContractLine } from './contract-format';
import { ADMIN_CONTRACTS, RETRY_CONTRACT_PAYOUT } from './operations';
import { MoneyFacts } from './ContractMoney';
import { RefundAction } from './RefundAction';
import { BooksExportForm } from './BooksExportForm';
import './contracts.css';
import { MoreButton } from '../../lib/ui/MoreButton';
import { ContractStatusBadge } from './ContractStatusBadge';

/** The filter in the address, so that it survives a reload and can be shared. */
const FILTER_PARAM = 'filtre';
const FILTER_VALUES = { PAYOUT_FLAGGED: 'versements-signales', MONEY_ATTENTION: 'argent-a-verifier' } as const;
type Filter = 'ALL' | keyof typeof FILTER_VALUES;
const filterOf = (value: string | null): Filter =>
  (Object.keys(FILTER_VALUES) as (keyof typeof FILTER_VALUES)[]).find((filter) => FILTER_VALUES[filter] === value) ?? 'ALL';

export function AdminContractsPage() {
  const { t } = useTranslation('contracts');
  usePageTitle(t('admin.title'));
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get(FILTER_PARAM));
  const pages = useApiInfiniteQuery(ADMIN_CONTRACTS, { filter }, (page) => page.adminContracts.nextToken);
  const lines = pages.data?.pages.flatMap((page) => page.adminContracts.items) ?? [];
  return (
    <div className="page admin-contracts">
      <h1>{t('admin.title')}</h1>
      <div className="form-field admin-contracts__filter">
        <label htmlFor="admin-contracts-filter">{t('admin.filter')}</label>
        <select
          id="admin-contracts-filter"
          value={filter}
          onChange={(event) => {
            const chosen = event.target.value as Filter;
            setParams(chosen === 'ALL' ? {} : { [FILTER_PARAM]: FILTER_VALUES[chosen] });
          }}
        >
          <option value="ALL">{t('admin.ALL')}</option>
          <option value="PAYOUT_FLAGGED">{t('admin.PAYOUT_FLAGGED')}</option>
          <option value="MONEY_ATTENTION">{t('admin.MONEY_ATTENTION')}</option>
        </select>
      </div>
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
        <p role="status">{t(`admin.empty${filter}`)}</p>
      ) : (
        <ul className="dashboard__list" aria-label={t(`admin.${filter}`)}>
          {lines.map((line) => (
            <AdminContractCard key={line.id} line={line} />
          ))}
        </ul>
      )}
      <MoreButton pages={pages} label={t('dashboard.more')} />
      <BooksExportForm platform />
    </div>
  );
}

function AdminContractCard({ line }: { line: AdminContractLine }) {
  const { t, i18n } = useTranslation('contracts');
  const language = i18n.language;
  const title = localized(line.adTitle, language);
  const { payment, payout } = line;
  return (
    <li className="dashboard__card">
      <h2 className="admin-contracts__title">
        <Link to={contractPath(line.id)}>{title}</Link>
      </h2>
      <p>
        <ContractStatusBadge status={line.status} /> {t('admin.parties', { owner: line.ownerName, tenant: line.tenantName })}
      </p>
      <dl className="contract__facts">
        <dt>{t('detail.period')}</dt>
        <dd>{period(line.period, language)}</dd>
        <dt>{t('detail.total')}</dt>
        <dd className="contract__money">{money(line.totalPriceCents, language)}</dd>
        <dt>{t('detail.fee')}</dt>
        <dd className="contract__money">{money(line.platformFeeCents, language)}</dd>
        <dt>{t('admin.payment')}</dt>
        <dd>
          {payment
            ? t('admin.paidAt', { amount: money(payment.amountCents, language), date: dateTime(payment.paidAt, language) })
            : t('admin.notPaid')}
        </dd>
        {payout && (
          <>
            <dt>{t('admin.payout')}</dt>
            <dd>
              {payout.paidOutAt
                ? t('admin.paidOutAt', { date: dateTime(payout.paidOutAt, language) })
                : line.refundedAt
                  ? t('admin.noPayout')
                  : t('admin.payoutDue', { date: dateTime(payout.dueAt, language) })}
              {payout.overdue && (
                <>
                  {' '}
                  <strong className="admin-contracts__flag">{t('admin.overdue')}</strong>
                </>
              )}
              {payout.failures > 0 && !payout.paidOutAt && (
                <>
                  {' '}
                  <strong className={payout.flagged ? 'admin-contracts__flag' : undefined}>
                    {t(payout.flagged ? 'admin.flagged' : 'admin.failures', { count: payout.failures })}
                  </strong>
                  {payout.lastFailure && <span className="admin-contracts__failure">{payout.lastFailure}</span>}
                </>
              )}
            </dd>
          </>
        )}
        {line.refundedAt && (
          <>
            <dt>{t('admin.refund')}</dt>
            <dd>{t('admin.refundedAt', { date: dateTime(line.refundedAt, language) })}</dd>
          </>
        )}
        {line.money && <MoneyFacts money={line.money} asAdmin />}
        {line.partiesLinked && (
          <>
            <dt>{t('admin.partiesLinked')}</dt>
            <dd>
              <strong className="admin-contracts__flag">{t('admin.partiesLinkedText')}</strong>{' '}
              <Link to={PATHS.linkedAccounts}>{t('admin.partiesLinkedLink')}</Link>
            </dd>
          </>
        )}
        {line.fraudWarning && (
          <>
            <dt>{t('admin.fraudWarning')}</dt>
            <dd>
              <strong className="admin-contracts__flag">{t('admin.fraudWarningType', { type: line.fraudWarning })}</strong>
            </dd>
          </>
        )}
      </dl>
      <AdminActions line={line} title={title} />
    </li>
  );
}

/** Run a flagged payout again; refund a paid contract (RefundAction asks to confirm first). */
function AdminActions({ line, title }: { line: AdminContractLine; title: string }) {
  const { t } = useTranslation('contracts');
  const retry = useApiMutation(RETRY_CONTRACT_PAYOUT, { invalidates: [ADMIN_CONTRACTS] });
  const actions = line.availableActions;
  if (!actions.includes('RETRY_PAYOUT') && !actions.includes('REFUND')) return null;
  const retryPayout = async () => {
    try {
      const answer = await retry.mutateAsync({ input: { contractId: line.id } });
      const failedAgain = answer.retryContractPayout.payout?.flagged;
      notify({ type: failedAgain ? 'error' : 'success', text: failedAgain ? 'contracts:admin.retryFailed' : 'contracts:admin.retried' });
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <div className="contract__actions">
      {actions.includes('RETRY_PAYOUT') && (
        <button
          type="button"
          className="button"
          aria-label={t('admin.retryFor', { ad: title })}
          aria-disabled={retry.isPending || undefined}
          onClick={() => void retryPayout()}
        >
          {retry.isPending ? t('admin.retrying') : t('admin.retry')}
        </button>
      )}
      {actions.includes('REFUND') && line.money && (
        <RefundAction
          contractId={line.id}
          version={line.version}
          invalidates={[ADMIN_CONTRACTS]}
          label={t('admin.refundFor', { ad: title })}
          admin={{ leftCents: line.money.refundableCents, afterPayout: line.status !== 'PAID' }}
        />
      )}
    </div>
  );
}
