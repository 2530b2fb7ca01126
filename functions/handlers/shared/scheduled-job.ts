// The frame of every scheduled-job Lambda: EventBridge rules (cron jobs) and EventBridge Scheduler
// (one-time jobs) on AWS, the local scheduler on the local host, all send the same event.

import type { ScheduledJobEvent } from '../../adapters/scheduler';

export type { ScheduledJobEvent };

export type ScheduledJob = (event: ScheduledJobEvent) => Promise<unknown>;

export function scheduledJobHandler(jobs: Record<string, ScheduledJob>) {
  return async (event: ScheduledJobEvent): Promise<unknown> => {
    const run = jobs[event.job];
    // Thrown: the rule or the scheduler retries, and the failure shows in the Lambda's errors.
    if (!run) throw new Error(`No job ${event.job} in this handler`);
    return run(event);
  };
}
