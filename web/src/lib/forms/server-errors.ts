import type { ErrorCode } from '@partage/graphql';
import { ApiError } from '../api/errors';
import type { FieldMessage } from './use-form';

/**
 * The field messages a server refusal amounts to, or null when it concerns no field of the form:
 * VALIDATION_FAILED names fields by path (`input.newPassword`) and rule; some codes belong to one field.
 */
export function serverFieldErrors<Name extends string>(
  error: unknown,
  names: readonly Name[],
  fieldByCode: Partial<Record<ErrorCode, Name>> = {},
): Partial<Record<Name, FieldMessage>> | null {
  if (!(error instanceof ApiError) || !error.code) return null;
  const owner = fieldByCode[error.code as ErrorCode];
  if (owner) return { [owner]: { key: `errors.${error.code}` } } as Partial<Record<Name, FieldMessage>>;
  if (error.code !== 'VALIDATION_FAILED') return null;
  const found: Partial<Record<Name, FieldMessage>> = {};
  for (const { path, rule } of error.fields) {
    const name = path.split('.').pop() as Name;
    if (names.includes(name)) found[name] = { key: `validation.${rule}` };
  }
  return Object.keys(found).length > 0 ? found : null;
}
