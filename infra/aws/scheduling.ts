// Scheduled jobs of functions/handlers/schedules.ts: an EventBridge rule per cron job, and for
// one-time jobs an EventBridge Scheduler group, the role the scheduler assumes to invoke the jobs'
// Lambdas, and what the scheduling functions need to create schedules in that group. Both paths
// hand the handler the same ScheduledJobEvent `{ job, scheduledAt, payload }`.

import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { CronJob, OneTimeJob } from '@partage/functions/handlers/schedules';
import { constructIdOf, jobFunctionName } from './lambdas';

export interface SchedulingProps {
  cronJobs: CronJob[];
  oneTimeJobs: OneTimeJob[];
  functionOf: (handler: string) => lambda.IFunction;
}

export class Scheduling extends Construct {
  readonly group: scheduler.ScheduleGroup;
  /** Assumed by EventBridge Scheduler; may invoke the one-time jobs' Lambdas only. */
  readonly schedulerRole: iam.Role;
  /** What the eventbridge scheduler adapter reads (functions/adapters/scheduler.ts). */
  readonly environment: Record<string, string>;

  constructor(scope: Construct, id: string, props: SchedulingProps) {
    super(scope, id);
    const stack = Stack.of(this);

    for (const job of props.cronJobs) {
      new events.Rule(this, `${constructIdOf(job.job)}Rule`, {
        description: job.description,
        schedule: events.Schedule.expression(`cron(${job.cron})`),
        targets: [
          new targets.LambdaFunction(props.functionOf(job.handler), {
            event: events.RuleTargetInput.fromObject({ job: job.job, scheduledAt: events.EventField.time, payload: {} }),
            retryAttempts: 2,
          }),
        ],
      });
    }

    this.group = new scheduler.ScheduleGroup(this, 'OneTimeGroup', { scheduleGroupName: `${stack.stackName}-one-time` });
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to run the one-time jobs',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });
    const targetArns: Record<string, string> = {};
    for (const job of props.oneTimeJobs) {
      props.functionOf(job.handler).grantInvoke(this.schedulerRole);
      // From the name given ahead, not the function's attribute: a job's own Lambda may schedule it.
      targetArns[job.job] = stack.formatArn({
        service: 'lambda',
        resource: 'function',
        resourceName: jobFunctionName(stack.stackName, job.handler),
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      });
    }
    this.environment = {
      SCHEDULE_GROUP: this.group.scheduleGroupName,
      SCHEDULER_ROLE_ARN: this.schedulerRole.roleArn,
      SCHEDULE_TARGETS: stack.toJsonString(targetArns),
    };
  }

  /** Create and delete schedules of the one-time group, and hand them the scheduler's role. */
  grantScheduleOnce(grantee: iam.IGrantable): void {
    this.group.grantWriteSchedules(grantee);
    this.group.grantDeleteSchedules(grantee);
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['iam:PassRole'],
      resourceArns: [this.schedulerRole.roleArn],
      conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
    });
  }
}
