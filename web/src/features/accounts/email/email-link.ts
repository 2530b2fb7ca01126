// The address and token an e-mailed link carries (`?email=…&token=…`), and why the server refused one.
import { useSearchParams } from 'react-router-dom';
import type { TokenStatus } from '@partage/graphql';
import { ApiError } from '../../../lib/api/errors';

export interface EmailLink {
  email: string;
  token: string;
}

/** Why a link cannot be used: not one of ours (or voided), out of date, or already followed. */
export type LinkProblemStatus = Exclude<TokenStatus, 'VALID'>;

export function useEmailLink(): EmailLink {
  const [params] = useSearchParams();
  return { email: params.get('email')?.trim() ?? '', token: params.get('token')?.trim() ?? '' };
}

const PROBLEMS: readonly string[] = ['INVALID', 'EXPIRED', 'USED'] satisfies LinkProblemStatus[];

/**
 * The link problem a refusal amounts to, or null when it is another failure. INVALID_TOKEN says which
 * in its message; a malformed address or token (VALIDATION_FAILED) is an invalid link too.
 */
export function linkProblemOf(error: unknown): LinkProblemStatus | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'INVALID_TOKEN') return PROBLEMS.includes(error.message) ? (error.message as LinkProblemStatus) : 'INVALID';
  return error.code === 'VALIDATION_FAILED' ? 'INVALID' : null;
}
