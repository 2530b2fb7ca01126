import { beforeAll, describe, expect, it } from 'vitest';
import { useTestEnvironment } from '../testing/fixtures';
import { takeToken } from './token-buckets';

beforeAll(async () => {
  await useTestEnvironment();
});

const RULE = { capacity: 3, refillPerSecond: 1 / 60 };
const T0 = Date.UTC(2026, 0, 1);

describe('token buckets', () => {
  it('allow a burst of `capacity`, then refuse with the wait for the next token, which then comes', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await takeToken('test', 'burst', RULE, T0));
    expect(answers).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }, { allowed: false, retryAfterSeconds: 60 }]);
    expect(await takeToken('test', 'burst', RULE, T0 + 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(await takeToken('test', 'burst', RULE, T0 + 60_000)).toEqual({ allowed: true });
    expect((await takeToken('test', 'burst', RULE, T0 + 60_000)).allowed).toBe(false);
  });

  it('keep subjects and limits apart', async () => {
    for (let i = 0; i < 3; i++) await takeToken('test', 'one', RULE, T0);
    expect((await takeToken('test', 'one', RULE, T0)).allowed).toBe(false);
    expect((await takeToken('test', 'two', RULE, T0)).allowed).toBe(true);
    expect((await takeToken('other', 'one', RULE, T0)).allowed).toBe(true);
  });

  it('never let concurrent takes spend more tokens than there are', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => takeToken('test', 'race', RULE, T0)));
    const allowed = answers.filter((answer) => answer.allowed).length;
    expect(allowed).toBeGreaterThan(0);
    expect(allowed).toBeLessThanOrEqual(RULE.capacity);
    // Whatever the races, what is left is what was not spent.
    const after = [];
    for (let i = 0; i < RULE.capacity; i++) after.push((await takeToken('test', 'race', RULE, T0)).allowed);
    expect(after.filter(Boolean)).toHaveLength(RULE.capacity - allowed);
  });

  it('count a burst of concurrent takes exactly: none refused for losing a race while tokens are left', async () => {
    const roomy = { capacity: 12, refillPerSecond: 1 / 60 };
    const answers = await Promise.all(Array.from({ length: 15 }, () => takeToken('test', 'burst-at-once', roomy, T0)));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(roomy.capacity);
    expect(answers.filter((answer) => !answer.allowed).every((answer) => !answer.allowed && answer.retryAfterSeconds === 60)).toBe(true);
  });
});
