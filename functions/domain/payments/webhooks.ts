// A provider's webhook call: the signature checked over the raw body (a forged, altered, replayed-late
// or other endpoint's body changes nothing), then the event handled at most once per event id. Event
// types nobody listens to are acknowledged and left alone.
//
// Each DynamoDB request costs the provider's call its round trip, so the event's marker is never
// written by itself on the way. A handler that can act from the event alone (`optimistic`: a Checkout
// Session's metadata names all a payment needs) writes its change with the marker's claim in one
// transaction and no read first; a replay is refused there by the claim (`duplicate`, one request).
// Otherwise, or when that transaction is refused, the marker is read in the same request as what the
// handling starts from (a replay answers `duplicate` after that one read), and written in the
// handling's own transaction, conditioned on its absence (a duplicate delivered at the same moment is
// refused there, and its handling changes nothing). A handling whose effects are not one transaction
// (a refund, an e-mail) claims the event alone before them; one that writes nothing claims nothing
// (doing nothing again changes nothing). If the handling fails, the claim it wrote is given back, so
// the provider's retry redoes it in full.

import { randomUUID } from 'node:crypto';
import { paymentProvider, type PaymentEvent } from '../../adapters/payment-provider';
import { readsBoth, readTogether } from '../../data/client';
import { DataRefusal } from '../../data/errors';
import { claimPaymentEvent, paymentEventClaim, paymentEventHandled, releasePaymentEvent } from '../../data/payment-events';
import { epochSeconds } from '../clock';
import { PAYMENT_EVENT_HANDLERS, type EventClaim } from './webhook-handlers';

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

/** Throws WebhookSignatureError for a body the provider did not sign (the route answers 400). */
export async function receivePaymentWebhook(rawBody: string, signatureHeader: string): Promise<WebhookOutcome> {
  const event: PaymentEvent = (await paymentProvider()).verifyWebhook(rawBody, signatureHeader);
  const handler = PAYMENT_EVENT_HANDLERS[event.type];
  if (!handler) return 'ignored';
  const claimer = { event, token: randomUUID(), nowSeconds: epochSeconds() };
  const claim: EventClaim = { put: paymentEventClaim(claimer), alone: () => claimPaymentEvent(claimer) };
  try {
    if (handler.optimistic && (await handler.optimistic(event, claim))) return 'handled';
    let start: unknown;
    if (handler.read) {
      const [handled, read] = await readTogether(readsBoth(paymentEventHandled(event.id), handler.read(event)));
      if (handled) return 'duplicate';
      start = read;
    }
    await handler.handle(event, start, claim);
    return 'handled';
  } catch (error) {
    if (error instanceof DataRefusal && error.reason === 'EVENT_CLAIMED') return 'duplicate';
    await releasePaymentEvent(claimer);
    throw error;
  }
}
