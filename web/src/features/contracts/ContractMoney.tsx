// Where a paid contract's money stands (issue 37), for its parties and administrators: what was paid,
// what went back to the tenant and by whom, what the owner receives after it, when the payout comes or
// why it waits, what was taken back from the owner after it, and a dispute of the payment. An
// administrator also reads the dispute's reason, the date its evidence is due, and the refunds' reasons.
import { useTranslation } from 'react-i18next';
import { dateTime, money, type ContractMoney } from './contract-format';

interface Props {
  money: ContractMoney;
  /** An administrator reads the dispute's reason and evidence date, and the refunds' reasons. */
  asAdmin: boolean;
}

/** The money's facts, as `<dt>`/`<dd>` pairs of the list they go in. */
export function MoneyFacts({ money: state, asAdmin }: Props) {
  const { t, i18n } = useTranslation('contracts');
  const language = i18n.language;
  const amount = (cents: number) => money(cents, language);
  return (
    <>
      <dt>{t('money.paid')}</dt>
      <dd className="contract__money">{amount(state.paidCents)}</dd>
      {state.refundedCents > 0 && (
        <>
          <dt>{t('money.refunded')}</dt>
          <dd className="contract__money">{amount(state.refundedCents)}</dd>
          <dt>{t('money.ownerShare')}</dt>
          <dd className="contract__money">{amount(state.ownerShareCents)}</dd>
        </>
      )}
      <dt>{t('money.payout')}</dt>
      <dd>
        {state.paidOutCents > 0
          ? t('money.paidOut', { amount: amount(state.paidOutCents) })
          : state.payoutHeld
            ? t(`money.held.${state.payoutHeld}`)
            : state.payoutDueAt
              ? t('money.payoutDue', { date: dateTime(state.payoutDueAt, language) })
              : t('money.noPayout')}
      </dd>
      {state.reversedCents > 0 && (
        <>
          <dt>{t('money.reversed')}</dt>
          <dd className="contract__money">{amount(state.reversedCents)}</dd>
        </>
      )}
      {state.dispute && (
        <>
          <dt>{t('money.dispute')}</dt>
          <dd>
            {t(`money.disputeState.${state.dispute.state}`, { amount: amount(state.dispute.amountCents) })}
            {asAdmin && (
              <>
                {' '}
                {t('money.disputeReason', { reason: state.dispute.reason })}
                {state.dispute.evidenceDueBy && (
                  <strong className="admin-contracts__flag">
                    {' '}
                    {t('money.evidenceDue', { date: dateTime(state.dispute.evidenceDueBy, language) })}
                  </strong>
                )}
              </>
            )}
          </dd>
        </>
      )}
    </>
  );
}

/** The contract page's "Paiement" section. */
export function ContractMoneySection({ money: state, asAdmin }: Props) {
  const { t, i18n } = useTranslation('contracts');
  const language = i18n.language;
  return (
    <section aria-labelledby="contract-money">
      <h2 id="contract-money">{t('money.title')}</h2>
      {state.dispute?.state === 'OPEN' && (
        <p className="contract__notice" role="status">
          {t('money.disputeOpen')}
        </p>
      )}
      <dl className="contract__facts">
        <MoneyFacts money={state} asAdmin={asAdmin} />
      </dl>
      {state.refunds.length > 0 && (
        <>
          <h3>{t('money.refunds')}</h3>
          <ul>
            {state.refunds.map((refund) => (
              <li key={refund.at + refund.amountCents}>
                {t(`money.refund.${refund.state}`, {
                  amount: money(refund.amountCents, language),
                  date: dateTime(refund.at, language),
                  by: t(`money.origin.${refund.origin}`),
                })}
                {asAdmin && refund.reason && ` — ${t('money.refundReason', { reason: refund.reason })}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
