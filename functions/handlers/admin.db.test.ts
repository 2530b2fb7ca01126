import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_TEXT, type UserPage } from '@partage/graphql';
import { getAd } from '../data/ads';
import { getUser, lockOutUser } from '../data/users';
import { FAILURES_BEFORE_DELAY } from '../domain/accounts/login-throttle';
import type { Identity } from '../domain/identity';
import {
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenAd,
  givenUser,
  invalidFieldsOf,
  newSourceAddress,
  resolverEvent,
  signUpInput,
  TEST_PUBLIC_URL,
  tokenLogin,
  useTestOutbox,
} from '../testing/fixtures';
import { handler as accounts } from './accounts';
import { handler as admin } from './admin';

const { emailsTo, lastLinkEmail, lastTwoFactorCode } = useTestOutbox();
let boss: Identity;
beforeAll(async () => {
  boss = asUser(await givenUser({ role: 'ADMIN', firstName: 'Sophie', lastName: 'Gagnon' }));
});

const call = (field: string, args: Record<string, unknown>, identity: Identity = boss) => admin(resolverEvent(field, args, identity));
const users = async (args: Record<string, unknown>) => (await call('Query.users', args)) as UserPage;
const login = tokenLogin('admin-test');
const unique = () => Math.random().toString(36).slice(2, 10);

/** Every page of a listing, one `limit` at a time. */
async function allPages(args: Record<string, unknown>): Promise<UserPage[]> {
  const pages: UserPage[] = [];
  let nextToken: string | null | undefined;
  do {
    const page = await users({ ...args, nextToken });
    pages.push(page);
    nextToken = page.nextToken;
  } while (nextToken);
  return pages;
}

describe('administration is for administrators', () => {
  it.each([
    ['Query.users', {}],
    ['Query.user', { id: 'x' }],
    ['Mutation.createAdminAccount', { input: { email: 'a@exemple.ca', firstName: 'A', lastName: 'B' } }],
    ['Mutation.adminCreateUser', { input: signUpInput() }],
    ['Mutation.adminUpdateUser', { input: { userId: 'x', firstName: 'A' } }],
    ['Mutation.verifyEmail', { input: { email: 'a@exemple.ca' } }],
    ['Mutation.allowUser', { input: { userId: 'x' } }],
    ['Mutation.publishTermsVersion', { input: { version: '2099-01' } }],
  ])('%s refuses anonymous visitors and users', async (field, args) => {
    const user = await givenUser();
    expect(errorCodeOf(await call(field, args, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call(field, args, asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
  });
});

describe('Query.users', () => {
  it('pages through every account, newest first, without repeating one', async () => {
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await givenUser({ createdAt: new Date(Date.now() + 60_000 + i).toISOString() }));
    const pages = await allPages({ limit: 2 });
    expect(pages.at(-1)!.nextToken).toBeNull();
    expect(pages.slice(0, -1).every((page) => page.items.length === 2)).toBe(true);
    const items = pages.flatMap((page) => page.items);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(items.map((item) => item.createdAt)).toEqual([...items.map((item) => item.createdAt)].sort().reverse());
    expect(items.slice(0, 3).map((item) => item.id)).toEqual(created.reverse().map((user) => user.id));
    expect(items[0]).toEqual({
      id: created[0]!.id,
      email: created[0]!.email,
      firstName: 'Lucie',
      lastName: 'Côté',
      publicName: 'Épicerie solidaire Rosemont',
      type: 'USER',
      emailConfirmed: true,
      lockedOut: false,
      createdAt: created[0]!.createdAt,
      organizationName: null,
    });
  });

  it("finds users by the start of a name, organisation or e-mail, ignoring case, accents and the words' order", async () => {
    const tag = unique();
    const hélène = await givenUser({ firstName: 'Hélène', lastName: `Côté-${tag}`, organizationName: `Fromagerie ${tag}` });
    const found = async (search: string) => (await users({ search })).items.map((item) => item.id);
    expect(await found(`cote ${tag}`)).toEqual([hélène.id]);
    expect(await found(`HELENE COTE ${tag}`)).toEqual([hélène.id]);
    expect(await found(`côté-${tag} hél`)).toEqual([hélène.id]);
    expect(await found(`fromagerie ${tag}`)).toEqual([hélène.id]);
    expect(await found(hélène.email.slice(0, 12).toUpperCase())).toEqual([hélène.id]);
    expect(await found(`${tag}-nobody`)).toEqual([]);
  });

  it('finds users by any word of their names, organisation or address, its domain too, every typed word counting', async () => {
    const tag = unique();
    const domain = `${tag}.exemple.ca`;
    const hochelaga = await givenUser({
      firstName: 'Marie-Ève',
      lastName: `Tremblay${tag}`,
      organizationName: `Cuisine collective Hochelaga ${tag}`,
      email: `marie.eve@${domain}`,
    });
    const other = await givenUser({ firstName: 'Hochelaga', lastName: `Roy${tag}`, email: `roy@${domain}` });
    const found = async (search: string) => (await users({ search })).items.map((item) => item.id).sort();
    expect(await found(`hochelaga ${tag}`)).toEqual([hochelaga.id, other.id].sort());
    expect(await found(`Collective ${tag}`)).toEqual([hochelaga.id]);
    expect(await found(domain.toUpperCase())).toEqual([hochelaga.id, other.id].sort());
    expect(await found(`EVE ${domain}`)).toEqual([hochelaga.id]);
    expect(await found(`marie.eve@${domain}`)).toEqual([hochelaga.id]);
    expect(await found(`hochélaga tremblay${tag}`)).toEqual([hochelaga.id]);
    expect(await found(`hochelaga ${tag} roy${tag}`)).toEqual([other.id]);
    expect(await found(`montreal ${tag}`)).toEqual([]);
  });

  it("follows an administrator's edit: the words gone find the user no more, the new ones do", async () => {
    const tag = unique();
    const user = await givenUser({ lastName: `Ancien${tag}`, organizationName: `Verdun${tag}` });
    const found = async (search: string) => (await users({ search })).items.map((item) => item.id);
    expect(
      await call('Mutation.adminUpdateUser', {
        input: { userId: user.id, lastName: `Nouveau${tag}`, organizationName: `Outremont${tag}` },
      }),
    ).toEqual({ id: user.id });
    expect(await found(`ancien${tag}`)).toEqual([]);
    expect(await found(`verdun${tag}`)).toEqual([]);
    expect(await found(`nouveau${tag} outremont${tag}`)).toEqual([user.id]);
  });

  it('pages through matches, each user once even when several of their terms match', async () => {
    const tag = unique();
    // The first name, "first last" and the e-mail of each one all start with the tag.
    const matching = await Promise.all([1, 2, 3].map((n) => givenUser({ firstName: `${tag}${n}`, email: `${tag}${n}@exemple.ca` })));
    const pages = await allPages({ search: tag, limit: 1 });
    const ids = pages.flatMap((page) => page.items.map((item) => item.id));
    expect(ids.sort()).toEqual(matching.map((user) => user.id).sort());
    expect(pages.at(-1)!.nextToken).toBeNull();
  });

  it('lists new accounts, whoever created them, and shows a locked-out account', async () => {
    const input = signUpInput({ lastName: `Inscrite${unique()}` });
    const { id } = (await accounts(resolverEvent('Mutation.createUserAccount', { input }, ANONYMOUS))) as { id: string };
    expect((await users({ search: input.lastName })).items).toMatchObject([{ id, emailConfirmed: false, lockedOut: false }]);

    const locked = await givenUser({ lastName: `Verrou${unique()}` });
    await lockOutUser(locked.id);
    expect((await users({ search: locked.lastName })).items).toMatchObject([{ id: locked.id, lockedOut: true }]);
  });

  it('refuses a page token it did not hand out', async () => {
    expect(invalidFieldsOf(await users({ nextToken: 'bidon' }))).toEqual(['nextToken:oneOf']);
    const { nextToken } = await users({ limit: 1 });
    expect(invalidFieldsOf(await users({ search: 'zzz', nextToken }))).toEqual(['nextToken:oneOf']);
  });
});

describe('Query.user', () => {
  it('gives the edit screen the account and its whole profile', async () => {
    const user = await givenUser({ organizationName: 'Boulangerie', industry: 'RETAIL', failedLogins: 2 }, { termsAccepted: false });
    expect(await call('Query.user', { id: user.id })).toMatchObject({
      id: user.id,
      email: user.email,
      type: 'USER',
      emailConfirmed: true,
      lockedOut: false,
      failedLogins: 2,
      hasPassword: true,
      profile: { firstName: 'Lucie', organizationName: 'Boulangerie', industry: 'RETAIL', acceptedTos: { hasAcceptedLatest: false } },
    });
    expect(errorCodeOf(await call('Query.user', { id: 'personne' }))).toBe('NOT_FOUND');
  });
});

describe('Mutation.createAdminAccount and Mutation.completeAdminRegistration', () => {
  const complete = (input: Record<string, unknown>) => accounts(resolverEvent('Mutation.completeAdminRegistration', { input }, ANONYMOUS));

  it('invite an administrator, who sets a password once and then signs in with a code', async () => {
    const email = `admin-${unique()}@exemple.ca`;
    const { id } = (await call('Mutation.createAdminAccount', { input: { email, firstName: 'Noémie', lastName: 'Roy' } })) as {
      id: string;
    };
    const link = await lastLinkEmail(email);
    expect(link.mail.subject).toBe('Invitation à administrer Partage');
    expect(`${link.url.origin}${link.path}`).toBe(`${TEST_PUBLIC_URL}/inscription/admin`);
    expect(
      await accounts(resolverEvent('Query.verifyToken', { email: link.email, token: link.token, type: 'ADMIN_INVITATION' }, ANONYMOUS)),
    ).toEqual({
      status: 'VALID',
      user: { id, email, type: 'ADMIN', profileId: id, firstName: 'Noémie', lastName: 'Roy' },
    });
    expect((await login(email, 'Admin-Secret-2026')).statusCode).toBe(401);

    expect(await complete({ email, token: link.token, password: 'Admin-Secret-2026', lastName: 'Roy-Tremblay' })).toEqual({ id });
    expect(await call('Query.user', { id })).toMatchObject({
      emailConfirmed: true,
      hasPassword: true,
      profile: { lastName: 'Roy-Tremblay', publicName: 'Noémie R.' },
    });
    expect((await login(email, 'Admin-Secret-2026')).body).toBe(LOGIN_TEXT.twoFactorSent);
    const code = await lastTwoFactorCode(email);
    expect((await login(email, 'Admin-Secret-2026', code)).statusCode).toBe(200);

    expect(await complete({ email, token: link.token, password: 'Autre-Secret-2026' })).toMatchObject({
      __error: { code: 'INVALID_TOKEN', message: 'USED' },
    });
  });

  it.each([
    [undefined, 'FRENCH', 'fr', 'Invitation à administrer Partage'],
    ['ENGLISH', 'ENGLISH', 'en', 'Invitation to administer Partage'],
  ])(
    'send the invitation in the language chosen (%s), which becomes the invited administrator’s',
    async (chosen, language, lang, subject) => {
      const email = `admin-${unique()}@exemple.ca`;
      const input = { email, firstName: 'Noémie', lastName: 'Roy', ...(chosen && { language: chosen }) };
      const { id } = (await call('Mutation.createAdminAccount', { input })) as { id: string };
      const { mail, url } = await lastLinkEmail(email);
      expect(mail.subject).toBe(subject);
      expect(url.searchParams.get('lang')).toBe(lang);
      expect(mail.html).toContain(`<html lang="${lang}"`);
      expect(await call('Query.user', { id })).toMatchObject({ profile: { language } });
    },
  );

  it('refuse a wrong token, a weak password, a taken address and missing names', async () => {
    const email = `admin-${unique()}@exemple.ca`;
    await call('Mutation.createAdminAccount', { input: { email, firstName: 'Noémie', lastName: 'Roy', language: 'ENGLISH' } });
    const link = await lastLinkEmail(email);
    expect(link.mail.subject).toBe('Invitation to administer Partage');
    expect(errorCodeOf(await complete({ email, token: 'x'.repeat(43), password: 'Admin-Secret-2026' }))).toBe('INVALID_TOKEN');
    expect(invalidFieldsOf(await complete({ email, token: link.token, password: 'faible', firstName: ' ' }))).toEqual([
      'input.password:password',
      'input.firstName:required',
    ]);
    expect(errorCodeOf(await call('Mutation.createAdminAccount', { input: { email, firstName: 'X', lastName: 'Y' } }))).toBe(
      'DUPLICATE_EMAIL',
    );
    expect(invalidFieldsOf(await call('Mutation.createAdminAccount', { input: { email: 'non', firstName: '', lastName: 'Y' } }))).toEqual([
      'input.email:email',
      'input.firstName:required',
    ]);
  });
});

describe('Mutation.adminCreateUser', () => {
  it('creates a USER who sets their password from the e-mailed link and can then sign in', async () => {
    const {
      password: _password,
      acceptedTermsAndPrivacy: _a,
      notRentalCompany: _n,
      contactAuthorizationNews: _c,
      contactAuthorizationSurveys: _s,
      ...input
    } = signUpInput({ language: 'ENGLISH' });
    const { id } = (await call('Mutation.adminCreateUser', { input })) as { id: string };
    const link = await lastLinkEmail(input.email);
    expect(link.mail.subject).toBe('Your Partage account has been created');
    expect(link.mail.text).not.toContain('Traiteur solidaire du Plateau');
    expect(`${link.url.origin}${link.path}`).toBe(`${TEST_PUBLIC_URL}/reinitialiser-mot-de-passe`);
    expect(await call('Query.user', { id })).toMatchObject({
      type: 'USER',
      emailConfirmed: false,
      hasPassword: false,
      profile: { language: 'ENGLISH', phoneNumber: '+15145550199' },
    });

    const reset = { emailAddress: link.email, token: link.token, newPassword: 'Premier-Secret-2026' };
    expect(await accounts(resolverEvent('Mutation.resetPassword', { input: reset }, ANONYMOUS))).toEqual({ id });
    expect((await login(input.email, 'Premier-Secret-2026')).statusCode).toBe(200);
  });

  it('validates the fields and refuses a taken address', async () => {
    const taken = await givenUser();
    expect(errorCodeOf(await call('Mutation.adminCreateUser', { input: signUpInput({ email: taken.email }) }))).toBe('DUPLICATE_EMAIL');
    expect(
      invalidFieldsOf(await call('Mutation.adminCreateUser', { input: signUpInput({ organizationName: '', industry: 'OTHER' }) })),
    ).toEqual(['input.organizationName:required', 'input.industryOtherSpecification:required']);
  });
});

describe('Mutation.adminUpdateUser', () => {
  const update = (input: Record<string, unknown>) => call('Mutation.adminUpdateUser', { input });

  it('edits the profile, and the user list follows the new name', async () => {
    const oldName = `Ancien${unique()}`;
    const user = await givenUser({ lastName: oldName });
    const newName = `Nouveau${unique()}`;
    expect(await update({ userId: user.id, lastName: newName, contactAuthorizationNews: true })).toEqual({ id: user.id });
    expect((await users({ search: oldName })).items).toEqual([]);
    expect((await users({ search: newName })).items).toMatchObject([{ id: user.id, lastName: newName }]);
    expect(await call('Query.user', { id: user.id })).toMatchObject({ profile: { contactAuthorizationNews: true } });
  });

  it('corrects the address: unconfirmed until the user follows the link sent to it', async () => {
    const user = await givenUser();
    const email = `corrigee-${user.email}`;
    await update({ userId: user.id, email });
    expect((await login(user.email)).statusCode).toBe(401);
    expect((await login(email)).body).toBe(LOGIN_TEXT.emailNotConfirmed);
    const link = await lastLinkEmail(email);
    await accounts(resolverEvent('Mutation.confirmEmail', { input: { email: link.email, token: link.token } }, ANONYMOUS));
    expect((await login(email)).statusCode).toBe(200);
    expect((await users({ search: email })).items).toMatchObject([{ id: user.id, email }]);
  });

  it('refuses a taken address, no change, an unknown user and invalid fields', async () => {
    const user = await givenUser({ organizationName: 'Épicerie solidaire Rosemont' });
    const other = await givenUser();
    expect(errorCodeOf(await update({ userId: user.id, email: other.email }))).toBe('DUPLICATE_EMAIL');
    expect(errorCodeOf(await update({ userId: user.id, email: user.email, firstName: 'Lucie' }))).toBe('NO_CHANGE');
    expect(errorCodeOf(await update({ userId: 'personne', firstName: 'X' }))).toBe('NOT_FOUND');
    expect(invalidFieldsOf(await update({ userId: user.id, email: 'non', phoneNumber: '1' }))).toEqual([
      'input.email:email',
      'input.phoneNumber:phone',
    ]);
    expect(await getUser(user.id)).toEqual(user);
  });

  it('sets an organisation’s tax status with the profile’s rules: numbers stored compact, removed with another status', async () => {
    const user = await givenUser();
    await update({ userId: user.id, taxStatus: 'REGISTERED', gstNumber: '123456789 rt 0001', qstNumber: '1234567890 TQ 0001' });
    expect(await call('Query.user', { id: user.id })).toMatchObject({
      profile: { taxStatus: 'REGISTERED', gstNumber: '123456789RT0001', qstNumber: '1234567890TQ0001' },
    });
    await update({ userId: user.id, taxStatus: 'SMALL_SUPPLIER' });
    expect(await call('Query.user', { id: user.id })).toMatchObject({
      profile: { taxStatus: 'SMALL_SUPPLIER', gstNumber: null, qstNumber: null },
    });
  });

  it('refuses registration numbers of the wrong shape, or a registered status without them, and changes nothing', async () => {
    const user = await givenUser();
    expect(
      invalidFieldsOf(await update({ userId: user.id, taxStatus: 'REGISTERED', gstNumber: '12345', qstNumber: '1234567890RT0001' })),
    ).toEqual(['input.gstNumber:gstNumber', 'input.qstNumber:qstNumber']);
    expect(invalidFieldsOf(await update({ userId: user.id, taxStatus: 'REGISTERED' }))).toEqual([
      'input.gstNumber:required',
      'input.qstNumber:required',
    ]);
    expect(await getUser(user.id)).toEqual(user);
  });
});

describe('Mutation.verifyEmail (resend the verification e-mail)', () => {
  const resend = (email: string) => call('Mutation.verifyEmail', { input: { email } });

  it('re-sends the confirmation, the set-your-password link or the invitation, whichever is pending', async () => {
    const unconfirmed = await givenUser({ emailConfirmed: false });
    expect(await resend(unconfirmed.email)).toEqual({ id: unconfirmed.id });
    expect((await lastLinkEmail(unconfirmed.email)).mail.subject).toBe('Confirmez votre adresse courriel');

    const created = signUpInput();
    await call('Mutation.adminCreateUser', { input: { ...created, password: undefined } });
    await resend(created.email);
    const mails = await emailsTo(created.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Votre compte Partage a été créé', 'Votre compte Partage a été créé']);

    const invited = `admin-${unique()}@exemple.ca`;
    await call('Mutation.createAdminAccount', { input: { email: invited, firstName: 'A', lastName: 'B' } });
    await resend(invited);
    expect(await emailsTo(invited)).toHaveLength(2);
  });

  it('is not rate-limited for administrators', async () => {
    const unconfirmed = await givenUser({ emailConfirmed: false });
    for (let i = 0; i < 5; i++) await resend(unconfirmed.email);
    expect(await emailsTo(unconfirmed.email)).toHaveLength(5);
  });

  it('answers NO_CHANGE for an active account and NOT_FOUND for an unknown address', async () => {
    const active = await givenUser();
    expect(errorCodeOf(await resend(active.email))).toBe('NO_CHANGE');
    expect(errorCodeOf(await resend('personne@exemple.ca'))).toBe('NOT_FOUND');
    expect(invalidFieldsOf(await resend('non'))).toEqual(['input.email:email']);
  });
});

describe('Mutation.allowUser', () => {
  it('unlocks a locked-out account, which can sign in again', async () => {
    const user = await givenUser();
    await lockOutUser(user.id);
    expect((await login(user.email)).body).toBe(LOGIN_TEXT.lockedOut);
    expect(await call('Query.user', { id: user.id })).toMatchObject({ lockedOut: true });

    expect(await call('Mutation.allowUser', { input: { userId: user.id } })).toEqual({ id: user.id });
    expect(await call('Query.user', { id: user.id })).toMatchObject({ lockedOut: false, failedLogins: 0 });
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('lifts the login delays on the account too', async () => {
    const user = await givenUser();
    const source = newSourceAddress();
    const fromThere = tokenLogin('admin-test', source);
    for (let i = 0; i < FAILURES_BEFORE_DELAY.sourceAccount; i++) await fromThere(user.email, 'Wrong-Password-1');
    expect((await fromThere(user.email)).statusCode).toBe(429);
    await lockOutUser(user.id);
    expect(await call('Mutation.allowUser', { input: { userId: user.id } })).toEqual({ id: user.id });
    expect((await fromThere(user.email)).statusCode).toBe(200);
  });

  it('answers NO_CHANGE for an account that is not locked, NOT_FOUND for an unknown one', async () => {
    const user = await givenUser();
    expect(errorCodeOf(await call('Mutation.allowUser', { input: { userId: user.id } }))).toBe('NO_CHANGE');
    expect(errorCodeOf(await call('Mutation.allowUser', { input: { userId: 'personne' } }))).toBe('NOT_FOUND');
    expect(invalidFieldsOf(await call('Mutation.allowUser', { input: { userId: '' } }))).toEqual(['input.userId:required']);
  });
});

describe('Mutation.lockUser', () => {
  const lock = (input: Record<string, unknown>, identity: Identity = boss) => call('Mutation.lockUser', { input }, identity);

  it('locks a user out with a reason: login refused, their published ads unpublished, the reason e-mailed; allowUser lifts it', async () => {
    const user = await givenUser();
    const ad = await givenAd(user, {}, { published: true });
    expect(await lock({ userId: user.id, reason: '  Annonces trompeuses  ' })).toEqual({ id: user.id });
    expect(await call('Query.user', { id: user.id })).toMatchObject({ lockedOut: true });
    expect((await users({ search: user.email })).items).toMatchObject([{ id: user.id, lockedOut: true }]);
    expect((await login(user.email)).body).toBe(LOGIN_TEXT.lockedOut);
    expect((await getAd(ad.id))?.published).toBe(false);
    expect((await emailsTo(user.email)).at(-1)?.text).toContain('Annonces trompeuses');

    expect(await call('Mutation.allowUser', { input: { userId: user.id } })).toEqual({ id: user.id });
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('wants a reason, answers NO_CHANGE when locked already, and locks no administrator', async () => {
    const user = await givenUser();
    expect(invalidFieldsOf(await lock({ userId: user.id, reason: '  ' }))).toEqual(['input.reason:required']);
    expect(await call('Query.user', { id: user.id })).toMatchObject({ lockedOut: false });
    await lockOutUser(user.id);
    expect(errorCodeOf(await lock({ userId: user.id, reason: 'Fraude' }))).toBe('NO_CHANGE');
    expect(errorCodeOf(await lock({ userId: 'personne', reason: 'Fraude' }))).toBe('NOT_FOUND');
    const otherAdmin = await givenUser({ role: 'ADMIN' });
    expect(errorCodeOf(await lock({ userId: otherAdmin.id, reason: 'Fraude' }))).toBe('UNAUTHORIZED_ACCESS');
    expect(await call('Query.user', { id: otherAdmin.id })).toMatchObject({ lockedOut: false });
  });

  it('refuses anonymous visitors and users, and changes nothing', async () => {
    const user = await givenUser();
    expect(errorCodeOf(await lock({ userId: user.id, reason: 'x' }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await lock({ userId: user.id, reason: 'x' }, asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    expect(await call('Query.user', { id: user.id })).toMatchObject({ lockedOut: false });
  });
});

describe('Query.transferTargetExists', () => {
  const exists = (email: string, identity: Identity = boss) => call('Query.transferTargetExists', { email }, identity);

  it("tells whether a user has the address (case ignored); an administrator's address is no target", async () => {
    const user = await givenUser();
    expect(await exists(user.email)).toBe(true);
    expect(await exists(` ${user.email.toUpperCase()} `)).toBe(true);
    expect(await exists(`personne-${unique()}@exemple.ca`)).toBe(false);
    const otherAdmin = await givenUser({ role: 'ADMIN' });
    expect(await exists(otherAdmin.email)).toBe(false);
    expect(invalidFieldsOf(await exists('pas-une-adresse'))).toEqual(['email:email']);
  });

  it('is for administrators only', async () => {
    const user = await givenUser();
    expect(errorCodeOf(await exists(user.email, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await exists(user.email, asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
  });
});

describe('UserSummary.acceptedTos (a field resolver, called in batches)', () => {
  const rowEvent = (row: { id: string; type: string }, identity: Identity = boss) => ({
    ...resolverEvent('UserSummary.acceptedTos', {}, identity),
    source: row,
  });

  it('answers every row of a batch in order: the terms state of USER rows, null for ADMIN rows', async () => {
    const version = (await accounts(resolverEvent('Query.termsVersion', {}, ANONYMOUS))) as { version: string };
    const agreed = await givenUser();
    await accounts(resolverEvent('Mutation.acceptTos', { input: { tosVersion: version.version } }, asUser(agreed)));
    const pending = await givenUser({}, { termsAccepted: false });
    const rows = [
      { id: pending.id, type: 'USER' },
      { id: boss.userId, type: 'ADMIN' },
      { id: agreed.id, type: 'USER' },
    ];
    expect(await admin(rows.map((row) => rowEvent(row)))).toEqual([
      { id: pending.id, hasAcceptedLatest: false, latestVersionAvailable: version.version },
      null,
      { id: agreed.id, hasAcceptedLatest: true, latestVersionAvailable: version.version },
    ]);
  });

  it('refuses, row by row, a caller who is not an administrator', async () => {
    const user = await givenUser({}, { termsAccepted: false });
    const results = await admin([rowEvent({ id: user.id, type: 'USER' }), rowEvent({ id: user.id, type: 'USER' }, asUser(user))]);
    expect(results[0]).toMatchObject({ id: user.id, hasAcceptedLatest: false });
    expect(errorCodeOf(results[1])).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await admin(rowEvent({ id: user.id, type: 'USER' }, ANONYMOUS)))).toBe('UNAUTHORIZED_ACCESS');
  });

  it('answers a batch of root-field events too, each with its own result or error', async () => {
    const user = await givenUser();
    const results = await admin([
      resolverEvent('Query.user', { id: user.id }, boss),
      resolverEvent('Query.user', { id: user.id }, asUser(user)),
    ]);
    expect(results[0]).toMatchObject({ id: user.id });
    expect(errorCodeOf(results[1])).toBe('UNAUTHORIZED_ACCESS');
  });
});
