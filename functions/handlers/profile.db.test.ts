import { describe, expect, it } from 'vitest';
import { findUserByEmail, getUser } from '../data/users';
import type { Identity } from '../domain/identity';
import { RATE_LIMITS } from '../domain/rate-limits';
import {
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenUser,
  invalidFieldsOf,
  newSourceAddress,
  resolverCaller,
  resolverEvent,
  signUpInput,
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  tokenLogin,
  useTestOutbox,
} from '../testing/fixtures';
import { handler } from './accounts';

const { emailsTo, lastLinkEmail } = useTestOutbox();

const call = resolverCaller(handler);
const update = (input: Record<string, unknown>, identity: Identity) => call('Mutation.updateUserProfile', { input }, identity);
const profileOf = async (user: { id: string; role: 'USER' | 'ADMIN' }) =>
  ((await call('Query.me', {}, asUser(user))) as { profile: Record<string, unknown> }).profile;
const login = tokenLogin('profile-test');

/** A USER with a full profile, as sign-up stores it. */
const givenMember = () =>
  givenUser({
    organizationName: 'Épicerie solidaire Rosemont',
    publicName: 'Épicerie solidaire Rosemont',
    organizationType: 'NON_PROFIT_ORGANIZATIONS',
    industry: 'RETAIL',
    phoneNumber: '+15145550123',
    phoneVerified: true,
    postalCode: 'H1X 2B3',
    showEmail: false,
    showPhoneNumber: false,
  });

describe('Mutation.updateUserProfile', () => {
  it('changes only the fields sent, clears the ones sent as null, and keeps the rest', async () => {
    const user = await givenMember();
    const result = await update(
      { userId: user.id, firstName: ' Lucienne ', organizationName: 'Marché Rosemont', postalCode: null, showEmail: true },
      asUser(user),
    );
    expect(result).toEqual({ id: user.id });
    expect(await profileOf(user)).toMatchObject({
      firstName: 'Lucienne',
      lastName: 'Côté',
      organizationName: 'Marché Rosemont',
      publicName: 'Marché Rosemont',
      postalCode: null,
      showEmail: true,
      phoneNumber: '+15145550123',
      phoneVerified: true,
      industry: 'RETAIL',
    });
  });

  it('asks to verify a new phone number again, and drops an "other" text with its choice', async () => {
    const user = await givenMember();
    await update(
      { userId: user.id, phoneNumber: '(438) 555-0144', industry: 'OTHER', industryOtherSpecification: 'Brasserie' },
      asUser(user),
    );
    expect(await profileOf(user)).toMatchObject({
      phoneNumber: '+14385550144',
      phoneVerified: false,
      industryOtherSpecification: 'Brasserie',
    });
    await update({ userId: user.id, industry: 'CATERING' }, asUser(user));
    expect(await profileOf(user)).toMatchObject({ industry: 'CATERING', industryOtherSpecification: null });
  });

  it('skips a save that changes nothing with NO_CHANGE', async () => {
    const user = await givenMember();
    expect(
      errorCodeOf(await update({ userId: user.id, firstName: 'Lucie', phoneNumber: '514-555-0123', address: null }, asUser(user))),
    ).toBe('NO_CHANGE');
    expect(errorCodeOf(await update({ userId: user.id }, asUser(user)))).toBe('NO_CHANGE');
  });

  it('validates the fields sent, judging an OTHER choice with what is stored', async () => {
    const user = await givenMember();
    const result = await update(
      { userId: user.id, lastName: '', organizationType: 'OTHER', organizationNEQ: '12', postalCode: 'H1X', language: 'KLINGON' },
      asUser(user),
    );
    expect(invalidFieldsOf(result)).toEqual([
      'input.lastName:required',
      'input.organizationNEQ:neq',
      'input.organizationTypeOtherSpecification:required',
      'input.postalCode:postalCode',
      'input.language:oneOf',
    ]);
    expect(await getUser(user.id)).toEqual(user);
  });

  it('stores a registered organisation’s tax numbers compact in capitals, and drops them with the status', async () => {
    const user = await givenMember();
    expect(await profileOf(user)).toMatchObject({ taxStatus: 'NOT_STATED', gstNumber: null, qstNumber: null });
    await update(
      { userId: user.id, taxStatus: 'REGISTERED', gstNumber: '123456789 rt 0001', qstNumber: ' 1234567890tq0001' },
      asUser(user),
    );
    expect(await profileOf(user)).toMatchObject({ taxStatus: 'REGISTERED', gstNumber: '123456789RT0001', qstNumber: '1234567890TQ0001' });
    await update({ userId: user.id, taxStatus: 'SMALL_SUPPLIER' }, asUser(user));
    expect(await profileOf(user)).toMatchObject({ taxStatus: 'SMALL_SUPPLIER', gstNumber: null, qstNumber: null });
    const stored = await getUser(user.id);
    expect(stored).not.toHaveProperty('gstNumber');
    await update({ userId: user.id, taxStatus: 'NOT_STATED' }, asUser(user));
    expect(await getUser(user.id)).not.toHaveProperty('taxStatus');
  });

  it('refuses a registered status without both numbers, or numbers of the wrong shape, and writes nothing', async () => {
    const user = await givenMember();
    expect(invalidFieldsOf(await update({ userId: user.id, taxStatus: 'REGISTERED', gstNumber: '123456789RT0001' }, asUser(user)))).toEqual(
      ['input.qstNumber:required'],
    );
    const wrong = await update(
      { userId: user.id, taxStatus: 'REGISTERED', gstNumber: '12345678RT0001', qstNumber: '1234567890RT0001' },
      asUser(user),
    );
    expect(errorCodeOf(wrong)).toBe('VALIDATION_FAILED');
    expect(invalidFieldsOf(wrong)).toEqual(['input.gstNumber:gstNumber', 'input.qstNumber:qstNumber']);
    expect(invalidFieldsOf(await update({ userId: user.id, taxStatus: 'EXEMPT' }, asUser(user)))).toEqual(['input.taxStatus:oneOf']);
    expect(await getUser(user.id)).toEqual(user);
  });

  it('lets users edit their own profile only, and administrators anyone’s', async () => {
    const user = await givenMember();
    const other = await givenMember();
    const admin = await givenUser({ role: 'ADMIN' });
    expect(errorCodeOf(await update({ userId: user.id, firstName: 'Pirate' }, asUser(other)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await update({ userId: user.id, firstName: 'Pirate' }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect((await getUser(user.id))?.firstName).toBe('Lucie');
    expect(await update({ userId: user.id, firstName: 'Corrigé' }, asUser(admin))).toEqual({ id: user.id });
    expect(errorCodeOf(await update({ userId: 'personne', firstName: 'X' }, asUser(admin)))).toBe('NOT_FOUND');
  });

  it('lets an administrator edit their own profile without an organisation', async () => {
    const admin = await givenUser({ role: 'ADMIN', publicName: 'Lucie C.' });
    expect(await update({ userId: admin.id, lastName: 'Roy', organizationName: '' }, asUser(admin))).toEqual({ id: admin.id });
    expect(await profileOf(admin)).toMatchObject({ lastName: 'Roy', publicName: 'Lucie R.', acceptedTos: null });
  });

  it.each(['USER', 'ADMIN'] as const)(
    'sets a %s’s e-mail language alone (the header’s toggle): the next e-mail goes out in it',
    async (role) => {
      const user = await givenUser({ role, language: 'fr' });
      expect(await update({ userId: user.id, language: 'ENGLISH' }, asUser(user))).toEqual({ id: user.id });
      expect(await profileOf(user)).toMatchObject({ language: 'ENGLISH', firstName: user.firstName, lastName: user.lastName });
      await call('Mutation.sendPasswordReset', { input: { email: user.email } }, ANONYMOUS);
      const { mail } = await lastLinkEmail(user.email);
      expect(mail.subject).toBe('Reset your password');
      expect(mail.links[0]).toMatch(/[?&]lang=en$/);
      expect(mail.html).toContain('<html lang="en"');
    },
  );

  it('lets nobody set another user’s e-mail language', async () => {
    const [user, other] = [await givenMember(), await givenMember()];
    expect(errorCodeOf(await update({ userId: other.id, language: 'ENGLISH' }, asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    expect(await profileOf(other)).toMatchObject({ language: 'FRENCH' });
  });
});

describe('Query.publicProfile', () => {
  it('shows the e-mail and phone only when the user allows it', async () => {
    const user = await givenMember();
    const viewer = await givenUser();
    const view = () => call('Query.publicProfile', { id: user.id }, asUser(viewer));
    expect(await view()).toEqual({
      id: user.id,
      publicName: 'Épicerie solidaire Rosemont',
      organizationName: 'Épicerie solidaire Rosemont',
      organizationType: 'NON_PROFIT_ORGANIZATIONS',
      organizationTypeOtherSpecification: null,
      industry: 'RETAIL',
      industryOtherSpecification: null,
      registeredSince: user.createdAt,
      transactionsCount: 0,
      email: null,
      phoneNumber: null,
    });
    await update({ userId: user.id, showEmail: true, showPhoneNumber: true }, asUser(user));
    expect(await view()).toMatchObject({ email: user.email, phoneNumber: '+15145550123' });
  });

  it('is for signed-in users, and NOT_FOUND for an unknown id', async () => {
    const user = await givenMember();
    const admin = await givenUser({ role: 'ADMIN' });
    expect(errorCodeOf(await call('Query.publicProfile', { id: user.id }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(await call('Query.publicProfile', { id: user.id }, asUser(admin))).toMatchObject({ id: user.id });
    expect(errorCodeOf(await call('Query.publicProfile', { id: 'personne' }, asUser(user)))).toBe('NOT_FOUND');
  });
});

describe('Mutation.changeEmail', () => {
  const change = (identity: Identity, newEmail: string, password = TEST_PASSWORD) =>
    call('Mutation.changeEmail', { input: { newEmail, password } }, identity);

  it('changes the address once the link sent to the new one is followed', async () => {
    const user = await givenUser();
    const newEmail = `Nouvelle-${user.email}`.toUpperCase();
    expect(await change(asUser(user), newEmail)).toEqual({ id: user.id });
    const link = await lastLinkEmail(newEmail.toLowerCase());
    expect(link.mail.subject).toBe('Confirmez votre nouvelle adresse courriel');
    expect(`${link.url.origin}${link.path}`).toBe(`${TEST_PUBLIC_URL}/confirmez-courriel`);
    expect(await call('Query.me', {}, asUser(user))).toMatchObject({ email: user.email, pendingEmail: newEmail.toLowerCase() });
    expect((await login(user.email)).statusCode).toBe(200);

    expect(await call('Query.verifyToken', { email: link.email, token: link.token, type: 'EMAIL_CHANGE' })).toMatchObject({
      status: 'VALID',
    });
    expect(await call('Mutation.confirmEmail', { input: { email: link.email, token: link.token } })).toEqual({ id: user.id });
    expect(await call('Query.me', {}, asUser(user))).toMatchObject({ email: newEmail.toLowerCase(), pendingEmail: null });
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(401);
    // The old address is free again.
    expect(errorCodeOf(await call('Mutation.createUserAccount', { input: signUpInput({ email: user.email }) }))).toBeUndefined();
  });

  it('carries no text the user wrote to the new address, which nobody has confirmed yet', async () => {
    const user = await givenUser({ firstName: 'Visitez www.evil.example' });
    await change(asUser(user), `nouvelle-${user.email}`);
    const { mail } = await lastLinkEmail(`nouvelle-${user.email}`);
    expect(mail.text).not.toMatch(/evil|Visitez/);
  });

  it('is limited per account and per source address like the other e-mail senders (RATE_LIMITED)', async () => {
    const user = await givenUser();
    for (let i = 0; i < RATE_LIMITS.changeEmail.capacity; i++)
      expect(await change(asUser(user), `n${i}-${user.email}`)).toEqual({ id: user.id });
    expect(errorCodeOf(await change(asUser(user), `encore-${user.email}`))).toBe('RATE_LIMITED');
    expect(await emailsTo(`encore-${user.email}`)).toEqual([]);

    const source = newSourceAddress();
    const fromThere = async (identity: Identity) =>
      handler(
        resolverEvent(
          'Mutation.changeEmail',
          { input: { newEmail: `x-${identity.userId}@exemple.ca`, password: TEST_PASSWORD } },
          identity,
          source,
        ),
      );
    for (let i = 0; i < RATE_LIMITS.changeEmail.capacity; i++)
      expect(errorCodeOf(await fromThere(asUser(await givenUser())))).toBeUndefined();
    expect(errorCodeOf(await fromThere(asUser(await givenUser())))).toBe('RATE_LIMITED');
  });

  it('refuses a wrong password, the same address, an address in use and an invalid one', async () => {
    const user = await givenUser();
    const other = await givenUser();
    expect(errorCodeOf(await change(asUser(user), `x-${user.email}`, 'Wrong-Password-1'))).toBe('INCORRECT_PASSWORD');
    expect(errorCodeOf(await change(asUser(user), user.email.toUpperCase()))).toBe('NO_CHANGE');
    expect(errorCodeOf(await change(asUser(user), other.email))).toBe('DUPLICATE_EMAIL');
    expect(invalidFieldsOf(await change(asUser(user), 'pas-une-adresse', ''))).toEqual(['input.newEmail:email', 'input.password:required']);
    expect(errorCodeOf(await change(ANONYMOUS, 'a@exemple.ca'))).toBe('UNAUTHORIZED_ACCESS');
    expect(await emailsTo(`x-${user.email}`)).toEqual([]);
  });

  it('refuses the link when another account took the address in between', async () => {
    const user = await givenUser();
    const newEmail = `convoitee-${user.email}`;
    await change(asUser(user), newEmail);
    const link = await lastLinkEmail(newEmail);
    await call('Mutation.createUserAccount', { input: signUpInput({ email: newEmail }) });
    expect(errorCodeOf(await call('Mutation.confirmEmail', { input: { email: link.email, token: link.token } }))).toBe('DUPLICATE_EMAIL');
    expect((await getUser(user.id))?.email).toBe(user.email);
    expect((await findUserByEmail(newEmail))?.id).not.toBe(user.id);
  });

  it('voids an earlier request’s link when a newer one is made', async () => {
    const user = await givenUser();
    await change(asUser(user), `premiere-${user.email}`);
    const first = await lastLinkEmail(`premiere-${user.email}`);
    await change(asUser(user), `seconde-${user.email}`);
    expect(errorCodeOf(await call('Mutation.confirmEmail', { input: { email: first.email, token: first.token } }))).toBe('INVALID_TOKEN');
  });
});
