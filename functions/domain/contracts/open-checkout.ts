// A contract's open payment ended by a change of the owner's or a party's: an edit (a new version) or
// a cancellation. Its Checkout Session is expired at the provider, so the version the tenant saw can
// no longer be paid there (the tenant pays the new version through a new attempt), and the dates it
// held are freed at once rather than when the session would have lapsed.

import { PaymentProviderError, paymentProvider } from '../../adapters/payment-provider';
import { releaseBookingHold, type ContractRecord } from '../../data/contracts';
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
    console.warn(`[payments] could not expire session ${sessionId} of contract ${contract.id}: ${error.message}`);
  }
  await releaseBookingHold(contract.adId, contract.id, now().toISOString());
}
