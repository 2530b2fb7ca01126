// One-time schedules on the local host: kept in the table (data/scheduled-jobs.ts) and run by the
// host's scheduler (infra/local/local-scheduler.ts) once the clock reaches them. Like the EventBridge
// adapter, it refuses at once a job that is not declared, rather than failing when it comes due.
// Being an item of the table, a schedule can also be written by the caller's own transaction
// (`scheduleWithin`: the webhook's payment and its contract-paid job in one request).

import { oneTimeSchedulePut, putOneTimeSchedule, takeOneTimeSchedule, type StoredOneTimeSchedule } from '../data/scheduled-jobs';
import { SCHEDULE_NAME, type OneTimeSchedule, type Scheduler } from './scheduler';

/** `targets`: job name -> what runs it (SCHEDULE_TARGETS; locally the handler's name). */
export function tableScheduler(targets: Record<string, string>): Scheduler {
  const stored = ({ name, job, at, payload }: OneTimeSchedule): StoredOneTimeSchedule => {
    if (!SCHEDULE_NAME.test(name)) throw new Error(`Invalid schedule name "${name}"`);
    if (!targets[job]) throw new Error(`No one-time job ${job} is declared`);
    return { name, job, at: at.toISOString(), payload };
  };
  return {
    async scheduleOnce(schedule: OneTimeSchedule) {
      await putOneTimeSchedule(stored(schedule));
    },
    scheduleWithin: (schedule: OneTimeSchedule) => oneTimeSchedulePut(stored(schedule)),
    async cancel(name: string) {
      await takeOneTimeSchedule(name);
    },
  };
}
