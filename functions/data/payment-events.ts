// Webhook events already handled, by the provider's event id: a replay or a duplicate delivery finds
// its marker and changes nothing. Kept a month (Stripe retries an undelivered event for 3 days).

import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { paymentEventKey } from './keys';

const KEEP_SECONDS = 30 * 24 * 3600;

/** Claims the event for handling: false when it was already claimed (a duplicate or a replay). */
export async function claimPaymentEvent(event: { id: string; type: string }, nowSeconds: number): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...paymentEventKey(event.id),
          type: 'PaymentEvent',
          eventType: event.type,
          receivedAt: nowSeconds,
          ttl: nowSeconds + KEEP_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives the claim back after a failed handling, so the provider's retry is handled in full. */
export async function releasePaymentEvent(eventId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: paymentEventKey(eventId) }));
}
