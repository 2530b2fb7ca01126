import { beforeAll, describe, expect, it } from 'vitest';
import { useTestEnvironment } from '../testing/fixtures';
import { manualClock, useClock } from './clock';
import { enforceRateLimit, RATE_LIMITS } from './rate-limits';

beforeAll(() => useTestEnvironment());

describe('rate limits', () => {
  it('refill on the installed clock: a used-up limit lets one more call in once the clock has moved on', async () => {
    const clock = manualClock('2026-05-01T08:00:00Z');
    const restore = useClock(clock);
    try {
      const subject = `clock-${Math.random()}`;
      for (let i = 0; i < RATE_LIMITS.changeEmail.capacity; i++) await enforceRateLimit('changeEmail', subject);
      await expect(enforceRateLimit('changeEmail', subject)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      // perHour(5): one use back every 12 minutes.
      clock.advance(12 * 60_000);
      await expect(enforceRateLimit('changeEmail', subject)).resolves.toBeUndefined();
      await expect(enforceRateLimit('changeEmail', subject)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      restore();
    }
  });
});
