// A failure of a service behind the API that the same request may get past a moment later: the
// table or the mail service throttling, failing (5xx) or not answering once the AWS SDK's own retries
// are spent, or a DynamoDB transaction cancelled by throttling or by other transactions. The resolver
// and HTTP frames answer it as SERVICE_BUSY (a translated "try again"; HTTP 503 with a Retry-After),
// never as an unexplained failure.

import { AppError } from '@partage/graphql';
import { logger } from '../../adapters/log';
import { countMetric } from '../../adapters/metrics';
import { isTransientCancellation } from '../../data/client';

/** The error names the AWS SDK's standard retry strategy counts as throttling or as transient. */
const BUSY_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'TransactionInProgressException',
  'LimitExceededException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);

/** Node's codes of a connection refused, cut or timed out. */
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);

interface SdkFailure {
  code?: string;
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
}

export function isServiceBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, $metadata, $retryable } = error as SdkFailure;
  const status = $metadata?.httpStatusCode ?? 0;
  return (
    BUSY_NAMES.has(error.name) ||
    NETWORK_CODES.has(code ?? '') ||
    status === 429 ||
    status >= 500 ||
    $retryable !== undefined ||
    isTransientCancellation(error)
  );
}

/**
 * The wait a busy answer suggests: the SDK's retries have spent about a second already, and a
 * throttled on-demand table or a failing mail service mostly recovers within seconds.
 */
export const SERVICE_BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * SERVICE_BUSY for such a failure, logged with `context` (what was asked) and counted (the operator is
 * alarmed on the count, infra/aws/alarms.ts serviceBusy); null for any other error.
 */
export function serviceBusyAnswer(error: unknown, context: Record<string, unknown>): AppError | null {
  if (!isServiceBusy(error)) return null;
  logger().error('a service behind the API is busy', { ...context, error });
  countMetric('ServiceBusy');
  return new AppError('SERVICE_BUSY', 'A service behind the API is busy; try again in a moment', [], SERVICE_BUSY_RETRY_AFTER_SECONDS);
}
