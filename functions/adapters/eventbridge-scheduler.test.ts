import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { eventBridgeScheduler } from './eventbridge-scheduler';

const CONFIG = {
  group: 'partage-one-time',
  roleArn: 'arn:aws:iam::123456789012:role/scheduler',
  targets: { payout: 'arn:aws:lambda:ca-central-1:123456789012:function:payments' },
  deadLetterArn: 'arn:aws:sqs:ca-central-1:123456789012:failed-jobs',
};
const mock = mockClient(SchedulerClient);
const adapter = () => eventBridgeScheduler(new SchedulerClient({ region: 'ca-central-1' }), CONFIG);
afterEach(() => mock.reset());

describe('EventBridge Scheduler adapter', () => {
  it('creates an at() schedule in UTC that runs the job once with the job event, then deletes itself; an undelivered event goes to the failed jobs', async () => {
    mock.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    await adapter().scheduleOnce({
      name: 'payout-c1',
      job: 'payout',
      at: new Date('2026-05-02T14:30:00.250Z'),
      payload: { contractId: 'c1' },
    });
    expect(mock.commandCalls(CreateScheduleCommand).map((call) => call.args[0].input)).toEqual([
      {
        Name: 'payout-c1',
        GroupName: 'partage-one-time',
        ScheduleExpression: 'at(2026-05-02T14:30:00)',
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: CONFIG.targets.payout,
          RoleArn: CONFIG.roleArn,
          Input: JSON.stringify({ job: 'payout', scheduledAt: '2026-05-02T14:30:00.250Z', payload: { contractId: 'c1' } }),
          RetryPolicy: { MaximumRetryAttempts: 3 },
          DeadLetterConfig: { Arn: CONFIG.deadLetterArn },
        },
      },
    ]);
  });

  it('keeps an existing schedule of the same name (a retry changes nothing) and reports other failures', async () => {
    mock
      .on(CreateScheduleCommand)
      .rejectsOnce(new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }))
      .rejectsOnce(new Error('AccessDenied'));
    await expect(adapter().scheduleOnce({ name: 'payout-c1', job: 'payout', at: new Date(), payload: {} })).resolves.toBeUndefined();
    await expect(adapter().scheduleOnce({ name: 'payout-c1', job: 'payout', at: new Date(), payload: {} })).rejects.toThrow('AccessDenied');
  });

  it('refuses an undeclared job and a name EventBridge would refuse, before calling it', async () => {
    await expect(adapter().scheduleOnce({ name: 'x', job: 'unknown', at: new Date(), payload: {} })).rejects.toThrow(
      'No one-time job unknown',
    );
    await expect(adapter().scheduleOnce({ name: 'payout/c1', job: 'payout', at: new Date(), payload: {} })).rejects.toThrow(
      'Invalid schedule name',
    );
    expect(mock.commandCalls(CreateScheduleCommand)).toHaveLength(0);
  });

  it('cancels by deleting the schedule, and a schedule already gone is not an error', async () => {
    mock
      .on(DeleteScheduleCommand)
      .resolvesOnce({})
      .rejectsOnce(new ResourceNotFoundException({ message: 'gone', Message: 'gone', $metadata: {} }));
    await adapter().cancel('payout-c1');
    await adapter().cancel('payout-c1');
    expect(mock.commandCalls(DeleteScheduleCommand).map((call) => call.args[0].input)).toEqual([
      { Name: 'payout-c1', GroupName: 'partage-one-time' },
      { Name: 'payout-c1', GroupName: 'partage-one-time' },
    ]);
  });
});
