// A contract version's price with its sales taxes (issue 39 §3), as the contract page and the receipt
// show it: the price before taxes, the GST and the QST each on its line with the owner's number and
// its rate, the total; the platform's fee with the taxes it includes and the platform's numbers. A
// version without taxes says why, and tells its owner where to state their taxes.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatTaxRate } from '@partage/graphql';
import { PATHS } from '../../app/paths';
import { money, type ContractDetails } from './contract-format';

type Version = ContractDetails['current'];
type Taxes = Version['taxes'];

const readerLanguage = (language: string) => (language === 'en' ? 'en' : 'fr');

/** The owner's price lines and the total, as `<dt>`/`<dd>` pairs of the list they go in. */
export function PriceFacts({ taxes, totalLabel }: { taxes: Taxes; totalLabel: string }) {
  const { t, i18n } = useTranslation('contracts');
  const language = i18n.language;
  const { owner } = taxes;
  const rate = (value: number | null) => (value === null ? '' : formatTaxRate(value, readerLanguage(language)));
  return (
    <>
      {owner.gstNumber && owner.qstNumber && (
        <>
          <dt>{t('taxes.base')}</dt>
          <dd className="contract__money">{money(owner.baseCents, language)}</dd>
          <dt>{t('taxes.gst', { rate: rate(taxes.gstRate), number: owner.gstNumber })}</dt>
          <dd className="contract__money">{money(owner.gstCents, language)}</dd>
          <dt>{t('taxes.qst', { rate: rate(taxes.qstRate), number: owner.qstNumber })}</dt>
          <dd className="contract__money">{money(owner.qstCents, language)}</dd>
        </>
      )}
      <dt>{totalLabel}</dt>
      <dd className="contract__money">{money(owner.totalCents, language)}</dd>
    </>
  );
}

/** The platform's fee, with the taxes it includes when the platform collects them. */
export function FeeFacts({ taxes }: { taxes: Taxes }) {
  const { t, i18n } = useTranslation('contracts');
  const language = i18n.language;
  const fee = taxes.platformFee;
  return (
    <>
      <dt>{t('detail.fee')}</dt>
      <dd>
        <span className="contract__money">{money(fee.totalCents, language)}</span>
        {fee.gstNumber && fee.qstNumber && (
          <>
            {' '}
            {t('taxes.feeIncludes', {
              gst: money(fee.gstCents, language),
              qst: money(fee.qstCents, language),
              gstNumber: fee.gstNumber,
              qstNumber: fee.qstNumber,
            })}
          </>
        )}
      </dd>
    </>
  );
}

/** Why a version carries no GST or QST; its owner is shown where to state their taxes. */
export function UntaxedNote({ taxes, ownerReads }: { taxes: Taxes; ownerReads: boolean }) {
  const { t } = useTranslation('contracts');
  if (taxes.owner.gstNumber) return null;
  const reason = taxes.ownerTaxStatus === 'SMALL_SUPPLIER' ? 'SMALL_SUPPLIER' : 'NOT_STATED';
  return (
    <p className="contract__notice">
      {t(`taxes.untaxed.${reason}`)}
      {ownerReads && reason === 'NOT_STATED' && (
        <>
          {' '}
          <Link to={PATHS.editProfile}>{t('taxes.stateThem')}</Link>
        </>
      )}
    </p>
  );
}
