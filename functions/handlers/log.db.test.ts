import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock, useClock } from '../domain/clock';
import { RATE_LIMITS } from '../domain/rate-limits';
import { httpEvent, newSourceAddress, useTestEnvironment } from '../testing/fixtures';
import { captureLogLines } from '../testing/log-lines';
import { handler, MAX_LOG_ENTRIES, MAX_LOG_MESSAGE_LENGTH } from './log';

beforeAll(async () => {
  await useTestEnvironment();
});

const post = (body: unknown) => handler(httpEvent('POST', '/log', body));
const fieldsOf = (response: { body?: string }) => (JSON.parse(response.body ?? '') as { code: string; fields: unknown[] }).fields;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /log', () => {
  it('writes one JSON line per entry, at its level and with the request id, and answers 204', async () => {
    const log = captureLogLines();
    const response = await post([
      { message: 'Carte chargée', level: 'Information' },
      { message: 'Échec du chargement pour marie.tremblay@exemple.ca', level: 'Error' },
    ]);
    expect(response.statusCode).toBe(204);
    const web = log.entries().filter((entry) => entry.source === 'web');
    expect(web).toEqual([
      expect.objectContaining({ level: 'INFO', message: 'Carte chargée', handler: 'log', correlation_id: expect.any(String) }),
      // An address the page wrote is masked like every other line's.
      expect.objectContaining({ level: 'ERROR', message: 'Échec du chargement pour m***@exemple.ca', handler: 'log' }),
    ]);
  });

  it('refuses a bad level, a message that is missing or too long, and writes nothing', async () => {
    const log = captureLogLines();
    const response = await post([
      { message: 'ok', level: 'Debug' },
      { level: 'Warning' },
      { message: 'x'.repeat(MAX_LOG_MESSAGE_LENGTH + 1), level: 'Critical' },
      { message: 'x'.repeat(MAX_LOG_MESSAGE_LENGTH), level: 'Critical' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body!).code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(response)).toEqual([
      { path: '0.level', rule: 'oneOf' },
      { path: '1.message', rule: 'required' },
      { path: '2.message', rule: 'maxLength' },
    ]);
    expect(log.entries().filter((entry) => entry.source === 'web')).toEqual([]);
  });

  it(`refuses more than ${MAX_LOG_ENTRIES} entries, a body that is not an array, and one that is not JSON`, async () => {
    const tooMany = Array.from({ length: MAX_LOG_ENTRIES + 1 }, () => ({ message: 'm', level: 'Information' }));
    expect(fieldsOf(await post(tooMany))).toEqual([{ path: 'body', rule: 'maxLength' }]);
    expect(fieldsOf(await post({ message: 'm', level: 'Information' }))).toEqual([{ path: 'body', rule: 'required' }]);
    expect((await post('not json')).statusCode).toBe(400);
    expect((await post([null])).statusCode).toBe(400);
  });

  it('answers 429 with Retry-After once a source address has sent too many, and writes nothing more', async () => {
    const log = captureLogLines();
    const source = newSourceAddress();
    const entry = [{ message: 'ok', level: 'Information' }];
    // A still clock: on a busy machine, using the limit up takes long enough for the bucket to refill.
    const restore = useClock(manualClock());
    try {
      for (let i = 0; i < RATE_LIMITS.log.capacity; i++)
        expect((await handler(httpEvent('POST', '/log', entry, source))).statusCode).toBe(204);
      const limited = await handler(httpEvent('POST', '/log', entry, source));
      expect([limited.statusCode, Number(limited.headers?.['retry-after']) > 0]).toEqual([429, true]);
      expect(log.entries().filter((entry) => entry.source === 'web')).toHaveLength(RATE_LIMITS.log.capacity);
      expect((await handler(httpEvent('POST', '/log', entry, newSourceAddress()))).statusCode).toBe(204);
    } finally {
      restore();
    }
  });
});
