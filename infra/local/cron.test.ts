import { describe, expect, it } from 'vitest';
import { CRON_JOBS } from '@partage/functions/handlers/schedules';
import { parseCron } from './cron';

const next = (expression: string, after: string) => parseCron(expression).nextAfter(new Date(after)).toISOString();

describe('EventBridge cron expressions on the local scheduler', () => {
  it('finds the next daily run, today or tomorrow', () => {
    expect(next('15 7 * * ? *', '2026-03-01T06:00:00Z')).toBe('2026-03-01T07:15:00.000Z');
    expect(next('15 7 * * ? *', '2026-03-01T07:15:00Z')).toBe('2026-03-02T07:15:00.000Z');
  });

  it('reads weekdays (1 = Sunday, or names), months, ranges, lists and steps', () => {
    // 2026-03-02 is a Monday.
    expect(next('0 13 ? * MON *', '2026-03-02T14:00:00Z')).toBe('2026-03-09T13:00:00.000Z');
    expect(next('0 13 ? * 2 *', '2026-03-02T12:00:00Z')).toBe('2026-03-02T13:00:00.000Z');
    expect(next('0/20 9-10 1,15 JUN ? *', '2026-03-02T00:00:00Z')).toBe('2026-06-01T09:00:00.000Z');
    expect(next('0/20 9-10 1,15 JUN ? *', '2026-06-01T10:40:00Z')).toBe('2026-06-15T09:00:00.000Z');
    expect(next('*/5 * * * ? 2027', '2026-03-02T00:00:00Z')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('refuses what it cannot read instead of firing at the wrong time', () => {
    expect(() => parseCron('0 12 L * ? *')).toThrow('Invalid cron value "L"');
    expect(() => parseCron('0 12 * *')).toThrow('six fields');
    expect(() => parseCron('61 12 * * ? *')).toThrow('Invalid cron value "61"');
  });

  it('reads every declared cron job', () => {
    for (const job of CRON_JOBS) expect(() => parseCron(job.cron).nextAfter(new Date())).not.toThrow();
  });
});
