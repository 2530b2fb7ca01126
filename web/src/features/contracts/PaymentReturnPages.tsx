// Where the provider's hosted Checkout sends the tenant back (spec §2, "payment success" and "payment
// cancel"), each given the contract as `?contrat=<id>`. The browser's return proves nothing: the
// success page says the payment is being confirmed until the contract's live event shows it PAID
// (the provider's verified webhook is what makes it so). The cancel page says nothing was charged
// and offers the contract's page, from which the tenant pays again (a new session).
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { contractPath } from '../../app/paths';
import { useApiQuery } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { Outcome } from '../../lib/ui/Outcome';
import { useContractEvents } from './live-contract-events';
import { CONTRACT } from './operations';
import './contracts.css';

/** The statuses a contract reaches once paid. */
const PAID_OR_AFTER = new Set(['PAID', 'PAYOUT_DONE', 'CLOSED', 'REFUNDED']);

export function PaymentSuccessPage() {
  const { t } = useTranslation('contracts');
  usePageTitle(t('payment.successTitle'));
  const [params] = useSearchParams();
  const id = params.get('contrat') ?? '';
  useContractEvents();
  const query = useApiQuery(CONTRACT, { id }, { enabled: id !== '' });
  const status = query.data?.contract?.status;
  return (
    <div className="page page--narrow">
      <h1>{t('payment.successTitle')}</h1>
      {!id ? (
        <p>{t('payment.missing')}</p>
      ) : status && PAID_OR_AFTER.has(status) ? (
        <Outcome tone="success">
          <p role="status">{t('payment.confirmed')}</p>
        </Outcome>
      ) : status === 'CANCELLED' ? (
        <p role="status">{t('payment.notPaid')}</p>
      ) : (
        <p role="status" aria-live="polite">
          {t('payment.confirming')}
        </p>
      )}
      {id && (
        <p>
          <Link to={contractPath(id)}>{t('payment.toContract')}</Link>
        </p>
      )}
    </div>
  );
}

export function PaymentCancelPage() {
  const { t } = useTranslation('contracts');
  usePageTitle(t('payment.cancelTitle'));
  const [params] = useSearchParams();
  const id = params.get('contrat') ?? '';
  return (
    <div className="page page--narrow">
      <h1>{t('payment.cancelTitle')}</h1>
      <Outcome tone="info">
        <p>{t('payment.cancelNotice')}</p>
      </Outcome>
      {id ? (
        <p>
          <Link to={contractPath(id)} className="button">
            {t('payment.retry')}
          </Link>
        </p>
      ) : (
        <p>{t('payment.missing')}</p>
      )}
    </div>
  );
}
