import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api/errors';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { useOnboardingRedirect } from '../../lib/payments/provider-redirect';
import { LoadFailure } from '../../lib/profile-form/LoadFailure';
import { useOnce } from './use-once';

/**
 * /paiement/fournisseur/actualiser (spec §2, "payment provider refresh link"): the provider sends the
 * owner here when an onboarding link expired or was used; a fresh link is made and followed at once.
 */
export function OnboardingRefreshPage() {
  const { t } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  usePageTitle(t('refresh.title'));
  const onboard = useOnboardingRedirect();
  useOnce(() => onboard.mutate({}));
  return (
    <div className="page page--narrow">
      <h1>{t('refresh.title')}</h1>
      {onboard.isError ? (
        <LoadFailure failure={errorMessageKey(onboard.error)} onRetry={() => onboard.mutate({})} />
      ) : (
        <p role="status">{tCommon('paymentOnboarding.leaving')}</p>
      )}
    </div>
  );
}
