// Error codes that concern the whole app rather than the screen whose call failed: the server's
// TERMS_NOT_ACCEPTED, for instance, has to bring up the terms dialog wherever the user was.
import type { ErrorCode } from '@partage/graphql';
import type { ApiError } from './errors';

const listeners = new Map<string, Set<() => void>>();

/** Calls `listener` whenever an API call fails with `code`; returns the function that stops it. */
export function onApiErrorCode(code: ErrorCode, listener: () => void): () => void {
  const forCode = listeners.get(code) ?? new Set();
  listeners.set(code, forCode.add(listener));
  return () => forCode.delete(listener);
}

/** Tells the listeners of the error's code, then gives the error back for the caller to throw. */
export function signalApiError(error: ApiError): ApiError {
  if (error.code) listeners.get(error.code)?.forEach((listener) => listener());
  return error;
}
