// The demo owner (proprietaire@exemple.ca) can be paid from the first `npm start`: their account at
// the local payment simulator is seeded complete, as if they had gone through its onboarding, and the
// state is stored on their user item the way the webhook stores it. Only with the simulator: on Stripe
// an account is onboarded by its owner, never by a seed.

import { seedCompletedSimulatorAccount } from '../../adapters/payment-simulator';
import { getUser, linkPaymentAccount, recordPaymentOnboarding, type UserRecord } from '../../data/users';
import { epochSeconds } from '../clock';

export async function onboardDemoOwner(owner: Pick<UserRecord, 'id' | 'email'>): Promise<void> {
  if (process.env.PAYMENT_PROVIDER_ADAPTER !== 'simulator') return;
  // Seeding again changes nothing (and does not move the state's time).
  if ((await getUser(owner.id))?.paymentOnboarding === 'COMPLETE') return;
  const accountId = `acct_sim_${owner.id.replace(/[^\w]/g, '_')}`;
  await seedCompletedSimulatorAccount({ accountId, userId: owner.id, email: owner.email });
  const linked = await linkPaymentAccount(owner.id, accountId);
  if (linked === accountId) await recordPaymentOnboarding(owner.id, accountId, 'COMPLETE', epochSeconds());
}
