// /contrats/{id}/recu (issue 35): the receipt of a paid contract, as the paid e-mail gives it, for an
// organisation's books: printable (the site's header, footer and buttons are not printed), in the reader's
// language, found again from the contract whenever it is needed. It shows the version's taxes (the GST
// and QST lines with the owner's numbers, the platform's fee with its own); the paperwork issue makes it
// a numbered document. Its figures come from receiptOf, in one place.
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contractPath } from '../../app/paths';
import { useApiQuery } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { Outcome } from '../../lib/ui/Outcome';
import { dateTime, localized, money, period, type ContractDetails } from './contract-format';
import { ContractLoadFailed, ContractMissing, isContractMissing } from './ContractLoadStates';
import { FeeFacts, PriceFacts, UntaxedNote } from './ContractTaxes';
import { CONTRACT } from './operations';
import './contracts.css';

type Party = ContractDetails['owner'];

/** What a receipt says of a contract, null before it was paid: the version paid and when, the amounts in integer cents. */
export function receiptOf(contract: ContractDetails) {
  const paid = contract.history.findLast((step) => step.kind === 'PAID');
  if (!paid || !contract.money || contract.money.paidCents === 0) return null;
  const version = contract.versions.find((candidate) => candidate.version === paid.version) ?? contract.current;
  const { paidCents, refundedCents, ownerShareCents } = contract.money;
  return {
    number: contract.id,
    version: version.version,
    paidAt: paid.at,
    period: version.period,
    taxes: version.taxes,
    paidCents,
    platformFeeCents: version.platformFeeCents,
    ownerShareCents,
    refundedCents,
    netCents: paidCents - refundedCents,
  };
}

const partyLine = (party: Party) =>
  party.organizationName && party.organizationName !== party.publicName
    ? `${party.organizationName} (${party.publicName})`
    : party.publicName;

export function ContractReceiptPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('contracts');
  usePageTitle(t('receipt.title'));
  const query = useApiQuery(CONTRACT, { id });
  const contract = query.data?.contract;
  if (isContractMissing(contract, query.error)) return <ContractMissing title={t('receipt.title')} />;
  if (query.error) return <ContractLoadFailed title={t('receipt.title')} onRetry={() => void query.refetch()} />;
  if (!contract) return <p role="status">{t('common:loading')}</p>;
  return <Receipt contract={contract} />;
}

function Receipt({ contract }: { contract: ContractDetails }) {
  const { t, i18n } = useTranslation(['contracts', 'common']);
  const language = i18n.language;
  const receipt = receiptOf(contract);
  const back = (
    <p className="receipt__actions">
      <Link to={contractPath(contract.id)}>{t('receipt.toContract')}</Link>
    </p>
  );
  if (!receipt) {
    return (
      <div className="page page--narrow">
        <h1>{t('receipt.title')}</h1>
        <Outcome tone="info">
          <p>{t('receipt.notPaid')}</p>
        </Outcome>
        {back}
      </div>
    );
  }
  return (
    <div className="page page--narrow receipt">
      <h1>{t('receipt.title')}</h1>
      <p>{t('receipt.issuer', { platform: t('common:app.name') })}</p>
      <dl className="contract__facts">
        <dt>{t('detail.number')}</dt>
        <dd>
          <code>{receipt.number}</code>
        </dd>
        <dt>{t('receipt.version')}</dt>
        <dd>{receipt.version}</dd>
        <dt>{t('receipt.paidAt')}</dt>
        <dd>{dateTime(receipt.paidAt, language)}</dd>
        <dt>{t('detail.ad')}</dt>
        <dd>{localized(contract.ad.title, language)}</dd>
        <dt>{t('detail.period')}</dt>
        <dd>{period(receipt.period, language)}</dd>
        <dt>{t('receipt.payer')}</dt>
        <dd>{partyLine(contract.tenant)}</dd>
        <dt>{t('detail.owner')}</dt>
        <dd>{partyLine(contract.owner)}</dd>
      </dl>
      <h2>{t('receipt.amounts')}</h2>
      <dl className="contract__facts">
        <PriceFacts taxes={receipt.taxes} totalLabel={t('receipt.paid')} />
        <FeeFacts taxes={receipt.taxes} />
        <dt>{t('detail.ownerShare')}</dt>
        <dd className="contract__money">{money(receipt.ownerShareCents, language)}</dd>
        {receipt.refundedCents > 0 && (
          <>
            <dt>{t('receipt.refunded')}</dt>
            <dd className="contract__money">{money(receipt.refundedCents, language)}</dd>
            <dt>{t('receipt.net')}</dt>
            <dd className="contract__money">{money(receipt.netCents, language)}</dd>
          </>
        )}
      </dl>
      <UntaxedNote taxes={receipt.taxes} ownerReads={contract.viewerRole === 'OWNER'} />
      <p>{t('receipt.currency')}</p>
      <div className="receipt__actions">
        <button type="button" className="button" onClick={() => window.print()}>
          {t('receipt.print')}
        </button>
      </div>
      {back}
    </div>
  );
}
