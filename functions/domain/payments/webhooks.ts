// A provider's webhook call: the signature checked over the raw body (a forged, altered, replayed-late
// or other endpoint's body changes nothing), then the event handled at most once per event id (a
// marker claimed by a conditional put; given back if the handling fails, so the provider's retry
// redoes it in full). Event types nobody listens to are acknowledged and left alone. The handler's
// first read goes side by side with the claim; nothing is written before the claim is won.

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
  // A failed read is the handling's failure (once claimed), never an unhandled rejection.
  const ahead = handle.readAhead?.(event).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const [claimed, read] = await Promise.all([claimPaymentEvent(event, epochSeconds()), ahead]);
  if (!claimed) return 'duplicate';
  try {
    if (read && 'error' in read) throw read.error;
    await handle.handle(event, read?.value);
  } catch (error) {
    await releasePaymentEvent(event.id);
    throw error;
  }
  return 'handled';
}
