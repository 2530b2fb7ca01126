import { beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '../domain/identity';
import { INITIAL_TERMS_VERSION } from '../domain/accounts/terms';
import { ANONYMOUS, asUser, errorCodeOf, givenUser, invalidFieldsOf, resolverEvent, useTestEnvironment } from '../testing/fixtures';
import { handler as accounts } from './accounts';
import { handler as admin } from './admin';

beforeAll(async () => {
  await useTestEnvironment();
});

const acceptTos = (tosVersion: string, identity: Identity) =>
  accounts(resolverEvent('Mutation.acceptTos', { input: { tosVersion } }, identity));
const publish = (version: string, identity: Identity) =>
  admin(resolverEvent('Mutation.publishTermsVersion', { input: { version } }, identity));
const termsVersion = (identity: Identity = ANONYMOUS) => accounts(resolverEvent('Query.termsVersion', {}, identity));
const history = (identity: Identity, userId?: string) => accounts(resolverEvent('Query.tosHistory', { userId }, identity));
const acceptedTos = async (identity: Identity) =>
  ((await accounts(resolverEvent('Query.me', {}, identity))) as { profile: { acceptedTos: unknown } }).profile.acceptedTos;

// The tests of this file share one table, hence one current version: they run in order.
describe('terms of service versions', () => {
  it('start at the initial version, which a user accepts once', async () => {
    const user = await givenUser({}, { termsAccepted: false });
    expect(await termsVersion()).toEqual({ version: INITIAL_TERMS_VERSION, publishedAt: null });
    expect(await acceptedTos(asUser(user))).toMatchObject({ hasAcceptedLatest: false });
    expect(await acceptTos(INITIAL_TERMS_VERSION, asUser(user))).toEqual({
      id: user.id,
      hasAcceptedLatest: true,
      latestVersionAvailable: INITIAL_TERMS_VERSION,
    });
    expect(await acceptTos(INITIAL_TERMS_VERSION, asUser(user))).toMatchObject({ hasAcceptedLatest: true });
    expect(await history(asUser(user))).toEqual([{ version: INITIAL_TERMS_VERSION, acceptedAt: expect.any(String) }]);
  });

  it('block every user again once an administrator publishes a new version, until they accept it', async () => {
    const user = await givenUser();
    const boss = await givenUser({ role: 'ADMIN' });
    await acceptTos(INITIAL_TERMS_VERSION, asUser(user));

    const published = await publish(' 2026-06 ', asUser(boss));
    expect(published).toEqual({ version: '2026-06', publishedAt: expect.any(String) });
    expect(await termsVersion(asUser(user))).toEqual(published);
    expect(await acceptedTos(asUser(user))).toEqual({ id: user.id, hasAcceptedLatest: false, latestVersionAvailable: '2026-06' });

    expect(invalidFieldsOf(await acceptTos(INITIAL_TERMS_VERSION, asUser(user)))).toEqual(['input.tosVersion:oneOf']);
    expect(await acceptTos('2026-06', asUser(user))).toMatchObject({ hasAcceptedLatest: true, latestVersionAvailable: '2026-06' });

    const accepted = (await history(asUser(user))) as { version: string }[];
    expect(accepted.map((a) => a.version)).toEqual(['2026-06', INITIAL_TERMS_VERSION]);
    expect(await history(asUser(boss), user.id)).toEqual(accepted);
  });

  it('refuse to publish the current version again, or a blank one', async () => {
    const boss = await givenUser({ role: 'ADMIN' });
    const { version } = (await termsVersion()) as { version: string };
    expect(errorCodeOf(await publish(version, asUser(boss)))).toBe('NO_CHANGE');
    expect(invalidFieldsOf(await publish('  ', asUser(boss)))).toEqual(['input.version:required']);
  });

  it('are accepted by USER accounts only, and published by administrators only', async () => {
    const user = await givenUser();
    const boss = await givenUser({ role: 'ADMIN' });
    const { version } = (await termsVersion()) as { version: string };
    expect(errorCodeOf(await acceptTos(version, asUser(boss)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await acceptTos(version, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await publish('2099-01', asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await publish('2099-01', ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(await termsVersion()).toMatchObject({ version });
  });

  it('keep each user’s history to themself and the administrators', async () => {
    const user = await givenUser({}, { termsAccepted: false });
    const other = await givenUser();
    expect(errorCodeOf(await history(asUser(other), user.id))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await history(ANONYMOUS, user.id))).toBe('UNAUTHORIZED_ACCESS');
    expect(await history(asUser(user), user.id)).toEqual([]);
  });

  it('hold back every other mutation of a USER who has not accepted the current version, until they do', async () => {
    const user = await givenUser({}, { termsAccepted: false });
    const boss = await givenUser({ role: 'ADMIN' });
    const closeWelcome = (identity: Identity) =>
      accounts(resolverEvent('Mutation.updateFirstLoginModalClosed', { input: { firstLoginModalClosed: true } }, identity));
    const rename = (identity: Identity) =>
      accounts(resolverEvent('Mutation.updateUserProfile', { input: { userId: user.id, firstName: 'Renée' } }, identity));

    expect(errorCodeOf(await closeWelcome(asUser(user)))).toBe('TERMS_NOT_ACCEPTED');
    expect(errorCodeOf(await rename(asUser(user)))).toBe('TERMS_NOT_ACCEPTED');
    // Nothing was written; reading stays open, and administrators are not held back.
    expect(await acceptedTos(asUser(user))).toMatchObject({ hasAcceptedLatest: false });
    expect(await rename(asUser(boss))).toEqual({ id: user.id });
    expect(await closeWelcome(asUser(boss))).toMatchObject({ firstLoginModalClosed: true });

    const { version } = (await termsVersion()) as { version: string };
    expect(await acceptTos(version, asUser(user))).toMatchObject({ hasAcceptedLatest: true });
    expect(await closeWelcome(asUser(user))).toMatchObject({ id: user.id, firstLoginModalClosed: true });
  });
});
