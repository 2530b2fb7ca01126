import { useTranslation } from 'react-i18next';
import type { PaymentOnboardingState } from '@partage/graphql';
import { errorMessageKey } from '../api/errors';
import { useOnboardingRedirect } from './provider-redirect';

interface Props {
  /**
   * `refused`: the server answered PAYMENT_ONBOARDING_INCOMPLETE (spec §8), announced; said before the owner
   * writes a proposal: `conversation` (beside "Propose a contract"), `contractForm` (above the form).
   */
  reason?: 'refused' | 'conversation' | 'contractForm';
  state?: PaymentOnboardingState;
  /** The page the provider's return page leads back to (the contract form being filled). */
  returnTo?: string;
}

const MESSAGES = {
  refused: 'errors.PAYMENT_ONBOARDING_INCOMPLETE',
  conversation: 'paymentOnboarding.beforeProposal',
  contractForm: 'paymentOnboarding.beforeContract',
} as const;

/** Onboarding with the card payment provider is not done: why it matters here, and a button that starts or resumes it. */
export function OnboardingIncompleteNotice({ reason = 'refused', state = 'INCOMPLETE', returnTo }: Props) {
  const { t } = useTranslation();
  const resume = useOnboardingRedirect(returnTo);
  // Success means the browser is on its way to the provider: the button stays busy until it leaves.
  const leaving = resume.isPending || resume.isSuccess;
  return (
    <div role={reason === 'refused' ? 'alert' : undefined} className="notice">
      <p>{t(MESSAGES[reason])}</p>
      <p>
        <button type="button" className="button" disabled={leaving} onClick={() => resume.mutate({})}>
          {leaving
            ? t('paymentOnboarding.leaving')
            : state === 'NOT_STARTED'
              ? t('paymentOnboarding.start')
              : t('paymentOnboarding.resume')}
        </button>
      </p>
      {resume.isError && <p className="field__error">{t(errorMessageKey(resume.error))}</p>}
    </div>
  );
}
