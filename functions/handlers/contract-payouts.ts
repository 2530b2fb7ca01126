// The contracts' one-time jobs (functions/handlers/schedules.ts): the owner's payout after the rental
// starts, and the closing after it ends. A Lambda of its own that schedules nothing: the webhook
// schedules both, and a Lambda that scheduled a job it runs itself would name its own ARN in its environment.

import { CLOSE_JOB, PAYOUT_JOB, runClose, runPayout } from '../domain/contracts/contract-payouts';
import { scheduledJobHandler } from './shared/scheduled-job';

export const handler = scheduledJobHandler({
  [PAYOUT_JOB]: (event) => runPayout(event.payload),
  [CLOSE_JOB]: (event) => runClose(event.payload),
});
