import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentOnboardingState } from '@partage/graphql';
import { errorMessageKey } from '../../lib/api/errors';
import { useApiQuery } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { PAYMENT_ONBOARDING } from '../../lib/payments/operations';
import { LoadFailure } from '../../lib/profile-form/LoadFailure';
import { OnboardingActions } from './OnboardingActions';

/** /paiements (USER): where onboarding with the card payment provider stands, and the way to start, resume or see the payouts. */
export function PaymentsPage() {
  const { t } = useTranslation('payments');
  const titleId = useId();
  usePageTitle(t('page.title'));
  const onboarding = useApiQuery(PAYMENT_ONBOARDING, {});
  const state: PaymentOnboardingState | undefined = onboarding.data?.me?.paymentOnboarding;
  return (
    <div className="page page--narrow">
      <h1>{t('page.title')}</h1>
      <p>{t('page.intro')}</p>
      <section aria-labelledby={titleId} className="panel">
        <h2 id={titleId}>{t('page.onboardingTitle')}</h2>
        {onboarding.isError ? (
          <LoadFailure failure={errorMessageKey(onboarding.error)} onRetry={onboarding.refetch} />
        ) : state ? (
          <>
            <p role="status">{t(`state.${state}`)}</p>
            <OnboardingActions state={state} />
          </>
        ) : (
          <p>{t('loading')}</p>
        )}
      </section>
    </div>
  );
}
