// "Annuler et rembourser" (refundContract), for the version shown. The owner, on a paid contract not
// yet paid out: a confirmation, then the tenant is refunded in full. An administrator, before or after
// the payout: a small form first (the amount, empty for everything left, and the reason, required),
// checked with the server's own rules; after the payout it says that the owner's transfer is taken
// back first.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TadaDocumentNode } from 'gql.tada';
import { readTypedAmount, REFUND_REASON_MAX_LENGTH, refundInputChecks } from '@partage/graphql';
import { readerLanguage } from '../../lib/ads/localized-text';
import { useApiMutation } from '../../lib/api/queries';
import { notifyError } from '../../lib/notifications/notify-error';
import { notify } from '../../lib/notifications/store';
import { useConfirmStep } from '../../lib/ui/confirm-step';
import { money } from './contract-format';
import { REFUND_CONTRACT } from './operations';

interface Props {
  contractId: string;
  version: number;
  /** The queries that show the contract and must be read again. */
  invalidates: TadaDocumentNode<unknown, never>[];
  /** The button's name where several contracts are listed (which one it refunds). */
  label?: string;
  /** An administrator's refund: what is left to give back, and whether the owner was paid out already. */
  admin?: { leftCents: number; afterPayout: boolean };
}

export function RefundAction({ contractId, version, invalidates, label, admin }: Props) {
  const { t } = useTranslation('contracts');
  const { confirming, open, close, openerRef, stepProps } = useConfirmStep();
  const refund = useApiMutation(REFUND_CONTRACT, { invalidates });
  const send = async (extra: { amountCents?: number; reason?: string }) => {
    if (refund.isPending) return;
    try {
      const answer = await refund.mutateAsync({ input: { contractId, expectedVersion: version, ...extra } });
      notify({
        type: 'success',
        text: answer.refundContract.status === 'REFUNDED' ? 'contracts:detail.refunded' : 'contracts:refund.partlyDone',
      });
      close();
    } catch (error) {
      notifyError(error);
    }
  };
  if (!confirming) {
    return (
      <button ref={openerRef} type="button" className="button button--secondary" aria-label={label} onClick={open}>
        {t('detail.refund')}
      </button>
    );
  }
  if (admin) return <AdminRefundForm admin={admin} pending={refund.isPending} onSend={send} onKeep={close} stepProps={stepProps} />;
  return (
    <div {...stepProps} role="group" aria-label={t('detail.refundQuestion')} className="contract__confirm">
      <p>{t('detail.refundQuestion')}</p>
      <button type="button" className="button" aria-disabled={refund.isPending || undefined} onClick={() => void send({})}>
        {t('detail.confirmRefund')}
      </button>
      <button type="button" className="button button--secondary" onClick={close}>
        {t('detail.keep')}
      </button>
    </div>
  );
}

interface FormProps {
  admin: NonNullable<Props['admin']>;
  pending: boolean;
  onSend: (input: { amountCents?: number; reason: string }) => Promise<void>;
  onKeep: () => void;
  stepProps: ReturnType<typeof useConfirmStep>['stepProps'];
}

function AdminRefundForm({ admin, pending, onSend, onKeep, stepProps }: FormProps) {
  const { t, i18n } = useTranslation('contracts');
  const id = useId();
  const [typedAmount, setTypedAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Empty: everything left; else the amount as typed, read in the interface's language.
    const read = typedAmount.trim() ? readTypedAmount(typedAmount, readerLanguage(i18n.language)) : undefined;
    const amountCents = read && 'cents' in read ? read.cents : undefined;
    const rules = Object.fromEntries(refundInputChecks({ amountCents, reason }));
    const amountRule = read && 'rule' in read ? read.rule : rules['input.amountCents'];
    const tooLarge = amountCents !== undefined && amountCents > admin.leftCents;
    const found = {
      ...(amountRule ? { amount: t(`common:validation.${amountRule}`) } : {}),
      ...(tooLarge ? { amount: t('common:errors.REFUND_TOO_LARGE') } : {}),
      ...(rules['input.reason'] ? { reason: t(`common:validation.${rules['input.reason']}`, { max: REFUND_REASON_MAX_LENGTH }) } : {}),
    };
    setErrors(found);
    if (found.amount || found.reason) return;
    void onSend({ ...(amountCents === undefined ? {} : { amountCents }), reason: reason.trim() });
  };
  const field = (name: 'amount' | 'reason') => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${id}-${name}-hint${errors[name] ? ` ${id}-${name}-error` : ''}`,
  });
  return (
    <form {...stepProps} className="contract__confirm contract__refund-form" aria-label={t('refund.title')} noValidate onSubmit={submit}>
      <p>{t(admin.afterPayout ? 'refund.afterPayout' : 'refund.beforePayout')}</p>
      <div className="form-field">
        <label htmlFor={`${id}-amount`}>{t('refund.amount')}</label>
        <input
          {...field('amount')}
          inputMode="decimal"
          autoComplete="off"
          value={typedAmount}
          onChange={(e) => setTypedAmount(e.target.value)}
        />
        <p id={`${id}-amount-hint`} className="form-field__hint">
          {t('refund.amountHint', { left: money(admin.leftCents, i18n.language) })}
        </p>
        {errors.amount && (
          <p id={`${id}-amount-error`} className="form-field__error">
            {errors.amount}
          </p>
        )}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-reason`}>{t('refund.reason')}</label>
        <textarea
          {...field('reason')}
          rows={3}
          maxLength={REFUND_REASON_MAX_LENGTH}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <p id={`${id}-reason-hint`} className="form-field__hint">
          {t('refund.reasonHint')}
        </p>
        {errors.reason && (
          <p id={`${id}-reason-error`} className="form-field__error">
            {errors.reason}
          </p>
        )}
      </div>
      <button type="submit" className="button" aria-disabled={pending || undefined}>
        {t('refund.submit')}
      </button>
      <button type="button" className="button button--secondary" onClick={onKeep}>
        {t('detail.keep')}
      </button>
    </form>
  );
}
