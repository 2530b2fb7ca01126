// A contract's open payment ended by a change of the owner's or a party's: an edit (a new version) or
// a cancellation; and every open payment of an owner who can no longer be paid. Its Checkout Session
// is expired at the provider, so the version the tenant saw can no longer be paid there (the tenant
// pays the new version through a new attempt), and the dates it held are freed at once rather than
// when the session would have lapsed.

import { logger } from '../../adapters/log';
import { PaymentProviderError, paymentProvider } from '../../adapters/payment-provider';
import { partyContracts, releaseAttemptHold, releaseBookingHold, type ContractRecord } from '../../data/contracts';
import { now } from '../clock';

/**
 * Called after the change is written. A provider that fails is logged and left alone: the change
 * stands, the session lapses on its own, and a payment of it that still completes is refunded by the
 * webhook (a stale version). The key is the one any expiry of that session uses: asking again expires once.
 */
export async function endOpenCheckout(contract: ContractRecord): Promise<void> {
  const sessionId = contract.checkout?.sessionId;
  if (!sessionId) return;
  try {
    await (await paymentProvider()).expireCheckoutSession(sessionId, `expire-${sessionId}`);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger().warn('could not expire a Checkout Session', { sessionId, contractId: contract.id, reason: error.message });
  }
  await releaseBookingHold(contract.adId, contract.id, now().toISOString());
}

/** A page of an owner's contracts, read while ending their open sessions. */
const OWNER_CONTRACTS_PAGE = 50;

/**
 * An owner who can no longer be paid (their account's payouts disabled at the provider, or suspended):
 * every session open for one of their contracts is expired at the provider and its dates freed, so that
 * no tenant pays them now (a new attempt is refused: OWNER_CANNOT_BE_PAID). A contract paid meanwhile
 * keeps its dates (the release is the attempt's own). Answers how many sessions were ended.
 */
export async function endOwnerOpenCheckouts(ownerId: string): Promise<number> {
  const provider = await paymentProvider();
  let ended = 0;
  let nextToken: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof partyContracts>> = await partyContracts('OWNER', ownerId, OWNER_CONTRACTS_PAGE, nextToken);
    for (const contract of page.contracts) {
      const checkout = contract.checkout;
      if (contract.status !== 'SUBMITTED' || !checkout?.sessionId) continue;
      await provider.expireCheckoutSession(checkout.sessionId, `expire-${checkout.sessionId}`);
      if (await releaseAttemptHold(contract.adId, contract.id, checkout.attempt, now().toISOString())) ended++;
    }
    nextToken = page.nextToken;
  } while (nextToken);
  return ended;
}
