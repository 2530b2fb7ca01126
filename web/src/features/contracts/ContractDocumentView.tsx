// One numbered document of a paid contract in full (issue 39 §4), as its PDF writes it: its kind and
// number, when it was issued and what it credits, both organisations (names, addresses, NEQ, GST and QST
// numbers), the contract's period, the lines with their taxes and the total (a credit note's amounts
// credited, written as negative), the payment's date and reference; and its PDF to download.
import { useTranslation } from 'react-i18next';
import { formatTaxRate } from '@partage/graphql';
import { dateTime, localized, money, period, type ContractDocumentDetails } from './contract-format';
import { DocumentDownloadButton } from './DocumentDownloadButton';

type Party = ContractDocumentDetails['seller'];

function PartyFacts({ party }: { party: Party }) {
  const { t } = useTranslation(['contracts', 'common']);
  return (
    <p className="receipt__party">
      <strong>{party.name ?? t('common:app.name')}</strong>
      {party.address && <span>{party.address}</span>}
      {party.postalCode && <span>{party.postalCode}</span>}
      {party.neq && <span>{t('documents.neq', { neq: party.neq })}</span>}
      {party.gstNumber && <span>{t('documents.gstNumber', { number: party.gstNumber })}</span>}
      {party.qstNumber && <span>{t('documents.qstNumber', { number: party.qstNumber })}</span>}
    </p>
  );
}

export function ContractDocumentView({ contractId, document }: { contractId: string; document: ContractDocumentDetails }) {
  const { t, i18n } = useTranslation('contracts');
  const language = i18n.language;
  const headingId = `document-${document.id}-title`;
  const credited = document.kind === 'CREDIT_NOTE';
  const amount = (cents: number) => money(credited ? -cents : cents, language);
  const rate = (value: number) => formatTaxRate(value, language === 'en' ? 'en' : 'fr');
  const { amounts } = document;
  const title = localized(document.adTitle, language);
  return (
    <article aria-labelledby={headingId} className="receipt__document" id={`document-${document.id}`}>
      <h3 id={headingId}>{t('documents.heading', { kind: t(`documents.kind.${document.kind}`), number: document.number })}</h3>
      <dl className="contract__facts">
        <dt>{t('documents.issuedAt')}</dt>
        <dd>{dateTime(document.issuedAt, language)}</dd>
        {document.refersTo && (
          <>
            <dt>{t('documents.refersTo')}</dt>
            <dd>{document.refersTo.number}</dd>
          </>
        )}
        <dt>{t('documents.seller')}</dt>
        <dd>
          <PartyFacts party={document.seller} />
        </dd>
        <dt>{t('documents.buyer')}</dt>
        <dd>
          <PartyFacts party={document.buyer} />
        </dd>
        <dt>{t('documents.contract')}</dt>
        <dd>{t('documents.contractVersion', { id: contractId, version: document.contractVersion })}</dd>
        <dt>{t('detail.period')}</dt>
        <dd>{period(document.period, language)}</dd>
      </dl>
      <table className="receipt__lines">
        <caption className="visually-hidden">{t('documents.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('documents.description')}</th>
            <th scope="col">{t('documents.amount')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{document.line === 'RENTAL' ? t('documents.line.RENTAL', { title }) : t('documents.line.PLATFORM_FEE')}</th>
            <td className="contract__money">{amount(amounts.baseCents)}</td>
          </tr>
          {document.gstRate !== null && document.qstRate !== null && (
            <>
              <tr>
                <th scope="row">{t('documents.gst', { rate: rate(document.gstRate) })}</th>
                <td className="contract__money">{amount(amounts.gstCents)}</td>
              </tr>
              <tr>
                <th scope="row">{t('documents.qst', { rate: rate(document.qstRate) })}</th>
                <td className="contract__money">{amount(amounts.qstCents)}</td>
              </tr>
            </>
          )}
          <tr>
            <th scope="row">{t(credited ? 'documents.totalCredited' : 'documents.total')}</th>
            <td className="contract__money">
              <strong>{amount(amounts.totalCents)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      {document.gstRate === null && <p>{t('documents.untaxed')}</p>}
      <dl className="contract__facts">
        <dt>{t('receipt.paidAt')}</dt>
        <dd>{dateTime(document.paidAt, language)}</dd>
        <dt>{t('documents.paymentReference')}</dt>
        <dd>
          <code>{document.paymentReference}</code>
        </dd>
        {document.creditCause === 'CHARGEBACK' && (
          <>
            <dt>{t('documents.creditCause')}</dt>
            <dd>{t('documents.chargeback')}</dd>
          </>
        )}
        {document.refundReference && document.creditCause === 'REFUND' && (
          <>
            <dt>{t('documents.refundReference')}</dt>
            <dd>
              <code>{document.refundReference}</code>
            </dd>
          </>
        )}
      </dl>
      <p className="receipt__actions">
        <DocumentDownloadButton contractId={contractId} document={document} />
      </p>
    </article>
  );
}
