// The privacy rights' one-time jobs (functions/handlers/schedules.ts): finishing an account's deletion
// whose run died, and deleting a data export's file when its time is up. A Lambda of its own: the privacy
// Lambda schedules them, and a Lambda that scheduled a job it runs itself would name its own ARN in its
// environment (docs/contracts.md, "Scheduler").

import { ACCOUNT_DELETION_JOB, runAccountDeletion } from '../domain/privacy/account-deletion';
import { DATA_EXPORT_EXPIRY_JOB, expireDataExport } from '../domain/privacy/data-exports';
import { observed } from './shared/observed';
import { scheduledJobHandler } from './shared/scheduled-job';

export const handler = observed(
  'privacy-jobs',
  scheduledJobHandler({
    [ACCOUNT_DELETION_JOB]: (event) => runAccountDeletion(String(event.payload.userId)),
    [DATA_EXPORT_EXPIRY_JOB]: (event) => expireDataExport(event.payload),
  }),
);
