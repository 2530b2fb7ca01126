// The frame of every scheduled-job Lambda: EventBridge rules (cron jobs) and EventBridge Scheduler
// (one-time jobs) on AWS, the local scheduler on the local host, all send the same event.

/** What a job's handler receives. */
export interface ScheduledJobEvent {
  /** The job's name in functions/handlers/schedules.ts. */
  job: string;
  /** ISO instant the run was due. */
  scheduledAt: string;
  /** What the scheduling code attached (one-time jobs); `{}` for crons. */
  payload: Record<string, unknown>;
}

export type ScheduledJob = (event: ScheduledJobEvent) => Promise<unknown>;

export function scheduledJobHandler(jobs: Record<string, ScheduledJob>) {
  return async (event: ScheduledJobEvent): Promise<unknown> => {
    const run = jobs[event.job];
    // Thrown: the rule or the scheduler retries, and the failure shows in the Lambda's errors.
    if (!run) throw new Error(`No job ${event.job} in this handler`);
    return run(event);
  };
}
