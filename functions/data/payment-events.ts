// Webhook events already handled, by the provider's event id: a replay or a duplicate delivery finds
// its marker and changes nothing. Kept a month (Stripe retries an undelivered event for 3 days).
//
// The marker is written in the same transaction as the handling's own change (`paymentEventClaim`),
// so claiming an event costs no round trip of its own and a refused change leaves no marker behind;
// a handling whose effects are not one transaction (a refund, an e-mail) claims it alone first
// (`claimPaymentEvent`). Each marker carries the token of the handling that wrote it, so that a
// handling that fails gives back its own claim and never one a concurrent delivery won.

import { claimAlone, claimPut, releaseClaim } from './claims';
import { keyedRead, type KeyedReads, type TransactItem } from './client';
import { DataRefusal } from './errors';
import { paymentEventKey } from './keys';

const KEEP_SECONDS = 30 * 24 * 3600;

/** Who claims which event, and when. */
export interface PaymentEventClaimer {
  event: { id: string; type: string };
  /** Unique to one handling: its claim is given back by it only. */
  token: string;
  nowSeconds: number;
}

/** Whether the event was handled already (its marker exists), read along with the handling's first reads. */
export const paymentEventHandled = (eventId: string): KeyedReads<boolean> => keyedRead(paymentEventKey(eventId), Boolean);

const markerOf = ({ event, nowSeconds }: PaymentEventClaimer) => ({
  type: 'PaymentEvent',
  eventType: event.type,
  receivedAt: nowSeconds,
  ttl: nowSeconds + KEEP_SECONDS,
});

/**
 * The marker's put, conditioned on its absence, for the handling's transaction; the data function
 * that writes it answers DataRefusal EVENT_CLAIMED when that condition refused the transaction.
 */
export function paymentEventClaim(claimer: PaymentEventClaimer): TransactItem {
  return claimPut(paymentEventKey(claimer.event.id), claimer.token, markerOf(claimer));
}

/** Claims the event by itself; DataRefusal EVENT_CLAIMED when it was claimed already (a duplicate or a replay). */
export async function claimPaymentEvent(claimer: PaymentEventClaimer): Promise<void> {
  if (!(await claimAlone(paymentEventKey(claimer.event.id), claimer.token, markerOf(claimer)))) {
    throw new DataRefusal('EVENT_CLAIMED', `Event ${claimer.event.id} was handled already`);
  }
}

/**
 * Gives the claim back after a failed handling, so the provider's retry is handled in full; a marker
 * of another handling (one that won the event) or none at all is left as it is.
 */
export async function releasePaymentEvent({ event, token }: Pick<PaymentEventClaimer, 'event' | 'token'>): Promise<void> {
  await releaseClaim(paymentEventKey(event.id), token);
}
