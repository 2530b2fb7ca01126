// The error shapes AppSync sends, shared by the HTTP and the real-time endpoints.

import type { GraphQLError, SourceLocation } from 'graphql';
import type { ErrorCode, FieldError, ResolverErrorEnvelope } from '@partage/graphql';

export interface AppSyncLocation {
  line: number;
  column: number;
  sourceName: null;
}

export interface AppSyncError {
  message: string;
  errorType?: string;
  errorInfo?: { code: string; fields: FieldError[]; retryAfterSeconds?: number } | null;
  path?: readonly (string | number)[] | null;
  locations?: AppSyncLocation[] | null;
  data?: null;
  /**
   * Local host only (docs/contracts.md): the same code and fields as errorInfo, where GraphQL clients
   * look first; VALIDATION_FAILED, UNAUTHENTICATED, RATE_LIMITED or INTERNAL for AppSync's own errors.
   */
  extensions?: { code: string; fields: FieldError[]; retryAfterSeconds?: number };
  /** Real-time errors only: the HTTP status AppSync would have answered. */
  errorCode?: number;
}

/** Local host only: the code a client can act on, on every error it can cause (docs/contracts.md). */
const withCode = (code: ErrorCode) => ({ extensions: { code, fields: [] } });

export function unauthorizedError(): AppSyncError {
  return { errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.', ...withCode('UNAUTHENTICATED') };
}

export function malformedRequestError(message: string): AppSyncError {
  return { errorType: 'MalformedHttpRequestException', message, ...withCode('VALIDATION_FAILED') };
}

export function rateLimitedError(retryAfterSeconds: number): AppSyncError {
  return { errorType: 'RATE_LIMITED', message: `Too many requests; retry after ${retryAfterSeconds} s.`, ...withCode('RATE_LIMITED') };
}

/** A quota of the real-time endpoint passed (subscriptions per connection): AppSync's error type. */
export function limitExceededError(message: string): AppSyncError {
  return { errorType: 'LimitExceededError', message, ...withCode('RATE_LIMITED') };
}

export function toAppSyncLocations(locations: readonly SourceLocation[] | undefined): AppSyncLocation[] | null {
  return locations ? locations.map(({ line, column }) => ({ line, column, sourceName: null })) : null;
}

/** A request AppSync refuses before running any resolver (syntax, validation, variables). */
export function validationError(error: GraphQLError, message = error.message): AppSyncError {
  return {
    path: null,
    locations: toAppSyncLocations(error.locations),
    message,
    errorType: 'ValidationError',
    ...withCode('VALIDATION_FAILED'),
  };
}

/** Thrown by a field resolver so the response carries AppSync's error fields for a Lambda failure. */
export class LambdaFieldError extends Error {
  constructor(
    message: string,
    readonly errorType: string,
    readonly errorInfo: AppSyncError['errorInfo'] = null,
  ) {
    super(message);
  }

  /** A ResolverErrorEnvelope, as AppSync's resolver code turns it into `util.error(message, code, null, {code, fields[, retryAfterSeconds]})`. */
  static fromEnvelope({ __error: { code, message, fields, retryAfterSeconds } }: ResolverErrorEnvelope): LambdaFieldError {
    return new LambdaFieldError(message, code, { code, fields, ...(retryAfterSeconds !== undefined && { retryAfterSeconds }) });
  }

  /** A Lambda that threw: AppSync only passes the message on. */
  static unhandled(error: unknown): LambdaFieldError {
    return new LambdaFieldError(error instanceof Error ? error.message : String(error), 'Lambda:Unhandled');
  }
}

/** An error raised while executing fields: a Lambda failure, or graphql-js's own (e.g. null for a non-null field). */
export function executionError(error: GraphQLError): AppSyncError {
  const base = { path: error.path ?? null, locations: toAppSyncLocations(error.locations), message: error.message };
  const failure = error.originalError;
  if (!(failure instanceof LambdaFieldError)) return { ...base, ...withCode('INTERNAL') };
  return {
    ...base,
    data: null,
    errorType: failure.errorType,
    errorInfo: failure.errorInfo,
    ...(failure.errorInfo ? { extensions: failure.errorInfo } : withCode('INTERNAL')),
  };
}
