// The scheduler port: runs a declared one-time job (functions/handlers/schedules.ts) at an instant.
// Chosen once from SCHEDULER_ADAPTER: `eventbridge` creates an EventBridge Scheduler schedule that
// deletes itself after its run; `table` keeps it in the table, where the local host's scheduler
// finds it (the local host registers it: local-adapters.ts). Cron jobs need no port: both hosts read
// their declaration. A job scheduled during an invocation carries its correlation id in its payload
// (`correlationId`), so its run logs under the id of the request that asked for it.

import type { TransactItem } from '../data/client';
import { chosenOnce } from './chosen-once';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { eventBridgeScheduler } from './eventbridge-scheduler';
import { requireEnv } from './env';
import { localAdapters } from './local-adapters';
import { CORRELATION_ID_KEY, currentCorrelationId } from './log';

/** What a job's handler receives, from either host and for cron and one-time jobs alike. */
export interface ScheduledJobEvent {
  /** The job's name in functions/handlers/schedules.ts. */
  job: string;
  /** ISO instant the run was due. */
  scheduledAt: string;
  /** What the scheduling code attached (one-time jobs); `{}` for crons. */
  payload: Record<string, unknown>;
}

export interface OneTimeSchedule {
  /** Unique among pending schedules, chosen by the caller (e.g. `payout-<contract id>`) so a retry changes nothing and a cancel finds it. Letters, digits, `-`, `_`, `.`; at most 64. */
  name: string;
  /** A job of ONE_TIME_JOBS. */
  job: string;
  at: Date;
  payload: Record<string, unknown>;
}

export interface Scheduler {
  /** Schedules the run; a schedule of the same name already pending is kept as it is. */
  scheduleOnce(schedule: OneTimeSchedule): Promise<void>;
  /**
   * The same schedule as a write of the caller's own DynamoDB transaction, when this scheduler keeps
   * its schedules in the table (the local host's): the job is scheduled with the change that calls
   * for it, or neither is, at no request of its own. A pending schedule of the same name refuses the
   * transaction (its condition). Absent when schedules live elsewhere (EventBridge Scheduler): the
   * caller schedules once its change is written.
   */
  scheduleWithin?(schedule: OneTimeSchedule): TransactItem;
  /** Cancels a pending schedule; nothing happens if it ran or never existed. */
  cancel(name: string): Promise<void>;
}

export const SCHEDULE_NAME = /^[0-9A-Za-z_.-]{1,64}$/;

export const scheduler: () => Scheduler = chosenOnce(() => withCorrelation(chooseScheduler(requireEnv('SCHEDULER_ADAPTER'))));

function withCorrelation(scheduler: Scheduler): Scheduler {
  const correlated = (schedule: OneTimeSchedule): OneTimeSchedule => {
    const correlationId = currentCorrelationId();
    return correlationId ? { ...schedule, payload: { ...schedule.payload, [CORRELATION_ID_KEY]: correlationId } } : schedule;
  };
  const { scheduleWithin } = scheduler;
  return {
    scheduleOnce: (schedule) => scheduler.scheduleOnce(correlated(schedule)),
    ...(scheduleWithin && { scheduleWithin: (schedule: OneTimeSchedule) => scheduleWithin(correlated(schedule)) }),
    cancel: (name) => scheduler.cancel(name),
  };
}

function chooseScheduler(adapter: string): Scheduler {
  // Job -> what runs it (AWS: the Lambda's ARN; local: the handler's name): a job absent is not declared.
  const targets = JSON.parse(requireEnv('SCHEDULE_TARGETS')) as Record<string, string>;
  if (adapter === 'eventbridge') {
    return eventBridgeScheduler(new SchedulerClient({}), {
      group: requireEnv('SCHEDULE_GROUP'),
      roleArn: requireEnv('SCHEDULER_ROLE_ARN'),
      targets,
      deadLetterArn: requireEnv('SCHEDULE_DEAD_LETTER_ARN'),
    });
  }
  if (adapter === 'table') return localAdapters('SCHEDULER_ADAPTER=table').scheduler(targets);
  throw new Error(`Unknown SCHEDULER_ADAPTER "${adapter}" (expected eventbridge or table)`);
}
