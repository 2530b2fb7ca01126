// The weekly digest's cron job (functions/handlers/schedules.ts): cuts the week and schedules one run
// per shard, run by alert-digest-shards. Two Lambdas: one that scheduled a job it runs itself would
// name its own ARN in its environment (docs/contracts.md, "Scheduler").

import { DIGEST_JOB, scheduleWeeklyDigest } from '../domain/alerts/digest';
import { scheduledJobHandler } from './shared/scheduled-job';
import { observed } from './shared/observed';

export const handler = observed(
  'alert-digest',
  scheduledJobHandler({
    [DIGEST_JOB]: (event) => scheduleWeeklyDigest(event.scheduledAt),
  }),
);
