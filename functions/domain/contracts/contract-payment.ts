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
// A failed attempt frees only its own hold, and only while the contract is still SUBMITTED at that
// attempt (releaseAttemptHold, one transaction): the previous session's payment event may arrive late,
// while this attempt runs, and make the contract PAID on the dates this attempt held; those dates are
// then the paid contract's. And a second "accept and pay" while the session is open, at the same
// version, sends the tenant back to that session rather than opening another (a second tab, the back
// button), so a late event has no second attempt to race with.

import { AppError, CHECKOUT_SESSION_MINUTES, PAYMENT_CHECKOUT_PATHS, type ContractCheckout, type PayContractInput } from '@partage/graphql';
import { paymentProvider, type CheckoutSession } from '../../adapters/payment-provider';
import { getAds } from '../../data/ads';
import {
  bookedPeriods,
  getContract,
  placeBookingHold,
  releaseAttemptHold,
  replaceContract,
  type ContractRecord,
} from '../../data/contracts';
import { getUser } from '../../data/users';
import { now } from '../clock';
import { USER_ONLY, type Identity } from '../identity';
import { appLink, withLanguage } from '../links';
import { providerCall } from '../payments/provider-errors';
import { enforceRateLimit } from '../rate-limits';
import { requireParty } from './contract-parties';
import { assertVersion, requireRentable } from './contracts';
import { adTitleIn } from '../ads/ad-title';

/**
 * Stripe accepts an expiry from 30 minutes after it creates the session: a minute more than the
 * advertised 30 keeps a request that took its time (or a clock slightly behind Stripe's) from being refused.
 */
const SESSION_MARGIN_MS = 60_000;
/** An open session with less time left than this is replaced rather than offered again: the tenant needs time to pay. */
const SESSION_REUSE_MIN_LEFT_MS = 10 * 60_000;

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
  const [tenant, owner, [ad]] = await Promise.all([getUser(userId), getUser(contract.ownerId), getAds([contract.adId])]);
  requireRentable(ad);
  // Nobody is charged for an owner who cannot be paid: suspended, or their account's payouts disabled.
  if (!owner || owner.lockedOut || owner.paymentOnboarding !== 'COMPLETE')
    throw new AppError('OWNER_CANNOT_BE_PAID', 'The owner cannot receive payments now');
  const open = await openCheckout(contract);
  if (open) return open;
  await enforceRateLimit('checkoutStart', userId);

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
      attempt,
    },
    { status: 'SUBMITTED', version: contract.version },
    startedAt.toISOString(),
  );

  const language = tenant?.language ?? 'fr';
  const title = adTitleIn(ad, language);
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
    await releaseAttemptHold(contract.adId, contract.id, attempt, now().toISOString());
    throw error;
  }

  try {
    await replaceContract(reserved, {
      ...reserved,
      checkout: {
        attempt,
        version: contract.version,
        sessionId: session.sessionId,
        expiresAt: session.expiresAt.toISOString(),
        url: session.url,
      },
    });
  } catch (error) {
    // Already paid through this very session (its webhook came first): the payment stands.
    if ((await getContract(contract.id))?.payment?.sessionId === session.sessionId) return checkoutOf(session);
    // The contract was edited, cancelled or paid through the previous session while this one was being
    // opened: this session must not be paid, and the dates this attempt held go back if they are still
    // its own (not those of a contract paid meanwhile, nor a newer attempt's).
    await providerCall(() => provider.expireCheckoutSession(session.sessionId, `expire-${session.sessionId}`));
    await releaseAttemptHold(contract.adId, contract.id, attempt, now().toISOString());
    throw error;
  }
  return checkoutOf(session);
}

/**
 * The session of the contract's present attempt, if the tenant can still pay it: opened for this
 * version, with time left, and its hold still live (its expiry event frees the hold).
 */
async function openCheckout(contract: ContractRecord): Promise<ContractCheckout | undefined> {
  const open = contract.checkout;
  if (!open?.url || !open.sessionId || open.version !== contract.version) return undefined;
  if (Date.parse(open.expiresAt) - now().getTime() <= SESSION_REUSE_MIN_LEFT_MS) return undefined;
  const holds = await bookedPeriods(contract.adId, now().toISOString());
  const held = holds.some((hold) => hold.contractId === contract.id && hold.attempt === open.attempt);
  return held ? { url: open.url, expiresAt: open.expiresAt } : undefined;
}

const checkoutOf = (session: CheckoutSession): ContractCheckout => ({ url: session.url, expiresAt: session.expiresAt.toISOString() });
