// The tenant accepts the version of a contract they saw and pays it on the provider's hosted Checkout
// (issue 20 §4, §6). The contract becomes PAID only from the provider's webhook (contract-payment-events.ts);
// here the dates are held for as long as the session stays open and the session is opened.
//
// The order of the steps is what keeps nothing half-written:
// 1. the new attempt is recorded on the contract, without a session yet (a write conditioned on the
//    revision read: of two attempts started at once, one gets CONTRACT_CHANGED before anything else);
//    from then on an event of the previous session (its expiry, asked for next) finds that session is
//    no longer the contract's current one and leaves the dates alone;
// 2. the previous session, if any, is expired at the provider, so it can no longer be paid;
// 3. the dates are held until the new session expires (DATES_UNAVAILABLE when another contract holds
//    them; CONTRACT_CHANGED when the contract moved on);
// 4. the session is opened; if the provider fails, the hold is released (PAYMENT_PROVIDER_UNAVAILABLE);
// 5. the session is recorded as the contract's current one.
// The refund of a paid contract (refundContract) is here too: it is the same money going back.

import {
  AppError,
  CHECKOUT_SESSION_MINUTES,
  PAYMENT_CHECKOUT_PATHS,
  type Contract,
  type ContractCheckout,
  type PayContractInput,
  type RefundContractInput,
} from '@partage/graphql';
import { paymentProvider, type CheckoutSession } from '../../adapters/payment-provider';
import { getAds } from '../../data/ads';
import { getContract, placeBookingHold, releaseBookingHold, replaceContract, type ContractRecord } from '../../data/contracts';
import { getUser } from '../../data/users';
import { now } from '../clock';
import { SIGNED_IN, USER_ONLY, type Identity } from '../identity';
import { appLink, withLanguage } from '../links';
import { providerCall } from '../payments/provider-errors';
import { announceContractStep } from './contract-notices';
import { PAYOUT_CLAIM_MS } from './contract-payouts';
import { contractView } from './contract-view';
import { assertVersion, fire, requireParty, step } from './contracts';

/**
 * Stripe accepts an expiry from 30 minutes after it creates the session: a minute more than the
 * advertised 30 keeps a request that took its time (or a clock slightly behind Stripe's) from being refused.
 */
const SESSION_MARGIN_MS = 60_000;

/** The idempotency key of an attempt's session: a retry of the same attempt gets the same session. */
export const checkoutKey = (contract: Pick<ContractRecord, 'id' | 'version'>, attempt: number) =>
  `checkout-${contract.id}-v${contract.version}-a${attempt}`;

/** The tenant of a SUBMITTED contract, at the version they saw, opens a Checkout Session for it. */
export async function acceptAndPayContract(identity: Identity, input: PayContractInput): Promise<ContractCheckout> {
  const { contract, role, userId } = await requireParty(identity, input?.contractId, USER_ONLY);
  // Only the tenant pays; the owner and an administrator are refused as a third party would be.
  if (role !== 'TENANT') throw new AppError('UNAUTHORIZED_ACCESS', 'Only the tenant pays a contract');
  if (contract.status !== 'SUBMITTED') throw new AppError('CONTRACT_STATUS_CONFLICT', `A ${contract.status} contract cannot be paid`);
  assertVersion(contract, input.expectedVersion);

  const startedAt = now();
  // Whole seconds, as the provider keeps it: the hold lapses at the very instant the session does.
  const expiresAt = new Date(Math.floor((startedAt.getTime() + CHECKOUT_SESSION_MINUTES * 60_000 + SESSION_MARGIN_MS) / 1000) * 1000);
  const previous = contract.checkout;
  const attempt = (previous?.attempt ?? 0) + 1;
  const reserved = await replaceContract(contract, {
    ...contract,
    checkout: { attempt, version: contract.version, sessionId: null, expiresAt: expiresAt.toISOString() },
  });

  const provider = await paymentProvider();
  if (previous?.sessionId) {
    const sessionId = previous.sessionId;
    await providerCall(() => provider.expireCheckoutSession(sessionId, `expire-${sessionId}`));
  }
  await placeBookingHold(
    {
      adId: contract.adId,
      contractId: contract.id,
      startAt: contract.content.startAt,
      endAt: contract.content.endAt,
      expiresAt: expiresAt.toISOString(),
    },
    { status: 'SUBMITTED', version: contract.version },
    startedAt.toISOString(),
  );

  const [tenant, [ad]] = await Promise.all([getUser(userId), getAds([contract.adId])]);
  const language = tenant?.language ?? 'fr';
  const title = ad ? (language === 'en' ? (ad.content.title.en ?? ad.content.title.fr) : (ad.content.title.fr ?? ad.content.title.en)) : '';
  const back = (path: string) => withLanguage(appLink(path, { contrat: contract.id }), language);
  let session: CheckoutSession;
  try {
    session = await providerCall(() =>
      provider.createCheckoutSession({
        contractId: contract.id,
        contractVersion: contract.version,
        adId: contract.adId,
        ownerId: contract.ownerId,
        tenantId: contract.tenantId,
        amountCents: contract.content.totalPriceCents,
        description: title || contract.id,
        successUrl: back(PAYMENT_CHECKOUT_PATHS.success),
        cancelUrl: back(PAYMENT_CHECKOUT_PATHS.cancel),
        expiresAt,
        language,
        ...(tenant?.email ? { customerEmail: tenant.email } : {}),
        idempotencyKey: checkoutKey(contract, attempt),
      }),
    );
  } catch (error) {
    await releaseBookingHold(contract.adId, contract.id, now().toISOString());
    throw error;
  }

  try {
    await replaceContract(reserved, {
      ...reserved,
      checkout: { attempt, version: contract.version, sessionId: session.sessionId, expiresAt: session.expiresAt.toISOString() },
    });
  } catch (error) {
    // Already paid through this very session (its webhook came first): the payment stands.
    if ((await getContract(contract.id))?.payment?.sessionId === session.sessionId) return checkoutOf(session);
    // The contract was edited or cancelled while the session was being opened: that session must not
    // be paid, and the dates it held go back (the edit's own version is paid by a new attempt).
    await providerCall(() => provider.expireCheckoutSession(session.sessionId, `expire-${session.sessionId}`));
    await releaseBookingHold(contract.adId, contract.id, now().toISOString());
    throw error;
  }
  return checkoutOf(session);
}

const checkoutOf = (session: CheckoutSession): ContractCheckout => ({ url: session.url, expiresAt: session.expiresAt.toISOString() });

/**
 * The owner or an administrator cancels a PAID contract before the payout: the whole payment goes
 * back to the tenant, the contract becomes REFUNDED and its dates are freed. Safe to redo at each step:
 * 1. the refund is recorded as asked for (a write conditioned on the revision): from then on the payout
 *    never runs; a payout run holding its claim now refuses the refund (CONTRACT_STATUS_CONFLICT);
 * 2. the provider refunds (key from the contract: asking again refunds once); if it fails, the request
 *    is withdrawn and the contract stays PAID (PAYMENT_PROVIDER_UNAVAILABLE);
 * 3. REFUNDED, the hold released, both parties told.
 */
export async function refundContract(identity: Identity, input: RefundContractInput): Promise<Contract> {
  const { contract, role, userId } = await requireParty(identity, input?.contractId, SIGNED_IN);
  const status = fire(contract, 'REFUND', role);
  assertVersion(contract, input.expectedVersion);
  const payout = contract.payout;
  if (payout?.claimedAt && now().getTime() - Date.parse(payout.claimedAt) < PAYOUT_CLAIM_MS)
    throw new AppError('CONTRACT_STATUS_CONFLICT', 'The payout is under way');
  const asked = await replaceContract(contract, {
    ...contract,
    refund: contract.refund ?? { requestedAt: now().toISOString(), requestedBy: userId },
  });
  const provider = await paymentProvider();
  let refundId: string;
  try {
    ({ refundId } = await providerCall(() =>
      provider.createRefund({ paymentIntentId: contract.payment!.paymentIntentId, idempotencyKey: `refund-contract-${contract.id}` }),
    ));
  } catch (error) {
    await replaceContract(asked, { ...asked, refund: undefined });
    throw error;
  }
  const at = now().toISOString();
  const refunded = await replaceContract(asked, {
    ...asked,
    status,
    updatedAt: at,
    refund: { ...asked.refund!, refundId },
    history: [...asked.history, step('REFUNDED', { status, version: asked.version }, userId, at)],
  });
  await releaseBookingHold(contract.adId, contract.id, at);
  // The conversation has only its two participants: an administrator's refund is shown in the owner's name.
  await announceContractStep(refunded, 'REFUNDED', role === 'ADMIN' ? refunded.ownerId : userId);
  return contractView(refunded, role);
}
