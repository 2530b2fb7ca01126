// A provider's webhook call: the signature checked over the raw body (a forged, altered, replayed-late
// or other endpoint's body changes nothing), then the event handled at most once per event id (a
// marker claimed by a conditional put; given back if the handling fails, so the provider's retry
// redoes it in full). Event types nobody listens to are acknowledged and left alone.

import { paymentProvider, type PaymentEvent } from '../../adapters/payment-provider';
import { claimPaymentEvent, releasePaymentEvent } from '../../data/payment-events';
import { epochSeconds } from '../clock';
import { PAYMENT_EVENT_HANDLERS } from './webhook-handlers';

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

/** Throws WebhookSignatureError for a body the provider did not sign (the route answers 400). */
export async function receivePaymentWebhook(rawBody: string, signatureHeader: string): Promise<WebhookOutcome> {
  const event: PaymentEvent = (await paymentProvider()).verifyWebhook(rawBody, signatureHeader);
  const handle = PAYMENT_EVENT_HANDLERS[event.type];
  if (!handle) return 'ignored';
  if (!(await claimPaymentEvent(event, epochSeconds()))) return 'duplicate';
  try {
    await handle(event);
  } catch (error) {
    await releasePaymentEvent(event.id);
    throw error;
  }
  return 'handled';
}
