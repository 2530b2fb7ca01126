// What the alert pages read of an alert, and how a refusal of the server becomes field messages.
import type { ResultOf } from '../../lib/api/documents';
import { ApiError } from '../../lib/api/errors';
import { fieldOfPath } from './alert-draft';
import type { AlertFieldErrors } from './AlertForm';
import type { MY_ALERTS } from './operations';

export type AlertFieldsView = ResultOf<typeof MY_ALERTS>['myAlerts'][number];

/** VALIDATION_FAILED on the form's fields as their messages; null when the refusal concerns none. */
export function fieldRefusals(error: unknown): AlertFieldErrors | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return null;
  const found: AlertFieldErrors = {};
  for (const { path, rule } of error.fields) {
    const field = fieldOfPath(path);
    if (field && !found[field]) found[field] = rule;
  }
  return Object.keys(found).length > 0 ? found : null;
}
