// "Annuler et rembourser" (the owner or an administrator, on a paid contract not yet paid out): asks to
// confirm first, then refunds the tenant in full through refundContract, for the version shown.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TadaDocumentNode } from 'gql.tada';
import { useApiMutation } from '../../lib/api/queries';
import { notifyError } from '../../lib/notifications/notify-error';
import { notify } from '../../lib/notifications/store';
import { REFUND_CONTRACT } from './operations';

interface Props {
  contractId: string;
  version: number;
  /** The queries that show the contract and must be read again. */
  invalidates: TadaDocumentNode<unknown, never>[];
  /** The button's name where several contracts are listed (which one it refunds). */
  label?: string;
}

export function RefundAction({ contractId, version, invalidates, label }: Props) {
  const { t } = useTranslation('contracts');
  const [confirming, setConfirming] = useState(false);
  const refund = useApiMutation(REFUND_CONTRACT, { invalidates });
  const confirm = async () => {
    try {
      await refund.mutateAsync({ input: { contractId, expectedVersion: version } });
      notify({ type: 'success', text: 'contracts:detail.refunded' });
    } catch (error) {
      notifyError(error);
    } finally {
      setConfirming(false);
    }
  };
  if (!confirming) {
    return (
      <button type="button" className="button button--secondary" aria-label={label} onClick={() => setConfirming(true)}>
        {t('detail.refund')}
      </button>
    );
  }
  return (
    <div role="group" aria-label={t('detail.refundQuestion')} className="contract__confirm">
      <p>{t('detail.refundQuestion')}</p>
      <button type="button" className="button" aria-disabled={refund.isPending || undefined} onClick={() => void confirm()}>
        {t('detail.confirmRefund')}
      </button>
      <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
        {t('detail.keep')}
      </button>
    </div>
  );
}
