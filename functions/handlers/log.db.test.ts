import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock, useClock } from '../domain/clock';
import { RATE_LIMITS } from '../domain/rate-limits';
import { httpEvent, newSourceAddress, useTestEnvironment } from '../testing/fixtures';
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
  it('writes one JSON line per entry and answers 204', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const response = await post([
      { message: 'Carte chargée', level: 'Information' },
      { message: 'Échec du chargement', level: 'Error' },
    ]);
    expect(response.statusCode).toBe(204);
    expect(log.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
      { source: 'web', level: 'Information', message: 'Carte chargée' },
      { source: 'web', level: 'Error', message: 'Échec du chargement' },
    ]);
  });

  it('refuses a bad level, a message that is missing or too long, and writes nothing', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
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
    expect(log).not.toHaveBeenCalled();
  });

  it(`refuses more than ${MAX_LOG_ENTRIES} entries, a body that is not an array, and one that is not JSON`, async () => {
    const tooMany = Array.from({ length: MAX_LOG_ENTRIES + 1 }, () => ({ message: 'm', level: 'Information' }));
    expect(fieldsOf(await post(tooMany))).toEqual([{ path: 'body', rule: 'maxLength' }]);
    expect(fieldsOf(await post({ message: 'm', level: 'Information' }))).toEqual([{ path: 'body', rule: 'required' }]);
    expect((await post('not json')).statusCode).toBe(400);
    expect((await post([null])).statusCode).toBe(400);
  });

  it('answers 429 with Retry-After once a source address has sent too many, and writes nothing more', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const source = newSourceAddress();
    const entry = [{ message: 'ok', level: 'Information' }];
    // A still clock: on a busy machine, using the limit up takes long enough for the bucket to refill.
    const restore = useClock(manualClock());
    try {
      for (let i = 0; i < RATE_LIMITS.log.capacity; i++)
        expect((await handler(httpEvent('POST', '/log', entry, source))).statusCode).toBe(204);
      const limited = await handler(httpEvent('POST', '/log', entry, source));
      expect([limited.statusCode, Number(limited.headers?.['retry-after']) > 0]).toEqual([429, true]);
      expect(log).toHaveBeenCalledTimes(RATE_LIMITS.log.capacity);
      expect((await handler(httpEvent('POST', '/log', entry, newSourceAddress()))).statusCode).toBe(204);
    } finally {
      restore();
    }
  });
});
