// What each kind of provider event does, by event type: the webhook route (handlers/stripe-webhook.ts)
// runs the handler of a verified event once per event id and acknowledges every other type without
// acting. A capability that listens to more events (the contracts' `checkout.session.*`) adds its
// handlers here. A handler must be safe to run again (a failed run is retried in full by the provider)
// and must ignore an event older than the state it would change (events arrive in any order).

import { logger } from '../../adapters/log';
import { CHARGE_PAYMENT_EVENT_TYPE, MONEY_EVENT_TYPES, type PaymentEvent } from '../../adapters/payment-provider';
import type { KeyedReads, TransactItem } from '../../data/client';
import { CHECKOUT_EVENT_HANDLERS } from '../contracts/contract-payment-events';
import { onDispute, onFraudWarning, onTransferReversed } from '../contracts/contract-disputes';
import { mirrorRefund } from '../contracts/contract-refunds';
import { endOwnerOpenCheckouts } from '../contracts/open-checkout';
import { recordPaymentOnboarding } from '../../data/users';
import { markBankAccounts, markCardPayment } from '../ratings/linked-accounts';
import { onboardingStateOf } from './onboarding-state';

/** The event's claim (its marker by id), which a handling that changes anything takes with its change. */
export interface EventClaim {
  /**
   * The marker's put, conditioned on its absence, for the handling's own transaction: the change and
   * the claim are written together or not at all, and the data function refuses with EVENT_CLAIMED
   * when another delivery of the event won it.
   */
  readonly put: TransactItem;
  /** Claims the event alone, before effects that are no one transaction (a refund, an e-mail); EVENT_CLAIMED when won already. */
  alone(): Promise<void>;
}

export interface PaymentEventHandler<Start = unknown> {
  /**
   * The handling tried first with no read, its writes conditioned on what the event itself says (a
   * Checkout Session's metadata): true when it is done (the common case: one request); false when a
   * condition did not hold and nothing was written, and the handling reads (`read`) and decides
   * (`handle`) as without it. Throws DataRefusal EVENT_CLAIMED when another delivery won the event.
   */
  optimistic?(event: PaymentEvent, claim: EventClaim): Promise<boolean>;
  /**
   * What the handling starts from, read in the same request as the event's marker (so a replay costs
   * that one request); it writes nothing, and the handling's writes are conditioned on what it read.
   * Without it the marker is not read: the claim in the handling's transaction tells a duplicate.
   */
  read?(event: PaymentEvent): KeyedReads<Start>;
  /** Acts on an event not handled yet, given what `read` read (undefined without one). */
  handle(event: PaymentEvent, start: Start, claim: EventClaim): Promise<void>;
}

/** An owner's account changed at the provider (details given, verification done, payouts paused…). */
async function accountUpdated({ account, created }: PaymentEvent, _start: unknown, claim: EventClaim): Promise<void> {
  // The platform names the user in the metadata of the accounts it creates; another account is none of ours.
  if (!account) return;
  // One request, the claim with the state; refused (nothing written, no claim) when the user has no
  // such account or a newer state is stored.
  const state = onboardingStateOf(account);
  const recorded = await recordPaymentOnboarding(account.userId, account.accountId, state, created, claim.put);
  // Payouts disabled (a restricted account): no tenant pays the sessions open for this owner now.
  if (recorded && state !== 'COMPLETE') await endOwnerOpenCheckouts(account.userId);
  // An older event's bank accounts were the owner's all the same: marked whatever the state recorded.
  await markBankAccounts(account);
}

/**
 * A contract's charge succeeded: its card marks the tenant (linked accounts, docs/ratings.md). Only
 * marks, each written if absent: safe to run again, so it claims nothing.
 */
async function chargeSucceeded({ charge }: PaymentEvent): Promise<void> {
  if (charge) await markCardPayment(charge);
}

/**
 * A money event (refund, dispute, fraud warning, reversal: MoneyEvent, decoded by the adapter): claimed
 * alone first, since its effects (a reversal at the provider, e-mails) are no one transaction; each
 * effect is keyed or merged by the provider's ids, so the provider's retry after a failure redoes
 * only what is missing.
 */
async function moneyEvent({ id, type, money }: PaymentEvent, _start: unknown, claim: EventClaim): Promise<void> {
  if (!money) return;
  if (money.kind === 'UNUSABLE') {
    logger().error('payment event cannot be accounted for', { eventId: id, type, reason: money.reason });
    return;
  }
  await claim.alone();
  if (money.kind === 'REFUND' || money.kind === 'CHARGE_REFUNDED') return mirrorRefund(money);
  if (money.kind === 'DISPUTE') return onDispute(money);
  if (money.kind === 'FRAUD_WARNING') return onFraudWarning(money);
  return onTransferReversed(money);
}

export const PAYMENT_EVENT_HANDLERS: Readonly<Record<string, PaymentEventHandler>> = {
  'account.updated': { handle: accountUpdated },
  [CHARGE_PAYMENT_EVENT_TYPE]: { handle: chargeSucceeded },
  ...CHECKOUT_EVENT_HANDLERS,
  ...Object.fromEntries(MONEY_EVENT_TYPES.map((type) => [type, { handle: moneyEvent }])),
};
