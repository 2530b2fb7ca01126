// POST /webhooks/stripe: the payment provider's events (Stripe, or the local simulator, which signs
// the same way). The body is kept raw for the signature; a refused signature answers 400 (VALIDATION_FAILED)
// and writes nothing; a verified event answers 200 as soon as it is handled (Stripe waits at most seconds), an
// unexpected failure 500 so that Stripe retries it.

import { AppError } from '@partage/graphql';
import { WebhookSignatureError } from '../adapters/payment-provider';
import { receivePaymentWebhook } from '../domain/payments/webhooks';
import { httpHandler, json, requireJsonRequest } from './shared/http';
import { tracer } from '../adapters/tracing';
import { observed } from './shared/observed';

/** Stripe's events weigh a few kilobytes: a larger body is refused before any signature work. */
export const WEBHOOK_BODY_MAX_BYTES = 512 * 1024;

export const handler = observed(
  'stripe-webhook',
  httpHandler(async (event) => {
    requireJsonRequest(event); // Stripe sends application/json; like every route, no other type (415)
    const signature = event.headers?.['stripe-signature'];
    const body = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : (event.body ?? '');
    if (!signature || !body) throw new AppError('VALIDATION_FAILED', 'A signed event is expected', [{ path: 'body', rule: 'required' }]);
    if (Buffer.byteLength(body) > WEBHOOK_BODY_MAX_BYTES)
      throw new AppError('VALIDATION_FAILED', 'The body is too large', [{ path: 'body', rule: 'maxLength' }]);
    try {
      return json(200, { received: true, outcome: await receivePaymentWebhook(body, signature) });
    } catch (error) {
      if (error instanceof WebhookSignatureError)
        throw new AppError('VALIDATION_FAILED', 'The signature does not match the body', [{ path: 'stripe-signature', rule: 'signature' }]);
      throw error;
    }
  }),
  { tracer },
);
