import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { AppSyncAuthorizerEvent } from 'aws-lambda';
import { ANONYMOUS_TOKEN } from '@partage/graphql';
import { signAccessToken } from '../domain/accounts/access-token';
import { manualClock, useClock } from '../domain/clock';
import { handler } from './authorizer';

const SECRET = 'authorizer-test-secret-of-32-bytes!';
beforeAll(() => {
  process.env.JWT_SECRET = SECRET;
});

const authorize = (authorizationToken: string) =>
  handler({ authorizationToken, requestContext: {}, requestHeaders: {} } as AppSyncAuthorizerEvent);

const sign = (claims: Record<string, unknown>, expiresAt: number | string, secret = SECRET) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('user-1')
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));

describe('AppSync authorizer', () => {
  it('passes on the user id and role of a valid token, cached no longer than the token lives', async () => {
    const result = await authorize(`Bearer ${await signAccessToken({ id: 'user-1', role: 'USER' })}`);
    expect(result).toMatchObject({ isAuthorized: true, resolverContext: { userId: 'user-1', role: 'USER' } });
    expect(result.ttlOverride).toBeGreaterThan(0);
    expect(result.ttlOverride).toBeLessThanOrEqual(300);
    const admin = await authorize(`Bearer ${await signAccessToken({ id: 'admin-1', role: 'ADMIN' }, 'family-1')}`);
    expect(admin.resolverContext).toEqual({ userId: 'admin-1', role: 'ADMIN', sessionId: 'family-1' });
  });

  it('lets anonymous visitors in as ANONYME', async () => {
    expect(await authorize(ANONYMOUS_TOKEN)).toMatchObject({ isAuthorized: true, resolverContext: { userId: '', role: 'ANONYME' } });
  });

  it('refuses an expired token', async () => {
    const expired = await sign({ userType: 'User' }, Math.floor(Date.now() / 1000) - 10);
    expect(await authorize(`Bearer ${expired}`)).toEqual({ isAuthorized: false, ttlOverride: 0 });
  });

  it('refuses garbage, a token signed with another key, an unknown user type and a missing scheme', async () => {
    const valid = await signAccessToken({ id: 'user-1', role: 'USER' });
    const tokens = [
      'Bearer garbage',
      '',
      valid,
      `Bearer ${await sign({ userType: 'User' }, '15m', 'another-secret-of-thirty-two-bytes!!')}`,
      `Bearer ${await sign({ userType: 'Root' }, '15m')}`,
    ];
    for (const token of tokens) expect((await authorize(token)).isAuthorized).toBe(false);
  });

  it('takes the time from the installed clock: a token expires when the clock passes its 15 minutes', async () => {
    const clock = manualClock('2026-03-01T12:00:00Z');
    const restore = useClock(clock);
    try {
      const token = `Bearer ${await signAccessToken({ id: 'user-1', role: 'USER' })}`;
      clock.advance(14 * 60_000);
      expect(await authorize(token)).toMatchObject({ isAuthorized: true, ttlOverride: 60 });
      clock.advance(2 * 60_000);
      expect(await authorize(token)).toEqual({ isAuthorized: false, ttlOverride: 0 });
    } finally {
      restore();
    }
  });
});
