// One-time schedules on the local host: kept in the table (data/scheduled-jobs.ts) and run by the
// host's scheduler (infra/local/local-scheduler.ts) once the clock reaches them.

import { putOneTimeSchedule, takeOneTimeSchedule } from '../data/scheduled-jobs';
import { SCHEDULE_NAME, type OneTimeSchedule, type Scheduler } from './scheduler';

export function tableScheduler(): Scheduler {
  return {
    async scheduleOnce({ name, job, at, payload }: OneTimeSchedule) {
      if (!SCHEDULE_NAME.test(name)) throw new Error(`Invalid schedule name "${name}"`);
      await putOneTimeSchedule({ name, job, at: at.toISOString(), payload });
    },
    async cancel(name: string) {
      await takeOneTimeSchedule(name);
    },
  };
}
