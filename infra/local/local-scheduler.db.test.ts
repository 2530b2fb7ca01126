// The local scheduler over DynamoDB Local, on a clock the test moves: one-time schedules kept in
// the table outlive the scheduler that saw them scheduled (a restart of `npm start`), run once when
// due with the same event as on AWS, and cron jobs fire when the clock reaches them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableScheduler } from '@partage/functions/adapters/table-scheduler';
import { manualClock, useClock } from '@partage/functions/domain/clock';
import type { ScheduledJobEvent } from '@partage/functions/handlers/shared/scheduled-job';
import { useTestTable } from '../../tests/support/test-table';
import type { Lambda } from './lambda-functions';
import { createLocalScheduler } from './local-scheduler';

const clock = manualClock('2026-05-01T10:30:00Z');
let restoreClock: () => void;
const received: { handler: string; event: ScheduledJobEvent }[] = [];
const lambdaOf = (handler: string): Lambda => ({
  name: handler,
  invoke: async (event) => {
    received.push({ handler, event: event as ScheduledJobEvent });
    if ((event as ScheduledJobEvent).payload.fail) throw new Error('job failed');
    return null;
  },
});
const JOBS = {
  cronJobs: [{ job: 'hourly', handler: 'reminders', cron: '0 * * * ? *', description: 'Every hour' }],
  oneTimeJobs: [{ job: 'payout', handler: 'payments', description: 'Pays out' }],
  lambdaOf,
};
const TARGETS = { payout: 'payments' };

beforeAll(async () => {
  await useTestTable();
  restoreClock = useClock(clock);
});
afterAll(() => restoreClock());

describe('local scheduler', () => {
  it('keeps one-time schedules in the table across a restart and runs each once, when due, with the job event', async () => {
    const before = createLocalScheduler(JOBS);
    await tableScheduler(TARGETS).scheduleOnce({
      name: 'payout-c1',
      job: 'payout',
      at: new Date('2026-05-02T10:30:00Z'),
      payload: { contractId: 'c1' },
    });
    await tableScheduler(TARGETS).scheduleOnce({ name: 'payout-c1', job: 'payout', at: new Date('2026-05-09T00:00:00Z'), payload: {} }); // a retry: kept as it was
    expect((await before.runDue()).filter((run) => run.job === 'payout')).toEqual([]);
    await before.stop();

    const after = createLocalScheduler(JOBS); // `npm start` again
    expect((await after.list()).oneTime).toEqual([
      { name: 'payout-c1', job: 'payout', at: '2026-05-02T10:30:00.000Z', payload: { contractId: 'c1' } },
    ]);
    clock.set('2026-05-02T10:30:00Z');
    received.length = 0;
    const runs = await after.runDue();
    expect(runs.filter((run) => run.job === 'payout')).toEqual([
      { job: 'payout', name: 'payout-c1', scheduledAt: '2026-05-02T10:30:00.000Z', outcome: 'done' },
    ]);
    expect(received.filter((r) => r.handler === 'payments')).toEqual([
      { handler: 'payments', event: { job: 'payout', scheduledAt: '2026-05-02T10:30:00.000Z', payload: { contractId: 'c1' } } },
    ]);
    expect((await after.list()).oneTime).toEqual([]);
    expect((await after.runDue()).filter((run) => run.job === 'payout')).toEqual([]);
  });

  it('refuses at once a job that is not declared, as the EventBridge adapter does', async () => {
    await expect(tableScheduler(TARGETS).scheduleOnce({ name: 'x-1', job: 'unknown', at: clock.now(), payload: {} })).rejects.toThrow(
      'No one-time job unknown is declared',
    );
    expect((await createLocalScheduler(JOBS).list()).oneTime.map((schedule) => schedule.name)).not.toContain('x-1');
  });

  it('does not run a cancelled schedule, and reports a failed job without stopping the others', async () => {
    const scheduler = createLocalScheduler(JOBS);
    const at = new Date(clock.now().getTime() + 60_000);
    await tableScheduler(TARGETS).scheduleOnce({ name: 'payout-cancelled', job: 'payout', at, payload: {} });
    await tableScheduler(TARGETS).scheduleOnce({ name: 'payout-failing', job: 'payout', at, payload: { fail: true } });
    await tableScheduler(TARGETS).scheduleOnce({ name: 'payout-ok', job: 'payout', at, payload: {} });
    await tableScheduler(TARGETS).cancel('payout-cancelled');
    clock.advance(60_000);
    const runs = (await scheduler.runDue()).filter((run) => run.job === 'payout');
    expect(runs.map(({ name, outcome }) => ({ name, outcome }))).toEqual([
      { name: 'payout-failing', outcome: 'failed' },
      { name: 'payout-ok', outcome: 'done' },
    ]);
  });

  it('fires a cron job when the clock reaches it, once however far the clock jumped', async () => {
    clock.set('2026-05-03T10:30:00Z');
    const scheduler = createLocalScheduler(JOBS);
    expect(await scheduler.runDue()).toEqual([]);
    expect((await scheduler.list()).crons).toEqual([expect.objectContaining({ job: 'hourly', nextRun: '2026-05-03T11:00:00.000Z' })]);
    clock.set('2026-05-03T11:00:00Z');
    received.length = 0;
    expect(await scheduler.runDue()).toEqual([{ job: 'hourly', scheduledAt: '2026-05-03T11:00:00.000Z', outcome: 'done' }]);
    expect(received).toEqual([{ handler: 'reminders', event: { job: 'hourly', scheduledAt: '2026-05-03T11:00:00.000Z', payload: {} } }]);
    clock.advance(3 * 3_600_000);
    expect(await scheduler.runDue()).toEqual([{ job: 'hourly', scheduledAt: '2026-05-03T12:00:00.000Z', outcome: 'done' }]);
    expect((await scheduler.list()).crons[0]!.nextRun).toBe('2026-05-03T15:00:00.000Z');
  });
});
