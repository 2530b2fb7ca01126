import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { errorMessageKey } from '../../lib/api/errors';
import type { ResultOf } from '../../lib/api/documents';
import { queryKey, useApiMutation, useApiQuery } from '../../lib/api/queries';
import { queryClient } from '../../lib/api/query-client';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { CONFIRM_PAYMENT_ONBOARDING, PAYMENT_ONBOARDING } from '../../lib/payments/operations';
import { onboardingReturn } from '../../lib/payments/onboarding-return';
import { LoadFailure } from '../../lib/profile-form/LoadFailure';
import { OnboardingActions } from './OnboardingActions';
import { useOnce } from './use-once';

/** While the provider checks the details given, the page asks again this often (its webhook updates the state). */
export const LIVE_STATE_INTERVAL_MS = 5_000;

/**
 * /paiement/fournisseur/valider (spec §2, "payment provider validate"): the provider's onboarding comes
 * back here. The account is read back from the provider, then the state shown follows the provider's
 * events until onboarding is complete; then the contract form the owner left for it is a button away.
 */
export function OnboardingValidatePage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('validate.title'));
  const confirm = useApiMutation(CONFIRM_PAYMENT_ONBOARDING, { invalidates: [PAYMENT_ONBOARDING] });
  useOnce(() => confirm.mutate({}));
  const confirmed = confirm.data?.confirmPaymentOnboarding?.paymentOnboarding;
  // The latest state known (this render's answer of the query below), so that asking again stops once complete.
  const known =
    queryClient.getQueryData<ResultOf<typeof PAYMENT_ONBOARDING>>(queryKey(PAYMENT_ONBOARDING, {}))?.me?.paymentOnboarding ?? confirmed;
  const live = useApiQuery(
    PAYMENT_ONBOARDING,
    {},
    { enabled: confirm.isSuccess, refetchInterval: known === 'INCOMPLETE' ? LIVE_STATE_INTERVAL_MS : false },
  );
  const state = (confirm.isSuccess ? live.data?.me?.paymentOnboarding : undefined) ?? confirmed;
  // The contract form the owner left to onboard, kept as they filled it (ContractForm's draft).
  const [backTo] = useState(onboardingReturn);
  return (
    <div className="page page--narrow">
      <h1>{t('validate.title')}</h1>
      {confirm.isError ? (
        <LoadFailure failure={errorMessageKey(confirm.error)} onRetry={() => confirm.mutate({})} />
      ) : state ? (
        <>
          <p role="status" aria-live="polite">
            {t(`validate.${state}`)}
          </p>
          {state === 'COMPLETE' && backTo ? (
            <p>
              <Link to={backTo} className="button">
                {t('validate.backToContract')}
              </Link>
            </p>
          ) : (
            <OnboardingActions state={state} />
          )}
          <p>
            <Link to={PATHS.payments}>{t('validate.toPayments')}</Link>
          </p>
        </>
      ) : (
        <p role="status">{t('validate.checking')}</p>
      )}
    </div>
  );
}
