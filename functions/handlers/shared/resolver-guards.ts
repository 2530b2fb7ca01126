// What the resolver frame checks before any resolver runs, so that every field, including the
// capabilities to come, gets it without asking: the length and characters of every text argument
// (graphql/src/validation.ts, read from the schema's shapes) and, for a USER's mutation, the current
// terms accepted (spec §4: the modal is the browser's side, this is the server's).

import { AppError, assertValid, inputTextChecks } from '@partage/graphql';
import { requireLatestTermsAccepted } from '../../domain/accounts/terms';
import type { Identity } from '../../domain/identity';

/**
 * What a USER may still do before accepting the current terms: accept them, write to the team (a
 * question about the new terms is the likeliest message then), or take their data and leave.
 */
const ALLOWED_BEFORE_TERMS = new Set([
  'Mutation.acceptTos',
  'Mutation.sendContactMessage',
  // A person who will not accept new terms may still take their data and leave (docs/privacy.md).
  'Mutation.requestMyDataExport',
  'Mutation.deleteMyAccount',
]);

export async function checkBeforeResolving(field: string, args: unknown, identity: Identity): Promise<void> {
  assertValid(inputTextChecks(field, args));
  if (field.startsWith('Mutation.') && identity.role === 'USER' && !ALLOWED_BEFORE_TERMS.has(field)) {
    await requireLatestTermsAccepted(identity.userId);
  }
}

interface StoreFailure {
  name?: string;
  CancellationReasons?: { Code?: string }[];
}

/**
 * DynamoDB's refusal of a value (an item or key too large, …) as a plain VALIDATION_FAILED: its text
 * names tables and attributes, which a client never sees. Null for any other error.
 */
export function storeValidationError(error: unknown): AppError | null {
  const failure = (error ?? {}) as StoreFailure;
  const refused =
    failure.name === 'ValidationException' ||
    (failure.name === 'TransactionCanceledException' && (failure.CancellationReasons ?? []).some((r) => r.Code === 'ValidationError'));
  return refused ? new AppError('VALIDATION_FAILED', 'The input could not be stored.') : null;
}
