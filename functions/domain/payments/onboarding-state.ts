// Where a user's onboarding with the payment provider stands, read from what is stored: apart from
// onboarding.ts, which calls the provider, so that the code that only reads it (the account's own
// page, contract creation) carries no payment adapter.

import { AppError, type PaymentOnboardingState } from '@partage/graphql';
import type { ConnectedAccountState } from '../../adapters/payment-provider';
import type { UserRecord } from '../../data/users';

/** Complete once the provider accepts charges and payouts for the account and has every detail it asked for. */
export const onboardingStateOf = (account: ConnectedAccountState): Exclude<PaymentOnboardingState, 'NOT_STARTED'> =>
  account.detailsSubmitted && account.chargesEnabled && account.payoutsEnabled ? 'COMPLETE' : 'INCOMPLETE';

export const paymentOnboardingOf = (user: UserRecord): PaymentOnboardingState => user.paymentOnboarding ?? 'NOT_STARTED';

/** PAYMENT_ONBOARDING_INCOMPLETE unless the user can be paid (what contract creation checks). */
export function requirePaymentOnboarding(user: UserRecord): void {
  if (paymentOnboardingOf(user) !== 'COMPLETE')
    throw new AppError('PAYMENT_ONBOARDING_INCOMPLETE', 'Onboarding with the payment provider is not complete');
}
