import { beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '../data/users';
import { recordTermsAcceptance } from '../data/terms';
import { INITIAL_TERMS_VERSION } from '../domain/accounts/terms';
import { startSession } from '../domain/accounts/sessions';
import { verifyAccessToken } from '../domain/accounts/access-token';
import type { Identity } from '../domain/identity';
import { verifyPassword } from '../domain/accounts/password-hash';
import {
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenUser,
  publishedEvents,
  httpEvent,
  resolverEvent,
  TEST_PASSWORD,
  useTestEnvironment,
} from '../testing/fixtures';
import { handler } from './accounts';
import { handler as tokenHandler } from './token';

beforeAll(async () => {
  await useTestEnvironment();
});

describe('Query.me', () => {
  it('is null for an anonymous visitor', async () => {
    expect(await handler(resolverEvent('Query.me', {}, ANONYMOUS))).toBeNull();
  });

  it('gives a USER their profile and whether they accepted the latest terms', async () => {
    const user = await givenUser({ publicName: 'Cuisine collective Hochelaga' }, { termsAccepted: false });
    const me = await handler(resolverEvent('Query.me', {}, asUser(user)));
    expect(me).toMatchObject({
      id: user.id,
      type: 'USER',
      email: user.email,
      pendingEmail: null,
      firstLoginModalClosed: false,
      profile: {
        id: user.id,
        publicName: 'Cuisine collective Hochelaga',
        acceptedTos: { id: user.id, hasAcceptedLatest: false, latestVersionAvailable: INITIAL_TERMS_VERSION },
        firstName: 'Lucie',
        lastName: 'Côté',
        language: 'FRENCH',
        registeredSince: user.createdAt,
        registeringInterests: [],
        showEmail: false,
      },
    });
    await recordTermsAcceptance(user.id, INITIAL_TERMS_VERSION, new Date().toISOString());
    expect(await handler(resolverEvent('Query.me', {}, asUser(user)))).toMatchObject({
      profile: { acceptedTos: { hasAcceptedLatest: true } },
    });
  });

  it('gives an ADMIN their profile without terms', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    expect(await handler(resolverEvent('Query.me', {}, asUser(admin)))).toMatchObject({ type: 'ADMIN', profile: { acceptedTos: null } });
  });

  it('is null for a token whose account no longer exists', async () => {
    expect(await handler(resolverEvent('Query.me', {}, { userId: 'gone', role: 'USER' }))).toBeNull();
  });
});

describe('Mutation.updateFirstLoginModalClosed', () => {
  const update = (value: unknown, identity: Identity) =>
    handler(resolverEvent('Mutation.updateFirstLoginModalClosed', { input: { firstLoginModalClosed: value } }, identity));

  it('stores the state and publishes it to the subscription', async () => {
    const user = await givenUser();
    expect(await update(true, asUser(user))).toEqual({ id: user.id, firstLoginModalClosed: true });
    expect((await getUser(user.id))?.firstLoginModalClosed).toBe(true);
    expect(publishedEvents()).toContainEqual({
      mutation: 'publishFirstLoginModalClosed',
      result: { id: user.id, firstLoginModalClosed: true },
    });
  });

  it('refuses an anonymous visitor and a value that is not a boolean', async () => {
    expect(errorCodeOf(await update(true, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    const user = await givenUser();
    expect(await update('yes', asUser(user))).toEqual({
      __error: expect.objectContaining({ code: 'VALIDATION_FAILED', fields: [{ path: 'input.firstLoginModalClosed', rule: 'required' }] }),
    });
    expect((await getUser(user.id))?.firstLoginModalClosed).toBe(false);
  });
});

describe('Mutation.changePassword', () => {
  const NEW_PASSWORD = 'Nouveau-Mot-2026';
  const change = (identity: Identity, currentPassword: string, newPassword: string) =>
    handler(resolverEvent('Mutation.changePassword', { input: { currentPassword, newPassword } }, identity));
  const refresh = (session: { token: string; refreshToken: string }, deviceId: string) =>
    tokenHandler(httpEvent('POST', '/token/refresh', { ...session, deviceId }));

  it('replaces the password and signs the user out of every device', async () => {
    const user = await givenUser();
    const sessions = await Promise.all([startSession(user, 'device-a'), startSession(user, 'device-b')]);
    expect(await change(asUser(user), TEST_PASSWORD, NEW_PASSWORD)).toEqual({ id: user.id });
    const stored = await getUser(user.id);
    expect(await verifyPassword(NEW_PASSWORD, stored?.passwordHash)).toBe(true);
    expect(await verifyPassword(TEST_PASSWORD, stored?.passwordHash)).toBe(false);
    expect((await refresh(sessions[0], 'device-a')).statusCode).toBe(401);
    expect((await refresh(sessions[1], 'device-b')).statusCode).toBe(401);
  });

  it('keeps the session that made the change signed in, and only that one', async () => {
    const user = await givenUser();
    const [own, other] = await Promise.all([startSession(user, 'device-a'), startSession(user, 'device-b')]);
    const { sessionId } = await verifyAccessToken(own.token);
    expect(await change({ ...asUser(user), sessionId }, TEST_PASSWORD, NEW_PASSWORD)).toEqual({ id: user.id });
    expect((await refresh(own, 'device-a')).statusCode).toBe(200);
    expect((await refresh(other, 'device-b')).statusCode).toBe(401);
  });

  it('refuses a wrong current password and keeps the old one and the sessions', async () => {
    const user = await givenUser();
    const session = await startSession(user, 'device-a');
    expect(errorCodeOf(await change(asUser(user), 'Wrong-Password-1', NEW_PASSWORD))).toBe('INCORRECT_PASSWORD');
    expect(await verifyPassword(TEST_PASSWORD, (await getUser(user.id))?.passwordHash)).toBe(true);
    expect((await refresh(session, 'device-a')).statusCode).toBe(200);
  });

  it('refuses a weak new password with the password rule', async () => {
    const user = await givenUser();
    const result = await change(asUser(user), TEST_PASSWORD, 'faible');
    expect(result).toEqual({
      __error: expect.objectContaining({ code: 'VALIDATION_FAILED', fields: [{ path: 'input.newPassword', rule: 'password' }] }),
    });
    expect(await verifyPassword(TEST_PASSWORD, (await getUser(user.id))?.passwordHash)).toBe(true);
  });

  it('refuses an anonymous visitor before looking at the input', async () => {
    expect(errorCodeOf(await change(ANONYMOUS, '', ''))).toBe('UNAUTHORIZED_ACCESS');
  });

  it('lets an ADMIN change their password too', async () => {
    const admin = await givenUser({ role: 'ADMIN' });
    expect(await change(asUser(admin), TEST_PASSWORD, NEW_PASSWORD)).toEqual({ id: admin.id });
  });
});

describe('Subscription.onFirstLoginModalClosed', () => {
  const subscribe = (id: string, identity: Identity) => handler(resolverEvent('Subscription.onFirstLoginModalClosed', { id }, identity));

  it('lets users listen to their own changes only', async () => {
    const user = await givenUser();
    const other = await givenUser();
    expect(await subscribe(user.id, asUser(user))).toEqual({ __subscriptionFilter: { id: { eq: user.id } } });
    expect(errorCodeOf(await subscribe(other.id, asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await subscribe(user.id, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
  });
});

describe('resolver frame', () => {
  it('treats a missing or unknown identity as anonymous', async () => {
    const event = { ...resolverEvent('Query.me', {}, ANONYMOUS), identity: { resolverContext: { userId: 'x', role: 'ROOT' } } };
    expect(await handler(event)).toBeNull();
    expect(await handler({ ...event, identity: null })).toBeNull();
  });

  it('throws for a field it does not resolve', async () => {
    await expect(handler(resolverEvent('Query.nothing', {}, ANONYMOUS))).rejects.toThrow('No resolver for Query.nothing');
  });
});
