// /contrats/{id}/recu (issue 35): the receipt of a paid contract, as the paid e-mail gives it, for an
// organisation's books: printable (the site's header, footer and buttons are not printed), in the reader's
// language, found again from the contract whenever it is needed. It shows the version's taxes (the GST
// and QST lines with the owner's numbers, the platform's fee with its own), the receipt's number, then
// every numbered document the reader may read in full (issue 39 §4: the owner's receipt and credit
// notes, and for the owner the platform's fee invoice and its credit notes), each downloadable as a PDF.
// Its figures come from receiptOf, in one place.
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contractPath } from '../../app/paths';
import { useApiQuery } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { Outcome } from '../../lib/ui/Outcome';
import { dateTime, localized, money, period, type ContractDetails } from './contract-format';
import { ContractLoadFailed, ContractMissing, isContractMissing } from './ContractLoadStates';
import { ContractDocumentView } from './ContractDocumentView';
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
    /** The owner's numbered receipt, once issued (the contract-paid job issues it right after the payment). */
    receiptNumber: contract.documents.find((document) => document.kind === 'RECEIPT')?.number ?? null,
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

const DOCUMENTS_POLL_MS = 3_000;

/** Paid, and its receipt not issued yet. */
const documentsPending = (contract: ContractDetails | null | undefined): boolean =>
  Boolean(contract?.money && contract.money.paidCents > 0 && !contract.documents.some((document) => document.kind === 'RECEIPT'));

export function ContractReceiptPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('contracts');
  usePageTitle(t('receipt.title'));
  // A paid contract's numbered documents come from the contract-paid job, a moment after the payment: asked again until there.
  const query = useApiQuery(
    CONTRACT,
    { id },
    { refetchInterval: (data) => (documentsPending(data?.contract) ? DOCUMENTS_POLL_MS : false) },
  );
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
        <dt>{t('documents.receiptNumber')}</dt>
        <dd>{receipt.receiptNumber ?? t('documents.pending')}</dd>
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
      <section aria-labelledby="receipt-documents">
        <h2 id="receipt-documents">{t('documents.title')}</h2>
        {contract.documents.length === 0 ? (
          <p>{t('documents.pending')}</p>
        ) : (
          contract.documents.map((document) => <ContractDocumentView key={document.id} contractId={contract.id} document={document} />)
        )}
      </section>
      <div className="receipt__actions">
        <button type="button" className="button" onClick={() => window.print()}>
          {t('receipt.print')}
        </button>
      </div>
      {back}
    </div>
  );
}
