import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../api/errors';
import { useOnboardingRedirect } from './provider-redirect';

/**
 * What a screen shows when the server answers PAYMENT_ONBOARDING_INCOMPLETE (spec §8, "card payment
 * provider onboarding incomplete"): the message and a button that resumes onboarding at the provider.
 */
export function OnboardingIncompleteNotice() {
  const { t } = useTranslation();
  const resume = useOnboardingRedirect();
  // Success means the browser is on its way to the provider: the button stays busy until it leaves.
  const leaving = resume.isPending || resume.isSuccess;
  return (
    <div role="alert" className="notice">
      <p>{t('errors.PAYMENT_ONBOARDING_INCOMPLETE')}</p>
      <p>
        <button type="button" className="button" disabled={leaving} onClick={() => resume.mutate({})}>
          {leaving ? t('paymentOnboarding.leaving') : t('paymentOnboarding.resume')}
        </button>
      </p>
      {resume.isError && <p className="field__error">{t(errorMessageKey(resume.error))}</p>}
    </div>
  );
}
