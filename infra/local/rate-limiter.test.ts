import { describe, expect, it } from 'vitest';
import { createHostCheck } from './host-check';
import { createRateLimiter } from './rate-limiter';

describe('rate limiter (token bucket per source)', () => {
  it('lets a burst through, then refuses with the seconds until the next request is allowed', () => {
    let now = 0;
    const admit = createRateLimiter({ capacity: 3, refillPerSecond: 0.5 }, () => now);
    expect([admit('a'), admit('a'), admit('a')]).toEqual(Array(3).fill({ allowed: true }));
    expect(admit('a')).toEqual({ allowed: false, retryAfterSeconds: 2 });
    // Another source has its own bucket.
    expect(admit('b')).toEqual({ allowed: true });
    now = 2_000;
    expect(admit('a')).toEqual({ allowed: true });
    expect(admit('a')).toEqual({ allowed: false, retryAfterSeconds: 2 });
  });
});

describe('Host check', () => {
  const allowed = createHostCheck(() => 3205, ['partage.lan', 'tablet.local:8080']);

  it.each(['localhost:3205', '127.0.0.1:3205', '[::1]:3205', 'LOCALHOST:3205', 'partage.lan:3205', 'partage.lan', 'tablet.local:8080'])(
    'accepts %s',
    (host) => {
      expect(allowed(host)).toBe(true);
    },
  );

  it.each([
    undefined,
    '',
    'evil.example:3205',
    'localhost:3206',
    'localhost',
    '127.0.0.1.evil.example:3205',
    'tablet.local:9000',
    'localhost:3205@evil',
  ])('refuses %j', (host) => {
    expect(allowed(host)).toBe(false);
  });
});
