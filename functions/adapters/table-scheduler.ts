// One-time schedules on the local host: kept in the table (data/scheduled-jobs.ts) and run by the
// host's scheduler (infra/local/local-scheduler.ts) once the clock reaches them. Like the EventBridge
// adapter, it refuses at once a job that is not declared, rather than failing when it comes due.

import { putOneTimeSchedule, takeOneTimeSchedule } from '../data/scheduled-jobs';
import { SCHEDULE_NAME, type OneTimeSchedule, type Scheduler } from './scheduler';

/** `targets`: job name -> what runs it (SCHEDULE_TARGETS; locally the handler's name). */
export function tableScheduler(targets: Record<string, string>): Scheduler {
  return {
    async scheduleOnce({ name, job, at, payload }: OneTimeSchedule) {
      if (!SCHEDULE_NAME.test(name)) throw new Error(`Invalid schedule name "${name}"`);
      if (!targets[job]) throw new Error(`No one-time job ${job} is declared`);
      await putOneTimeSchedule({ name, job, at: at.toISOString(), payload });
    },
    async cancel(name: string) {
      await takeOneTimeSchedule(name);
    },
  };
}
