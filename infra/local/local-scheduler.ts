// The local host's scheduler: fires the cron jobs of functions/handlers/schedules.ts and the
// one-time schedules the table scheduler adapter keeps in the table (so they survive a restart),
// on the functions' clock (functions/domain/clock.ts), which tests move. A job runs its handler
// with the same ScheduledJobEvent as on AWS. A cron that came due several times while the host was
// stopped or the clock jumped runs once, as an EventBridge rule does not replay missed runs.

import { listOneTimeSchedules, takeOneTimeSchedule, type StoredOneTimeSchedule } from '@partage/functions/data/scheduled-jobs';
import { now, withClock } from '@partage/functions/domain/clock';
import type { ScheduledJobEvent } from '@partage/functions/handlers/shared/scheduled-job';
import type { CronJob, OneTimeJob } from '@partage/functions/handlers/schedules';
import { parseCron } from './cron';
import type { Lambda } from './lambda-functions';

/** How often the scheduler looks at the clock. */
const TICK_MS = 15_000;

export interface LocalSchedulerOptions {
  cronJobs: CronJob[];
  oneTimeJobs: OneTimeJob[];
  /** The Lambda of a handler name. */
  lambdaOf: (handler: string) => Lambda;
}

export interface JobRun {
  job: string;
  /** The one-time schedule's name; absent for a cron. */
  name?: string;
  scheduledAt: string;
  outcome: 'done' | 'failed';
}

export interface ScheduleListing {
  crons: (CronJob & { nextRun: string })[];
  oneTime: StoredOneTimeSchedule[];
}

export function createLocalScheduler({ cronJobs, oneTimeJobs, lambdaOf }: LocalSchedulerOptions) {
  const crons = cronJobs.map((job) => {
    const cron = parseCron(job.cron);
    return { job, cron, nextRun: cron.nextAfter(now()) };
  });
  const handlerOfJob = new Map([...cronJobs, ...oneTimeJobs].map((job) => [job.job, job.handler]));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<JobRun[]> | undefined;

  async function run(event: ScheduledJobEvent, name?: string): Promise<JobRun> {
    const handler = handlerOfJob.get(event.job);
    const report = { job: event.job, ...(name ? { name } : {}), scheduledAt: event.scheduledAt };
    try {
      if (!handler) throw new Error(`No job ${event.job} is declared`);
      await lambdaOf(handler).invoke(event);
      return { ...report, outcome: 'done' };
    } catch (error) {
      console.error(`[scheduler] ${event.job} failed`, error);
      return { ...report, outcome: 'failed' };
    }
  }

  async function runDueNow(): Promise<JobRun[]> {
    const at = now();
    const runs: JobRun[] = [];
    for (const entry of crons) {
      if (entry.nextRun > at) continue;
      const scheduledAt = entry.nextRun.toISOString();
      entry.nextRun = entry.cron.nextAfter(at);
      runs.push(await run({ job: entry.job.job, scheduledAt, payload: {} }));
    }
    const due = (await listOneTimeSchedules()).filter((schedule) => Date.parse(schedule.at) <= at.getTime());
    for (const schedule of due.sort((a, b) => a.at.localeCompare(b.at))) {
      // Taken before it runs: deleted after completion as on AWS, and never run twice.
      if (!(await takeOneTimeSchedule(schedule.name))) continue;
      runs.push(await run({ job: schedule.job, scheduledAt: schedule.at, payload: schedule.payload }, schedule.name));
    }
    return runs;
  }

  return {
    /** Runs every job that is due by the clock, one pass at a time; what ran. */
    runDue(): Promise<JobRun[]> {
      const pass = (running ?? Promise.resolve()).catch(() => undefined).then(runDueNow);
      running = pass.finally(() => {
        if (running === pass) running = undefined;
      });
      return pass;
    },

    /**
     * Runs one job at once, due or not (the dev page's button): a cron job, or a pending one-time
     * schedule, which is then gone. A schedule not due yet runs as if its time had come: on a clock
     * from its due time on, for that run alone (a job that checks its due time, the payout's, would
     * otherwise put itself off), while the host's clock and every other schedule stay where they are.
     */
    async runNow(target: { job: string } | { name: string }): Promise<JobRun | null> {
      const scheduledAt = now().toISOString();
      if ('job' in target) {
        return crons.some((entry) => entry.job.job === target.job) ? run({ job: target.job, scheduledAt, payload: {} }) : null;
      }
      const schedule = (await listOneTimeSchedules()).find((pending) => pending.name === target.name);
      if (!schedule || !(await takeOneTimeSchedule(schedule.name))) return null;
      const ahead = Date.parse(schedule.at) - now().getTime();
      const event = { job: schedule.job, scheduledAt: schedule.at, payload: schedule.payload };
      if (ahead <= 0) return run(event, schedule.name);
      const startedAt = Date.now();
      const dueClock = { now: () => new Date(Date.parse(schedule.at) + (Date.now() - startedAt)) };
      return withClock(dueClock, () => run(event, schedule.name));
    },

    async list(): Promise<ScheduleListing> {
      const oneTime = (await listOneTimeSchedules()).sort((a, b) => a.at.localeCompare(b.at));
      return { crons: crons.map(({ job, nextRun }) => ({ ...job, nextRun: nextRun.toISOString() })), oneTime };
    },

    start(): void {
      timer = setInterval(() => this.runDue().catch((error: unknown) => console.error('[scheduler] pass failed', error)), TICK_MS);
      timer.unref();
    },

    /** Stops the clock's passes; resolves once a pass under way has ended (its jobs need the database still). */
    async stop(): Promise<void> {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type LocalScheduler = ReturnType<typeof createLocalScheduler>;
