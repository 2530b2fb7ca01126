// "Annuler le contrat" (cancelContract), for the version shown, after a confirmation. Before the
// payment either party cancels and nothing moves. After it the tenant cancels under the paid version's
// policy (issue 39 §2): the confirmation says what goes back, as the server computed it, and sends that
// amount; if a tier ended meanwhile the server refuses (CANCELLATION_TERMS_CHANGED) and the page reads
// the contract again, so the next confirmation shows the new amount.
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/errors';
import { useApiMutation } from '../../lib/api/queries';
import { notifyError } from '../../lib/notifications/notify-error';
import { notify } from '../../lib/notifications/store';
import { useConfirmStep } from '../../lib/ui/confirm-step';
import { dateTime, money, type ContractDetails } from './contract-format';
import { CANCEL_CONTRACT, CONTRACT, MY_CONTRACTS } from './operations';

interface Props {
  contract: Pick<ContractDetails, 'id' | 'version' | 'cancellationQuote'>;
  /** Reads the contract again (its quote changed). */
  onStale: () => void;
}

export function CancelAction({ contract, onStale }: Props) {
  const { t, i18n } = useTranslation(['contracts', 'adFields']);
  const language = i18n.language;
  const { confirming, open, close, openerRef, stepProps } = useConfirmStep();
  const cancel = useApiMutation(CANCEL_CONTRACT, { invalidates: [CONTRACT, MY_CONTRACTS] });
  const quote = contract.cancellationQuote;
  const confirm = async () => {
    if (cancel.isPending) return;
    try {
      await cancel.mutateAsync({
        input: { contractId: contract.id, expectedVersion: contract.version, ...(quote ? { expectedRefundCents: quote.refundCents } : {}) },
      });
      notify({ type: 'success', text: quote ? 'contracts:cancellation.done' : 'contracts:detail.cancelled' });
    } catch (error) {
      notifyError(error);
      if (error instanceof ApiError && error.code === 'CANCELLATION_TERMS_CHANGED') onStale();
    } finally {
      close();
    }
  };
  if (!confirming)
    return (
      <button ref={openerRef} type="button" className="button button--secondary" onClick={open}>
        {t(quote ? 'cancellation.action' : 'detail.cancel')}
      </button>
    );
  const question = quote
    ? quote.refundCents > 0
      ? t('cancellation.question', {
          amount: money(quote.refundCents, language),
          percent: quote.percent,
          until: dateTime(quote.until, language),
        })
      : t('cancellation.questionNothing')
    : t('detail.cancelQuestion');
  return (
    <div {...stepProps} role="group" aria-labelledby="cancel-question" className="contract__confirm">
      <p id="cancel-question">{question}</p>
      {quote && <p>{t(`adFields:cancellationPolicyTerms.${quote.policy}`)}.</p>}
      <button type="button" className="button" aria-disabled={cancel.isPending || undefined} onClick={() => void confirm()}>
        {t(quote ? 'cancellation.confirm' : 'detail.confirmCancel')}
      </button>
      <button type="button" className="button button--secondary" onClick={close}>
        {t('detail.keep')}
      </button>
    </div>
  );
}
