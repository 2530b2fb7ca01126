// One-time schedules on AWS: EventBridge Scheduler `at(...)` schedules in the stack's group, run by
// the scheduler's role, deleted after their run. The target gets the ScheduledJobEvent as its input.

import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { SCHEDULE_NAME, type OneTimeSchedule, type ScheduledJobEvent, type Scheduler } from './scheduler';

export interface EventBridgeSchedulerConfig {
  group: string;
  /** The role EventBridge Scheduler assumes to invoke the targets. */
  roleArn: string;
  /** Job name -> ARN of the Lambda that runs it. */
  targets: Record<string, string>;
  /** The queue that keeps an event the scheduler could not deliver (infra/aws/scheduling.ts, FailedJobs). */
  deadLetterArn: string;
}

/** Scheduler's `at()` takes a local date-time without zone or fraction: `yyyy-mm-ddThh:mm:ss` (UTC here). */
export const atExpression = (at: Date): string => `at(${at.toISOString().slice(0, 19)})`;

export function eventBridgeScheduler(client: SchedulerClient, config: EventBridgeSchedulerConfig): Scheduler {
  return {
    async scheduleOnce({ name, job, at, payload }: OneTimeSchedule) {
      if (!SCHEDULE_NAME.test(name)) throw new Error(`Invalid schedule name "${name}"`);
      const target = config.targets[job];
      if (!target) throw new Error(`No one-time job ${job} is declared`);
      const input: ScheduledJobEvent = { job, scheduledAt: at.toISOString(), payload };
      try {
        await client.send(
          new CreateScheduleCommand({
            Name: name,
            GroupName: config.group,
            ScheduleExpression: atExpression(at),
            ScheduleExpressionTimezone: 'UTC',
            FlexibleTimeWindow: { Mode: 'OFF' },
            ActionAfterCompletion: 'DELETE',
            Target: {
              Arn: target,
              RoleArn: config.roleArn,
              Input: JSON.stringify(input),
              RetryPolicy: { MaximumRetryAttempts: 3 },
              DeadLetterConfig: { Arn: config.deadLetterArn },
            },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConflictException)) throw error;
      }
    },
    async cancel(name: string) {
      try {
        await client.send(new DeleteScheduleCommand({ Name: name, GroupName: config.group }));
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    },
  };
}
