// Error codes carried by GraphQL errors (`errorType`, and `extensions.code` on the local host)
// and by HTTP error bodies. The web app maps each code to a translated message (spec §8):
// key `errors.<CODE>` in web/src/locales/{fr,en}/common.json.

export const ERROR_CODES = [
  'UNAUTHORIZED_ACCESS',
  'UNAUTHENTICATED',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'DUPLICATE_EMAIL',
  'EMAIL_NOT_CONFIRMED',
  'USER_LOCKED_OUT',
  'INVALID_CREDENTIALS',
  'INVALID_TOKEN',
  'INCORRECT_PASSWORD',
  'NO_CHANGE',
  'RATE_LIMITED',
  'PHONE_CODE_TOO_SOON',
  'PHONE_NO_VERIFICATION',
  'PHONE_CODE_EXPIRED',
  'PHONE_TOO_MANY_ATTEMPTS',
  'PHONE_CODE_INVALID',
  'PHONE_NOT_VERIFIED',
  'TRANSFER_USER_NOT_FOUND',
  'AD_NOT_TRANSFERABLE',
  'AD_CHANGED',
  'ALERT_ALREADY_DELETED',
  'TERMS_NOT_ACCEPTED',
  'OWN_AD_CONVERSATION',
  /** The other side of the conversation blocked the caller: no message, no new conversation with them. */
  'USER_BLOCKED',
  /** The contact form: no team address is configured (CONTACT_EMAIL), or it was sent too soon after opening. */
  'CONTACT_UNAVAILABLE',
  'CONTACT_TOO_FAST',
  /** The payment provider's onboarding (Stripe Connect) is not finished: contracts and payouts wait for it. */
  'PAYMENT_ONBOARDING_INCOMPLETE',
  /** The payment provider refused or failed a call; nothing was changed, the call may be tried again. */
  'PAYMENT_PROVIDER_UNAVAILABLE',
  /** Contracts: the version acted on is not the contract's present one (edited, cancelled or paid meanwhile). */
  'CONTRACT_CHANGED',
  /** The period overlaps one held for another contract of the ad. */
  'DATES_UNAVAILABLE',
  /** The transition is not possible from the contract's present status (e.g. editing a paid contract). */
  'CONTRACT_STATUS_CONFLICT',
  /** The ad is not published (its owner took it down, or moderation hid it): no contract is proposed or paid for it now. */
  'AD_NOT_AVAILABLE',
  /** The owner cannot receive the payout now (their account is suspended, or the payment provider disabled its payouts): nothing is charged. */
  'OWNER_CANNOT_BE_PAID',
  /** The contract has CONTRACT_MAX_VERSIONS versions already: cancel it and propose a new one. */
  'CONTRACT_TOO_MANY_VERSIONS',
  /** A dispute of the payment is open: the bank holds the money, nothing can be refunded or paid out until it is decided. */
  'CONTRACT_DISPUTED',
  /** A paid rental is cancelled from its start on: it can no longer be (the owner may still refund). */
  'CANCELLATION_TOO_LATE',
  /** Cancelling now gives back another amount than the page showed (a tier ended meanwhile): read it again. */
  'CANCELLATION_TERMS_CHANGED',
  /** The paid version has no cancellation policy (made before policies): the tenant asks the owner. */
  'CANCELLATION_NOT_OFFERED',
  /** An export for the books asks for more than BOOKS_EXPORT_MAX_DAYS days: ask for a year at most. */
  'EXPORT_PERIOD_TOO_LONG',
  /** A refund asks more than what is left of the payment to give back. */
  'REFUND_TOO_LARGE',
  /** Ratings: the rental is not over yet (or the contract never reached payout), so nothing can be rated. */
  'RATING_NOT_OPEN',
  /** Ratings: the deadline to rate has passed. */
  'RATING_CLOSED',
  /** Ratings: this side has already sent its rating of the contract (a rating is final). */
  'RATING_ALREADY_GIVEN',
  /** A review has its answer already (one per review). */
  'REVIEW_ALREADY_ANSWERED',
  /** The user keeps FAVOURITES_PER_USER_MAX favourites already: one must go before another is saved. */
  'FAVOURITES_FULL',
  /** A contract of the person still moves money (paid and not paid out, a dispute or a refund under way): the account cannot be deleted yet. */
  'ACCOUNT_HAS_ACTIVE_CONTRACTS',
  /** The SMS service (Twilio Verify) failed or did not answer in time, sending or checking a code: asking again is allowed at once. */
  'PHONE_SERVICE_UNAVAILABLE',
  /** A service behind the API (the table, the mail service) is throttled, failing or slow: nothing was saved, the same request may be sent again. */
  'SERVICE_BUSY',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One invalid field: its path in the input (e.g. `input.email`) and the rule it broke. */
export interface FieldError {
  path: string;
  rule: string;
}

/** An expected failure a caller can act on. Thrown by domain code, turned into a GraphQL error. */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly fields: FieldError[] = [],
    /** RATE_LIMITED, SERVICE_BUSY: seconds before the next try may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * What a resolver Lambda returns instead of data when it fails with an AppError. AppSync's resolver
 * code (infra/aws) and the local host both turn it into `util.error(message, code, null, {code, fields})`,
 * because a thrown Lambda error would only reach the client as `Lambda:Unhandled`.
 */
export interface ResolverErrorEnvelope {
  __error: { code: ErrorCode; message: string; fields: FieldError[]; retryAfterSeconds?: number };
}

export function isResolverError(value: unknown): value is ResolverErrorEnvelope {
  return typeof value === 'object' && value !== null && '__error' in value;
}

export function toResolverError(error: AppError): ResolverErrorEnvelope {
  const { code, message, fields, retryAfterSeconds } = error;
  return { __error: { code, message, fields, ...(retryAfterSeconds !== undefined && { retryAfterSeconds }) } };
}
