// /contrats/{id} (issue 20): a contract as its parties (and administrators) read it: who, what ad,
// when, how much, the terms, documents and cancellation policy, every version, the history, what comes
// next, and the actions the state machine allows the reader now. It follows changes live.
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contractReceiptPath, editContractPath } from '../../app/paths';
import { DocumentDownloads } from './DocumentDownloadButton';
import { useApiMutation, useApiQuery } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { notifyError } from '../../lib/notifications/notify-error';
import { leaveForProvider } from '../../lib/payments/leave-for-provider';
import { dateTime, localized, money, nextStepKey, period, type ContractDetails } from './contract-format';
import { useContractEvents } from './live-contract-events';
import { ACCEPT_AND_PAY_CONTRACT, CONTRACT, MY_CONTRACTS } from './operations';
import { ContractLoadFailed, ContractMissing, isContractMissing } from './ContractLoadStates';
import { ContractMoneySection } from './ContractMoney';
import { FeeFacts, PriceFacts, UntaxedNote } from './ContractTaxes';
import { RefundAction } from './RefundAction';
import { CancelAction } from './CancelAction';
import { RatingLink } from './RatingLink';
import './contracts.css';
import { ContractStatusBadge } from './ContractStatusBadge';

export function ContractDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('contracts');
  useContractEvents();
  const query = useApiQuery(CONTRACT, { id });
  const contract = query.data?.contract;
  // Someone else's contract and one that does not exist are refused alike.
  const missing = isContractMissing(contract, query.error);
  usePageTitle(t('detail.pageTitle'));

  if (missing) return <ContractMissing title={t('detail.pageTitle')} />;
  if (query.error) return <ContractLoadFailed title={t('detail.pageTitle')} onRetry={() => void query.refetch()} />;
  if (!contract) return <p role="status">{t('common:loading')}</p>;
  return <ContractView contract={contract} onStale={() => void query.refetch()} />;
}

function ContractView({ contract, onStale }: { contract: ContractDetails; onStale: () => void }) {
  const { t, i18n } = useTranslation(['contracts', 'adFields']);
  const language = i18n.language;
  const adTitle = localized(contract.ad.title, language);
  const { current } = contract;
  const olderVersions = contract.versions.filter((version) => version.version !== contract.version);
  const partyName = (userId: string | null | undefined) =>
    userId === contract.owner.userId
      ? contract.owner.publicName
      : userId === contract.tenant.userId
        ? contract.tenant.publicName
        : t('detail.platform');

  return (
    <div className="page page--narrow contract">
      <h1>
        {t('detail.title', { ad: adTitle })} <ContractStatusBadge status={contract.status} cancelled={Boolean(contract.cancellation)} />
      </h1>
      <p className="contract__next" role="status">
        {t(nextStepKey(contract.viewerRole, contract.status, Boolean(contract.cancellation)))}
      </p>
      {contract.cancellation && (
        <p>
          {t('cancellation.summary', {
            date: dateTime(contract.cancellation.at, language),
            amount: money(contract.cancellation.refundCents, language),
            percent: contract.cancellation.percent,
          })}
        </p>
      )}
      <ContractActions contract={contract} onStale={onStale} />
      <RatingLink contractId={contract.id} toGive={contract.ratingToGive} />
      {contract.money && contract.money.paidCents > 0 && (
        <p>
          <Link to={contractReceiptPath(contract.id)}>{t('receipt.link')}</Link>
        </p>
      )}
      <DocumentDownloads contractId={contract.id} documents={contract.documents} />

      <section aria-labelledby="contract-parties">
        <h2 id="contract-parties">{t('detail.parties')}</h2>
        <dl className="contract__facts">
          <dt>{t('detail.owner')}</dt>
          <dd>
            {contract.owner.publicName}
            {contract.owner.organizationName &&
              contract.owner.organizationName !== contract.owner.publicName &&
              ` (${contract.owner.organizationName})`}
          </dd>
          <dt>{t('detail.tenant')}</dt>
          <dd>
            {contract.tenant.publicName}
            {contract.tenant.organizationName &&
              contract.tenant.organizationName !== contract.tenant.publicName &&
              ` (${contract.tenant.organizationName})`}
          </dd>
          <dt>{t('detail.ad')}</dt>
          <dd>{contract.ad.path ? <Link to={`/annonces/${contract.ad.path}`}>{adTitle}</Link> : t('detail.adGone')}</dd>
          <dt>{t('detail.number')}</dt>
          <dd>
            <code>{contract.id}</code>
          </dd>
        </dl>
        {contract.viewerRole !== 'ADMIN' && (
          <Link to={`/conversations/${encodeURIComponent(contract.conversationId)}`}>{t('detail.toConversation')}</Link>
        )}
      </section>

      <section aria-labelledby="contract-current">
        <h2 id="contract-current">{t('detail.current', { version: contract.version })}</h2>
        <dl className="contract__facts">
          <dt>{t('detail.period')}</dt>
          <dd>{period(current.period, language)}</dd>
          <PriceFacts taxes={current.taxes} totalLabel={t('detail.total')} />
          <FeeFacts taxes={current.taxes} />
          <dt>{t('detail.ownerShare')}</dt>
          <dd className="contract__money">{money(current.ownerShareCents, language)}</dd>
          <dt>{t('adFields:cancellationPolicyLabel')}</dt>
          <dd>
            {current.cancellationPolicy
              ? `${t(`adFields:cancellationPolicyTerms.${current.cancellationPolicy}`)}.`
              : t('cancellation.noPolicy')}
          </dd>
        </dl>
        <UntaxedNote taxes={current.taxes} ownerReads={contract.viewerRole === 'OWNER'} />
        <h3>{t('detail.terms')}</h3>
        {/* Sanitised by the server like an ad's description. */}
        <div className="contract__terms" dangerouslySetInnerHTML={{ __html: current.terms }} />
        <h3>{t('detail.files')}</h3>
        {current.files.length === 0 ? (
          <p>{t('detail.noFiles')}</p>
        ) : (
          <ul>
            {current.files.map((file) => (
              <li key={file.fileId}>
                <a href={file.url} target="_blank" rel="noreferrer">
                  {file.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      {contract.money && <ContractMoneySection money={contract.money} asAdmin={contract.viewerRole === 'ADMIN'} />}

      {olderVersions.length > 0 && (
        <section aria-labelledby="contract-versions">
          <h2 id="contract-versions">{t('detail.versions')}</h2>
          <ol className="contract__versions" reversed>
            {olderVersions.map((version) => (
              <li key={version.version}>
                <details>
                  <summary>
                    {t('detail.version', { version: version.version, date: dateTime(version.createdAt, language) })} —{' '}
                    {money(version.totalPriceCents, language)}
                  </summary>
                  <p>{period(version.period, language)}</p>
                  <div className="contract__terms" dangerouslySetInnerHTML={{ __html: version.terms }} />
                </details>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section aria-labelledby="contract-history">
        <h2 id="contract-history">{t('detail.history')}</h2>
        <ol className="contract__history">
          {contract.history.map((step) => (
            <li key={`${step.kind}-${step.at}`}>
              <time dateTime={step.at}>{dateTime(step.at, language)}</time> —{' '}
              {t(`step.${step.kind}`, { name: partyName(step.actorId), version: step.version })}
              {step.reason && ` ${t('detail.stepReason', { reason: step.reason })}`}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/**
 * Accept and pay (tenant), edit (owner) and cancel (either party) while unpaid; refund (the owner while
 * paid and not yet paid out; an administrator also in part and after the payout); cancelling and
 * refunding ask to confirm first. Paying sends the tenant to the provider's hosted page for the version shown; the
 * contract becomes PAID from the provider's event, which this page then shows live.
 */
function ContractActions({ contract, onStale }: { contract: ContractDetails; onStale: () => void }) {
  const { t } = useTranslation('contracts');
  const pay = useApiMutation(ACCEPT_AND_PAY_CONTRACT, { invalidates: [CONTRACT] });
  const actions = contract.availableActions;
  if (actions.length === 0) return null;
  const acceptAndPay = async () => {
    try {
      const answer = await pay.mutateAsync({ input: { contractId: contract.id, expectedVersion: contract.version } });
      leaveForProvider(answer.acceptAndPayContract.url);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <div className="contract__actions">
      {actions.includes('REFUND') && (
        <RefundAction
          contractId={contract.id}
          version={contract.version}
          invalidates={[CONTRACT, MY_CONTRACTS]}
          {...(contract.viewerRole === 'ADMIN' && contract.money
            ? { admin: { leftCents: contract.money.refundableCents, afterPayout: contract.status !== 'PAID' } }
            : {})}
        />
      )}
      {actions.includes('PAY') && (
        <button type="button" className="button" aria-disabled={pay.isPending || undefined} onClick={() => void acceptAndPay()}>
          {pay.isPending ? t('detail.paying') : t('detail.pay')}
        </button>
      )}
      {actions.includes('EDIT') && (
        <Link to={editContractPath(contract.id)} className="button">
          {t('detail.edit')}
        </Link>
      )}
      {actions.includes('CANCEL') && <CancelAction contract={contract} onStale={onStale} />}
    </div>
  );
}
