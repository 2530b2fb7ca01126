// The payments port's errors, apart from the port so that its adapters import them without a cycle.

/**
 * A refused or failed provider call. `kind` says what to do with it: `invalidRequest` (a bug or a state
 * the provider refuses, e.g. a restricted account), `card` (declined), `authentication`/`permission`
 * (keys), `rateLimit`/`connection`/`api` (retry later), `idempotency` (a key reused with other parameters).
 */
export type PaymentProviderErrorKind =
  'invalidRequest' | 'card' | 'authentication' | 'permission' | 'rateLimit' | 'connection' | 'api' | 'idempotency';

export class PaymentProviderError extends Error {
  constructor(
    readonly kind: PaymentProviderErrorKind,
    message: string,
    readonly statusCode?: number,
    /** The provider's own code (e.g. `account_invalid`, `card_declined`). */
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }

  /** Worth retrying later with the same idempotency key. */
  get retryable(): boolean {
    return this.kind === 'rateLimit' || this.kind === 'connection' || this.kind === 'api';
  }
}

/** A webhook body whose signature is missing, wrong, made with another secret or too old. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Seconds a webhook's signature stays acceptable (Stripe's default tolerance: replays of older bodies fail). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
