import { beforeAll, describe, expect, it } from 'vitest';
import { forgetChoices } from '../../adapters/chosen-once';
import { logger } from '../../adapters/log';
import { useLocalAdapters } from '../../adapters/local-host';
import { captureLogLines } from '../../testing/log-lines';
import { correlationIdOf, observed } from './observed';

beforeAll(() => {
  process.env.METRICS_ADAPTER = 'recorder';
  forgetChoices();
  useLocalAdapters();
});

describe('correlationIdOf', () => {
  it("is AppSync's trace id for a resolver (one of a batch too) and for the authorizer", () => {
    const trace = { 'x-amzn-trace-id': 'Root=1-6650a1b2-0123456789abcdef01234567;Parent=53995c3f42cd8ad8;Sampled=1' };
    expect(correlationIdOf({ request: { headers: trace } })).toBe('1-6650a1b2-0123456789abcdef01234567');
    expect(correlationIdOf([{ request: { headers: trace } }, { request: { headers: trace } }])).toBe('1-6650a1b2-0123456789abcdef01234567');
    expect(correlationIdOf({ requestHeaders: trace, requestContext: { requestId: 'appsync-request' } })).toBe(
      '1-6650a1b2-0123456789abcdef01234567',
    );
  });

  it("is API Gateway's request id for an HTTP route, and the scheduling request's id for a job", () => {
    expect(correlationIdOf({ requestContext: { requestId: 'Abc123=' } })).toBe('Abc123=');
    expect(correlationIdOf({ job: 'contract-payout', payload: { contractId: 'c', correlationId: 'Abc123=' } })).toBe('Abc123=');
    expect(correlationIdOf({ job: 'alert-digest', payload: {} })).toBeUndefined();
  });
});

describe('observed', () => {
  it("logs the invocation's failure with its handler and correlation id, and lets it leave masked", async () => {
    const failing = observed('mailer-test', async (_event: { requestContext: { requestId: string } }) => {
      logger().info('sending');
      throw new Error('SES refused marie@exemple.ca');
    });
    const log = captureLogLines();
    try {
      await expect(failing({ requestContext: { requestId: 'req-1' } })).rejects.toThrow('SES refused m***@exemple.ca');
    } finally {
      log.restore();
    }
    expect(log.entries()).toEqual([
      expect.objectContaining({ level: 'INFO', message: 'sending', handler: 'mailer-test', correlation_id: 'req-1', cold_start: true }),
      expect.objectContaining({ level: 'ERROR', message: 'invocation failed', handler: 'mailer-test', correlation_id: 'req-1' }),
    ]);
    expect(log.lines().join('\n')).not.toContain('marie@');
  });

  it('keeps each invocation’s keys to its own lines when invocations overlap (the local host runs them in one process)', async () => {
    const slow = observed('overlap-test', async ({ requestContext }: { requestContext: { requestId: string } }) => {
      await new Promise((resolve) => setImmediate(resolve));
      logger().info(`done ${requestContext.requestId}`);
    });
    const log = captureLogLines();
    try {
      await Promise.all(['a', 'b', 'c'].map((requestId) => slow({ requestContext: { requestId } })));
    } finally {
      log.restore();
    }
    expect(log.entries().map((entry) => [entry.message, entry.correlation_id, entry.cold_start])).toEqual([
      ['done a', 'a', true],
      ['done b', 'b', false],
      ['done c', 'c', false],
    ]);
  });
});
