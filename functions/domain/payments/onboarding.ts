// An owner's onboarding with the payment provider (spec §6: a USER creates contracts only once
// onboarded). The platform creates the owner's Express account once, sends the owner to the provider's
// hosted pages by one-use links, and stores where onboarding stands on the user item
// (`paymentAccountId`, `paymentOnboarding`), from the provider's answer when the owner comes back and
// from its `account.updated` events (webhook-handlers.ts), whichever is newer.

import { AppError, PAYMENT_ONBOARDING_PATHS, type PaymentLink, type PaymentOnboardingStatus } from '@partage/graphql';
import { paymentProvider } from '../../adapters/payment-provider';
import { getUser, linkPaymentAccount, recordPaymentOnboarding, type UserRecord } from '../../data/users';
import { epochSeconds } from '../clock';
import { appLink, withLanguage } from '../links';
import { enforceRateLimit } from '../rate-limits';
import { onboardingStateOf, paymentOnboardingOf, requirePaymentOnboarding } from './onboarding-state';
import { providerCall } from './provider-errors';

async function existingUser(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/** Creates the user's account at the provider (once) and returns a link to its hosted onboarding. */
export async function startPaymentOnboarding(userId: string): Promise<PaymentLink> {
  const user = await existingUser(userId);
  if (paymentOnboardingOf(user) === 'COMPLETE') throw new AppError('NO_CHANGE', 'Onboarding is already complete');
  await enforceRateLimit('paymentLink', userId);
  const provider = await paymentProvider();
  // The provider makes one account per user id (its idempotency key), and the user item keeps the
  // first one linked: two calls at once end with one account.
  const accountId =
    user.paymentAccountId ??
    (await linkPaymentAccount(
      userId,
      (await providerCall(() => provider.createConnectedAccount({ userId, email: user.email }))).accountId,
    ));
  const inLanguage = (path: string) => withLanguage(appLink(path), user.language);
  return providerCall(() =>
    provider.createOnboardingLink({
      accountId,
      refreshUrl: inLanguage(PAYMENT_ONBOARDING_PATHS.refresh),
      returnUrl: inLanguage(PAYMENT_ONBOARDING_PATHS.validate),
    }),
  );
}

/** Reads the account back from the provider (the owner is back from its pages) and stores the state. */
export async function confirmPaymentOnboarding(userId: string): Promise<PaymentOnboardingStatus> {
  const user = await existingUser(userId);
  const accountId = user.paymentAccountId;
  if (!accountId) return { paymentOnboarding: 'NOT_STARTED' };
  await enforceRateLimit('paymentLink', userId);
  // Taken before the read: an event the provider makes while we read is newer, and wins.
  const readAt = epochSeconds();
  const provider = await paymentProvider();
  const state = onboardingStateOf(await providerCall(() => provider.retrieveAccount(accountId)));
  if (await recordPaymentOnboarding(userId, accountId, state, readAt)) return { paymentOnboarding: state };
  return { paymentOnboarding: paymentOnboardingOf(await existingUser(userId)) };
}

/** A link to the provider's dashboard of the user's account, where its payouts are. */
export async function paymentDashboardLink(userId: string): Promise<PaymentLink> {
  const user = await existingUser(userId);
  requirePaymentOnboarding(user);
  await enforceRateLimit('paymentLink', userId);
  const provider = await paymentProvider();
  return providerCall(() => provider.createDashboardLink(user.paymentAccountId!));
}
