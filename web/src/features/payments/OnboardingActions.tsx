import { useTranslation } from 'react-i18next';
import type { PaymentOnboardingState } from '@partage/graphql';
import { errorMessageKey } from '../../lib/api/errors';
import { useDashboardRedirect, useOnboardingRedirect } from '../../lib/payments/provider-redirect';

/** Start or resume onboarding at the provider, or, once complete, open its dashboard of the account's payouts. */
export function OnboardingActions({ state }: { state: PaymentOnboardingState }) {
  const { t } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const onboard = useOnboardingRedirect();
  const dashboard = useDashboardRedirect();
  const action = state === 'COMPLETE' ? dashboard : onboard;
  // Success means the browser is on its way to the provider's page.
  const leaving = action.isPending || action.isSuccess;
  const label = state === 'COMPLETE' ? t('actions.dashboard') : state === 'NOT_STARTED' ? t('actions.start') : t('actions.resume');
  return (
    <>
      <p>
        <button type="button" className="button" disabled={leaving} onClick={() => action.mutate({})}>
          {leaving ? tCommon('paymentOnboarding.leaving') : label}
        </button>
      </p>
      {action.isError && (
        <p role="alert" className="notice notice--error">
          {tCommon(errorMessageKey(action.error))}
        </p>
      )}
    </>
  );
}
