import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch } from '../test/helpers';
import { logger } from './logger';

describe('logger', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = mockFetch({});
  });
  const batches = () => callsTo(fetchMock, 'POST', '/log') as Array<Array<{ message: string; level: string }>>;

  it('sends 5 entries at once, in one request', () => {
    logger.information('one');
    logger.warning('two');
    logger.error('three');
    logger.critical('four');
    expect(batches()).toHaveLength(0);
    logger.information('five');
    expect(batches()).toHaveLength(1);
    expect(batches()[0]!.map((entry) => entry.level)).toEqual(['Information', 'Warning', 'Error', 'Critical', 'Information']);
    expect(batches()[0]![0]!.message).toContain('one');
  });

  it('sends fewer entries 1 s after the last one', () => {
    logger.error('first');
    vi.advanceTimersByTime(900);
    logger.error('second');
    vi.advanceTimersByTime(999);
    expect(batches()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches()).toEqual([[expect.objectContaining({ level: 'Error' }), expect.objectContaining({ level: 'Error' })]]);
  });

  it('sends nothing when there is nothing to send', () => {
    vi.advanceTimersByTime(10_000);
    expect(batches()).toHaveLength(0);
  });
});
