// The provider's hosted pages (onboarding, Express dashboard) are reached by one-use links made on
// demand, then a full-page redirect: nothing of them is embedded, so the CSP stays as tight as it is.
import { useApiMutation } from '../api/queries';
import { leaveForProvider } from './leave-for-provider';
import { rememberOnboardingReturn } from './onboarding-return';
import { START_PAYMENT_ONBOARDING, PAYMENT_DASHBOARD_LINK, PAYMENT_ONBOARDING } from './operations';

/** Starts (or resumes) onboarding: a new link, then the provider's page; its return page offers `returnTo` (onboarding-return.ts). */
export const useOnboardingRedirect = (returnTo?: string) =>
  useApiMutation(START_PAYMENT_ONBOARDING, {
    invalidates: [PAYMENT_ONBOARDING],
    onSuccess: (answer) => {
      if (!answer.startPaymentOnboarding) return;
      rememberOnboardingReturn(returnTo);
      leaveForProvider(answer.startPaymentOnboarding.url);
    },
  });

/** Opens the provider's dashboard of the user's account (payouts). */
export const useDashboardRedirect = () =>
  useApiMutation(PAYMENT_DASHBOARD_LINK, {
    onSuccess: (answer) => {
      if (answer.paymentDashboardLink) leaveForProvider(answer.paymentDashboardLink.url);
    },
  });
