import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { AppSyncAuthorizerEvent } from 'aws-lambda';
import { ANONYMOUS_TOKEN } from '@partage/graphql';
import { signAccessToken } from '../domain/accounts/access-token';
import { manualClock, useClock } from '../domain/clock';
import { lockOutUser } from '../data/users';
import { givenUser, httpEvent, resolverEvent, TEST_PASSWORD, useTestOutbox } from '../testing/fixtures';
import { handler, MAX_CACHE_SECONDS } from './authorizer';
import { handler as accounts } from './accounts';
import { handler as tokens } from './token';

useTestOutbox();
const SECRET = 'test-secret-of-at-least-thirty-two-bytes';
const DEVICE = 'partage-web-authorizer';

const authorize = (authorizationToken: string) =>
  handler({ authorizationToken, requestContext: {}, requestHeaders: {} } as AppSyncAuthorizerEvent);

const sign = (claims: Record<string, unknown>, expiresAt: number | string, secret = SECRET) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('user-1')
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));

/** A real session of a new user. */
async function signedIn() {
  const user = await givenUser();
  const response = await tokens(httpEvent('POST', '/token/login', { username: user.email, password: TEST_PASSWORD, deviceId: DEVICE }));
  const session = JSON.parse(response.body!) as { token: string; refreshToken: string };
  return { user, ...session, familyId: session.refreshToken.split('.')[0]! };
}

describe('AppSync authorizer', () => {
  it('passes on the user id, role and session of a live session, cached at most a minute', async () => {
    const { user, token, familyId } = await signedIn();
    const result = await authorize(`Bearer ${token}`);
    expect(result).toEqual({
      isAuthorized: true,
      resolverContext: { userId: user.id, role: 'USER', sessionId: familyId },
      ttlOverride: expect.any(Number),
    });
    expect(result.ttlOverride).toBeGreaterThan(0);
    expect(result.ttlOverride).toBeLessThanOrEqual(60);
    expect(MAX_CACHE_SECONDS).toBe(60);
  });

  it('lets anonymous visitors in as ANONYME', async () => {
    expect(await authorize(ANONYMOUS_TOKEN)).toMatchObject({ isAuthorized: true, resolverContext: { userId: '', role: 'ANONYME' } });
  });

  it('refuses an expired token', async () => {
    const expired = await sign({ userType: 'User', sid: 'family-1' }, Math.floor(Date.now() / 1000) - 10);
    expect(await authorize(`Bearer ${expired}`)).toEqual({ isAuthorized: false, ttlOverride: 0 });
  });

  it('refuses garbage, a token signed with another key, an unknown user type and a missing scheme', async () => {
    const { token } = await signedIn();
    const tokensToTry = [
      'Bearer garbage',
      '',
      token,
      `Bearer ${await sign({ userType: 'User', sid: 'family-1' }, '15m', 'another-secret-of-thirty-two-bytes!!')}`,
      `Bearer ${await sign({ userType: 'Root', sid: 'family-1' }, '15m')}`,
    ];
    for (const candidate of tokensToTry) expect((await authorize(candidate)).isAuthorized).toBe(false);
  });

  it('refuses a validly signed token whose session does not exist, or that names none', async () => {
    const user = await givenUser();
    expect((await authorize(`Bearer ${await signAccessToken(user, 'no-such-family')}`)).isAuthorized).toBe(false);
    expect((await authorize(`Bearer ${await sign({ userType: 'User' }, '15m')}`)).isAuthorized).toBe(false);
  });

  it('refuses the access token of a session ended by POST /token/logout', async () => {
    const { token, refreshToken } = await signedIn();
    const logout = await tokens(httpEvent('POST', '/token/logout', { token, refreshToken }));
    expect(logout.statusCode).toBe(204);
    expect((await authorize(`Bearer ${token}`)).isAuthorized).toBe(false);
  });

  it('refuses the access tokens of an account locked out meanwhile', async () => {
    const { user, token } = await signedIn();
    await lockOutUser(user.id);
    expect((await authorize(`Bearer ${token}`)).isAuthorized).toBe(false);
  });

  it('refuses the other sessions of a user who changed their password, and keeps the one that did it', async () => {
    const { user, token: phone } = await signedIn();
    const laptop = JSON.parse(
      (await tokens(httpEvent('POST', '/token/login', { username: user.email, password: TEST_PASSWORD, deviceId: 'partage-web-laptop' })))
        .body!,
    ) as { token: string };
    const laptopContext = (await authorize(`Bearer ${laptop.token}`)).resolverContext!;
    const changed = await accounts(
      resolverEvent(
        'Mutation.changePassword',
        { input: { currentPassword: TEST_PASSWORD, newPassword: 'Nouveau-Passe-2026' } },
        { userId: user.id, role: 'USER', sessionId: laptopContext.sessionId },
      ),
    );
    expect(changed).toEqual({ id: user.id });
    expect((await authorize(`Bearer ${phone}`)).isAuthorized).toBe(false);
    expect((await authorize(`Bearer ${laptop.token}`)).isAuthorized).toBe(true);
  });

  it('takes the time from the installed clock: a token expires when the clock passes its 15 minutes', async () => {
    const clock = manualClock('2026-03-01T12:00:00Z');
    const restore = useClock(clock);
    try {
      const token = `Bearer ${(await signedIn()).token}`;
      clock.advance(14 * 60_000);
      expect(await authorize(token)).toMatchObject({ isAuthorized: true, ttlOverride: 60 });
      clock.advance(2 * 60_000);
      expect(await authorize(token)).toEqual({ isAuthorized: false, ttlOverride: 0 });
    } finally {
      restore();
    }
  });
});
