// GraphQL failures as one error type, and their translated message (spec §8).
import { ERROR_CODES, type ErrorCode, type FieldError } from '@partage/graphql';
import { describeError, logger } from '../logger';

/** A failed API call. `code` is the server's error code when it sent one; `unauthorized` marks an HTTP 401. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string | null,
    message: string,
    readonly fields: FieldError[] = [],
    readonly unauthorized = false,
  ) {
    super(message);
  }
}

interface RawGraphQLError {
  message?: string;
  errorType?: string;
  errorInfo?: { code?: string; fields?: FieldError[] } | null;
  extensions?: { code?: string; fields?: FieldError[] } | null;
}

/** AppSync's answer to a refused token; http-client.ts gives every HTTP 401 this type. */
const isUnauthorizedResponse = (e: RawGraphQLError): boolean => e.errorType === 'UnauthorizedException';

/** Turns what the HTTP client throws (`{ data, errors }`, or an Error) into an ApiError. */
export function toApiError(thrown: unknown): ApiError {
  if (thrown instanceof ApiError) return thrown;
  const errors = (thrown as { errors?: RawGraphQLError[] } | null)?.errors;
  const first = Array.isArray(errors) ? errors[0] : undefined;
  if (!first) return new ApiError(null, describeError(thrown));
  // AppSync names the code in errorType; the local host also puts it in extensions.code.
  const code = first.errorType ?? first.extensions?.code ?? first.errorInfo?.code ?? null;
  const fields = first.errorInfo?.fields ?? first.extensions?.fields ?? [];
  return new ApiError(code, first.message ?? String(code), fields, errors!.some(isUnauthorizedResponse));
}

const isErrorCode = (code: string | null): code is ErrorCode => ERROR_CODES.includes(code as ErrorCode);

/** Messages a screen gives for some codes; the shared `errors.<CODE>` messages answer the others. */
export type ScreenErrorMessages = Partial<Record<ErrorCode, string>>;

/** The translation key to show for a failure. Failures without a known code are logged as errors. */
export function errorMessageKey(error: unknown, screenMessages: ScreenErrorMessages = {}): string {
  const code = error instanceof ApiError ? error.code : null;
  if (isErrorCode(code)) return screenMessages[code] ?? `errors.${code}`;
  logger.error(`Unexpected error: ${describeError(error)}`);
  return 'error.unexpected';
}
