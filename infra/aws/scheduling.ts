// Scheduled jobs of functions/handlers/schedules.ts: an EventBridge rule per cron job, and for
// one-time jobs an EventBridge Scheduler group, the role the scheduler assumes to invoke the jobs'
// Lambdas, and what the scheduling functions need to create schedules in that group. Both paths
// hand the handler the same ScheduledJobEvent `{ job, scheduledAt, payload }`.
//
// A job that fails for good is never dropped (issue 37 §9): a rule's or a schedule's event that could
// not be delivered, and an invocation whose retries failed (the jobs' Lambdas are invoked
// asynchronously), land in the FailedJobs queue (14 days), whose first message raises an alarm to the
// operator (alarms.ts; docs/operations.md says how to redrive it). The payout's own refusals are flagged
// on the contract for administrators (contract-payouts.ts).

import { ArnFormat, Aws, Duration, Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { CronJob, OneTimeJob } from '@partage/functions/handlers/schedules';
import type { OperatorAlarms } from './alarms';
import { acknowledge, acknowledgeWildcardResources } from './audit';
import { constructIdOf, jobFunctionName } from './lambdas';

export interface SchedulingProps {
  cronJobs: CronJob[];
  oneTimeJobs: OneTimeJob[];
  functionOf: (handler: string) => lambda.IFunction;
  /** Where the FailedJobs queue's alarm goes. */
  alarms: OperatorAlarms;
}

export class Scheduling extends Construct {
  readonly group: scheduler.ScheduleGroup;
  /** Assumed by EventBridge Scheduler; may invoke the one-time jobs' Lambdas only. */
  readonly schedulerRole: iam.Role;
  /** What the eventbridge scheduler adapter reads (functions/adapters/scheduler.ts). */
  readonly environment: Record<string, string>;
  /** The events of the jobs that failed for good. */
  readonly failedJobs: sqs.Queue;

  constructor(scope: Construct, id: string, props: SchedulingProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.failedJobs = new sqs.Queue(this, 'FailedJobs', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    acknowledge(
      this.failedJobs,
      'SQS3',
      'This queue is itself the dead-letter queue of the scheduled jobs (rules, schedules and failed asynchronous runs); its messages wait 14 days for a redrive.',
    );
    props.alarms.deadLetterQueue('FailedJobs', this.failedJobs, 'A scheduled job (a rule, a one-time schedule or its Lambda run)');
    // The jobs' Lambdas run asynchronously: a run whose retries failed goes to the queue too.
    for (const handler of new Set([...props.cronJobs, ...props.oneTimeJobs].map((job) => job.handler))) {
      props.functionOf(handler).configureAsyncInvoke({ onFailure: new destinations.SqsDestination(this.failedJobs), retryAttempts: 2 });
    }

    for (const job of props.cronJobs) {
      new events.Rule(this, `${constructIdOf(job.job)}Rule`, {
        description: job.description,
        schedule: events.Schedule.expression(`cron(${job.cron})`),
        targets: [
          new targets.LambdaFunction(props.functionOf(job.handler), {
            event: events.RuleTargetInput.fromObject({ job: job.job, scheduledAt: events.EventField.time, payload: {} }),
            retryAttempts: 2,
            deadLetterQueue: this.failedJobs,
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
    // A schedule's event the scheduler could not deliver after its retries.
    this.failedJobs.grantSendMessages(this.schedulerRole);
    const targetArns: Record<string, string> = {};
    for (const job of props.oneTimeJobs) {
      const target = props.functionOf(job.handler);
      target.grantInvoke(this.schedulerRole);
      acknowledgeWildcardResources(
        this.schedulerRole,
        [`${target.functionArn}:*`],
        `lambda:InvokeFunction on the versions and aliases (ARN:*) of the ${job.handler} Lambda only, the target of the one-time job ${job.job} (CDK's grantInvoke).`,
      );
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
      SCHEDULE_DEAD_LETTER_ARN: this.failedJobs.queueArn,
    };
  }

  /** Create and delete schedules of the one-time group, and hand them the scheduler's role. */
  grantScheduleOnce(grantee: iam.IGrantable): void {
    this.group.grantWriteSchedules(grantee);
    this.group.grantDeleteSchedules(grantee);
    if (Construct.isConstruct(grantee.grantPrincipal)) {
      const stack = Stack.of(this);
      acknowledgeWildcardResources(
        grantee.grantPrincipal,
        [
          stack.formatArn({
            partition: Aws.PARTITION,
            service: 'scheduler',
            resource: 'schedule',
            resourceName: `${this.group.scheduleGroupName}/*`,
          }),
        ],
        `The schedules of the one-time group ${this.group.scheduleGroupName} only: each job run gets a schedule named when it is created (functions/adapters/scheduler.ts).`,
      );
    }
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['iam:PassRole'],
      resourceArns: [this.schedulerRole.roleArn],
      conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
    });
  }
}
