import type { Me } from '@partage/graphql';
import { getUser } from '../../data/users';
import { paymentOnboardingOf } from '../payments/onboarding-state';
import { profileOf } from './profile-view';

/** The signed-in user as `Query.me` shows them; null when the account no longer exists. */
export async function getMe(userId: string): Promise<Me | null> {
  const user = await getUser(userId);
  if (!user) return null;
  return {
    id: user.id,
    type: user.role,
    email: user.email,
    pendingEmail: user.pendingEmail ?? null,
    firstLoginModalClosed: user.firstLoginModalClosed,
    paymentOnboarding: paymentOnboardingOf(user),
    profile: await profileOf(user),
  };
}
