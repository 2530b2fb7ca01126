// What each kind of provider event does, by event type: the webhook route (handlers/stripe-webhook.ts)
// runs the handler of a verified event once per event id and acknowledges every other type without
// acting. A capability that listens to more events (the contracts' `checkout.session.*`) adds its
// handlers here. A handler must be safe to run again (a failed run is retried in full by the provider)
// and must ignore an event older than the state it would change (events arrive in any order).

import type { PaymentEvent } from '../../adapters/payment-provider';
import { CHECKOUT_EVENT_HANDLERS } from '../contracts/contract-payment-events';
import { recordPaymentOnboarding } from '../../data/users';
import { onboardingStateOf } from './onboarding';

export interface PaymentEventHandler {
  /**
   * What the handling starts from, read side by side with the event's claim (so the claim costs no
   * round trip of its own); it writes nothing, and the handling's writes are conditioned on what it read.
   */
  readAhead?: (event: PaymentEvent) => Promise<unknown>;
  /** Acts on the claimed event, given what `readAhead` read (undefined without one). */
  handle: (event: PaymentEvent, readAhead?: unknown) => Promise<void>;
}

const flag = (object: Record<string, unknown>, name: string) => object[name] === true;

/** An owner's account changed at the provider (details given, verification done, payouts paused…). */
async function accountUpdated({ object, created }: PaymentEvent): Promise<void> {
  const accountId = typeof object.id === 'string' ? object.id : undefined;
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  // The platform names the user in the metadata of the accounts it creates; another account is none of ours.
  const userId = typeof metadata.userId === 'string' ? metadata.userId : undefined;
  if (!accountId || !userId) return;
  const state = onboardingStateOf({
    accountId,
    detailsSubmitted: flag(object, 'details_submitted'),
    chargesEnabled: flag(object, 'charges_enabled'),
    payoutsEnabled: flag(object, 'payouts_enabled'),
  });
  // Refused (nothing written) when the user has no such account or a newer state is stored.
  await recordPaymentOnboarding(userId, accountId, state, created);
}

export const PAYMENT_EVENT_HANDLERS: Readonly<Record<string, PaymentEventHandler>> = {
  'account.updated': { handle: accountUpdated },
  ...CHECKOUT_EVENT_HANDLERS,
};
