// What a caller of the API sees of a failed provider call: PAYMENT_PROVIDER_UNAVAILABLE (nothing was
// changed; trying again is safe, every write carrying an idempotency key). The cause is logged for the
// operator, never shown (it may name the platform's configuration).

import { AppError } from '@partage/graphql';
import { logger } from '../../adapters/log';
import { PaymentProviderError } from '../../adapters/payment-provider';

export async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger().error('payment provider call failed', {
      kind: error.kind,
      statusCode: error.statusCode,
      providerCode: error.providerCode,
      reason: error.message,
    });
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'The payment provider could not be reached; try again');
  }
}
