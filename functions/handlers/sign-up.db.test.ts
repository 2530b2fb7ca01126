import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_EMAILS_PER_HOUR, EMAIL_CONFIRMATION_TTL_SECONDS, LOGIN_TEXT } from '@partage/graphql';
import { db } from '../data/client';
import { listTermsAcceptances } from '../data/terms';
import { findUserByEmail } from '../data/users';
import type { Identity } from '../domain/identity';
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
  TEST_PUBLIC_URL,
  tokenLogin,
  useTestOutbox,
  useUpRateLimit,
} from '../testing/fixtures';
import { handler } from './accounts';
import { captureLogLines } from '../testing/log-lines';

const { emailsTo, lastLinkEmail } = useTestOutbox();
afterEach(() => {
  vi.useRealTimers();
});

const call = resolverCaller(handler);
const signUp = (input: Record<string, unknown>, identity?: Identity) => call('Mutation.createUserAccount', { input }, identity);
const confirm = (email: string, tokenValue: string) => call('Mutation.confirmEmail', { input: { email, token: tokenValue } });
const verify = (email: string, tokenValue: string, type = 'EMAIL_CONFIRMATION') =>
  call('Query.verifyToken', { email, token: tokenValue, type });
const resend = (email: string) => call('Mutation.resendConfirmationEmail', { input: { email } });
const login = tokenLogin('sign-up-test');
/** Moves the clock (Date only: the DynamoDB client keeps its real timers). */
const later = (seconds: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
};

describe('Mutation.createUserAccount', () => {
  it('creates an unconfirmed account and e-mails a French confirmation link that keeps the returnPath', async () => {
    const input = signUpInput({ returnPath: '/annonces/cuisine-12' });
    const result = (await signUp(input)) as { id: string };
    expect(result.id).toEqual(expect.any(String));

    const link = await lastLinkEmail(input.email);
    expect(link.mail.subject).toBe('Confirmez votre adresse courriel');
    expect(link.mail.text).toMatch(/^Bonjour,/);
    expect(link.mail.text).toContain('48 heures');
    expect(link.url.origin + link.path).toBe(`${TEST_PUBLIC_URL}/confirmez-courriel`);
    expect([link.email, link.returnPath]).toEqual([input.email, '/annonces/cuisine-12']);

    const refused = await login(input.email, input.password);
    expect([refused.statusCode, refused.body]).toEqual([403, LOGIN_TEXT.emailNotConfirmed]);
  });

  it('carries no text the visitor wrote to the address nobody has confirmed yet', async () => {
    const input = signUpInput({ firstName: 'Gagnez un prix sur www.evil.example', organizationName: 'Cliquez http://evil.example/prix' });
    await signUp(input);
    const { mail } = await lastLinkEmail(input.email);
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toMatch(/evil|prix|Gagnez|Cliquez/);
    // The confirmation, and the site in the footer.
    expect(mail.links.map((link) => link.replace(/\?.*/, ''))).toEqual([`${TEST_PUBLIC_URL}/confirmez-courriel`, `${TEST_PUBLIC_URL}/`]);
  });

  it('writes the account and its terms acceptance together: when the write fails, no account is left', async () => {
    const input = signUpInput();
    // The table refuses any write that carries a terms acceptance (the second item of a sign-up).
    const send = db().send.bind(db());
    const spy = vi
      .spyOn(db(), 'send')
      .mockImplementation(((command: { input: unknown }) =>
        JSON.stringify(command.input).includes('"SK":"TOS#')
          ? Promise.reject(new Error('Injected failure of the terms acceptance write'))
          : send(command as never)) as never);
    try {
      await expect(signUp(input)).rejects.toThrow('Injected failure');
    } finally {
      spy.mockRestore();
    }
    expect(await findUserByEmail(input.email)).toBeUndefined();
    expect(await emailsTo(input.email.toLowerCase())).toEqual([]);
    // The address is still free: signing up again works, with the acceptance.
    const { id } = (await signUp(input)) as { id: string };
    expect(await listTermsAcceptances(id)).toHaveLength(1);
  });

  it('keeps the account when the confirmation e-mail cannot be sent; "resend" sends it', async () => {
    const input = signUpInput();
    const logged = captureLogLines();
    const { mailer } = await import('../adapters/mailer');
    const failing = vi.spyOn(mailer(), 'send').mockRejectedValue(new Error('SES is down'));
    try {
      expect(await signUp(input)).toEqual({ id: expect.any(String) });
      expect(failing).toHaveBeenCalledTimes(3);
    } finally {
      failing.mockRestore();
      logged.restore();
    }
    const user = await findUserByEmail(input.email);
    expect(await listTermsAcceptances(user!.id)).toHaveLength(1);
    expect(await resend(input.email)).toBe(true);
    expect(await lastLinkEmail(user!.email)).toMatchObject({ path: '/confirmez-courriel' });
  });

  it('limits the sign-ups of one source address (RATE_LIMITED with the wait), keyed by the caller’s x-forwarded-for hop', async () => {
    const source = newSourceAddress();
    const fromThere = (input: Record<string, unknown>) =>
      handler(resolverEvent('Mutation.createUserAccount', { input }, ANONYMOUS, source));
    await useUpRateLimit('signUp', source);
    expect(errorCodeOf(await fromThere(signUpInput()))).toBeUndefined();
    const input = signUpInput();
    const limited = (await fromThere(input)) as { __error: { code: string; retryAfterSeconds: number } };
    expect(limited.__error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(limited.__error.retryAfterSeconds).toBeGreaterThan(0);
    expect(await findUserByEmail(input.email)).toBeUndefined();
    expect(
      errorCodeOf(await handler(resolverEvent('Mutation.createUserAccount', { input }, ANONYMOUS, newSourceAddress()))),
    ).toBeUndefined();
  });

  it('keys the limit by the address AppSync appended, not by hops the caller wrote in x-forwarded-for', async () => {
    // AppSync appends the caller's address and its edge's to whatever x-forwarded-for the caller sent.
    const source = newSourceAddress();
    await useUpRateLimit('signUp', source, 0);
    const forging = resolverEvent('Mutation.createUserAccount', { input: signUpInput() }, ANONYMOUS, `${newSourceAddress()}, ${source}`);
    expect(errorCodeOf(await handler(forging))).toBe('RATE_LIMITED');
  });

  it('cuts a forged x-forwarded-for of any length to an address’s length (never an oversized key)', async () => {
    const forged = resolverEvent('Mutation.createUserAccount', { input: signUpInput() }, ANONYMOUS, 'x'.repeat(5000));
    expect(errorCodeOf(await handler(forged))).toBeUndefined();
  });

  it('stores the fields normalised, and the account accepts the current terms', async () => {
    const input = signUpInput({
      email: `  Marie.${Date.now()}@Exemple.CA `,
      organizationType: 'OTHER',
      organizationTypeOtherSpecification: ' Coopérative ',
    });
    const { id } = (await signUp(input)) as { id: string };
    const me = await call('Query.me', {}, { userId: id, role: 'USER' });
    expect(me).toMatchObject({
      email: input.email.trim().toLowerCase(),
      profile: {
        publicName: 'Traiteur solidaire du Plateau',
        organizationType: 'OTHER',
        organizationTypeOtherSpecification: 'Coopérative',
        industry: 'CATERING',
        industryOtherSpecification: null,
        phoneNumber: '+15145550199',
        phoneVerified: false,
        postalCode: 'H2J 2K9',
        showPhoneNumber: true,
        showEmail: false,
        contactAuthorizationNews: true,
        contactAuthorizationSurveys: false,
        registeringInterests: ['VIEW_AD', 'SHOW_EQUIPMENT'],
        language: 'FRENCH',
        acceptedTos: { hasAcceptedLatest: true },
      },
    });
  });

  it('writes the e-mail in English when asked', async () => {
    const input = signUpInput({ language: 'ENGLISH' });
    await signUp(input);
    const { mail } = await lastLinkEmail(input.email);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toMatch(/^Hello,/);
  });

  it('refuses every invalid field at once, and writes and sends nothing', async () => {
    const input = signUpInput({
      email: 'pas-une-adresse',
      password: 'faible',
      firstName: ' ',
      organizationNEQ: '8123456789',
      organizationType: 'OTHER',
      industry: 'OTHER',
      industryOtherSpecification: '',
      phoneNumber: '123',
      postalCode: '12345',
      registeringInterests: ['EVERYTHING'],
      acceptedTermsAndPrivacy: false,
      notRentalCompany: false,
      returnPath: '//ailleurs.example/piege',
    });
    expect(invalidFieldsOf(await signUp(input))).toEqual([
      'input.email:email',
      'input.password:password',
      'input.firstName:required',
      'input.organizationNEQ:neq',
      'input.organizationTypeOtherSpecification:required',
      'input.industryOtherSpecification:required',
      'input.phoneNumber:phone',
      'input.postalCode:postalCode',
      'input.registeringInterests:oneOf',
      'input.acceptedTermsAndPrivacy:required',
      'input.notRentalCompany:required',
      'input.returnPath:url',
    ]);
    expect(await emailsTo(input.email)).toEqual([]);
  });

  it('answers a known address exactly like a new one, and e-mails its owner instead (issue 22, finding 7)', async () => {
    const first = signUpInput();
    await signUp(first);
    const owner = (await findUserByEmail(first.email))!;
    const again = await signUp(signUpInput({ email: first.email.toUpperCase() }));
    // The same answer's shape as a new account's: an id, no error.
    expect(errorCodeOf(again)).toBeUndefined();
    expect(again).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((again as { id: string }).id).not.toBe(owner.id);
    // The owner is told, with the ways back in, and no confirmation link (nothing to confirm).
    const told = (await emailsTo(first.email)).filter((mail) => mail.subject === 'Tentative de création de compte avec votre adresse');
    expect(told).toHaveLength(1);
    expect(told[0]!.links.map((link) => new URL(link).pathname)).toEqual(expect.arrayContaining(['/connexion', '/mot-de-passe-oublie']));
    expect((await findUserByEmail(first.email))?.id).toBe(owner.id);
  });

  it('lets exactly one of two simultaneous sign-ups with the same address make an account; both answer alike', async () => {
    const input = signUpInput();
    const results = await Promise.all([signUp(input), signUp({ ...input, firstName: 'Autre' })]);
    expect(results.map(errorCodeOf)).toEqual([undefined, undefined]);
    const made = (await findUserByEmail(input.email))!.id;
    expect(results.map((result) => (result as { id: string }).id)).toContain(made);
  });

  it('refuses a returnPath that leaves the site once its dot segments are resolved, and normalises the one it keeps', async () => {
    expect(invalidFieldsOf(await signUp(signUpInput({ returnPath: '/.//evil.example/x' })))).toEqual(['input.returnPath:url']);
    const input = signUpInput({ returnPath: '/annonces/./a/../cuisine-12' });
    await signUp(input);
    expect((await lastLinkEmail(input.email)).returnPath).toBe('/annonces/cuisine-12');
  });

  it('is for visitors who are not signed in', async () => {
    const user = await givenUser();
    const admin = await givenUser({ role: 'ADMIN' });
    expect(errorCodeOf(await signUp(signUpInput(), asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await signUp(signUpInput(), asUser(admin)))).toBe('UNAUTHORIZED_ACCESS');
  });
});

describe('Mutation.confirmEmail and Query.verifyToken', () => {
  async function signedUp(overrides: Record<string, unknown> = {}) {
    const input = signUpInput(overrides);
    const { id } = (await signUp(input)) as { id: string };
    return { id, input, link: await lastLinkEmail(input.email) };
  }

  it('confirms the address once, after which the user can sign in', async () => {
    const { id, input, link } = await signedUp();
    expect(await verify(link.email, link.token)).toEqual({
      status: 'VALID',
      user: { id, email: input.email, type: 'USER', profileId: id, firstName: 'Émilie', lastName: 'Bouchard' },
    });
    expect(await confirm(link.email, link.token)).toEqual({ id });
    expect((await login(input.email, input.password)).statusCode).toBe(200);

    expect(await verify(link.email, link.token)).toEqual({ status: 'USED', user: null });
    expect(await confirm(link.email, link.token)).toMatchObject({ __error: { code: 'INVALID_TOKEN', message: 'USED' } });
  });

  it('refuses a wrong token, another address and another kind of token', async () => {
    const { link } = await signedUp();
    expect(await verify(link.email, 'x'.repeat(43))).toEqual({ status: 'INVALID', user: null });
    expect(await verify('autre@exemple.ca', link.token)).toEqual({ status: 'INVALID', user: null });
    expect(await verify(link.email, link.token, 'PASSWORD_RESET')).toEqual({ status: 'INVALID', user: null });
    expect(await confirm(link.email, 'x'.repeat(43))).toMatchObject({ __error: { code: 'INVALID_TOKEN', message: 'INVALID' } });
    expect(await verify(link.email, link.token)).toMatchObject({ status: 'VALID' });
  });

  it(`refuses a link older than ${EMAIL_CONFIRMATION_TTL_SECONDS / 3600} hours`, async () => {
    const { input, link } = await signedUp();
    later(EMAIL_CONFIRMATION_TTL_SECONDS + 1);
    expect(await verify(link.email, link.token)).toEqual({ status: 'EXPIRED', user: null });
    expect(await confirm(link.email, link.token)).toMatchObject({ __error: { code: 'INVALID_TOKEN', message: 'EXPIRED' } });
    expect((await findUserByEmail(input.email))?.emailConfirmed).toBe(false);
  });

  it('voids the other confirmation links of the address once one is used', async () => {
    const { input, link } = await signedUp();
    await resend(input.email);
    const second = await lastLinkEmail(input.email);
    expect(second.token).not.toBe(link.token);
    await confirm(second.email, second.token);
    expect(await verify(link.email, link.token)).toEqual({ status: 'INVALID', user: null });
  });

  it('validates its input', async () => {
    expect(invalidFieldsOf(await confirm('', ''))).toEqual(['input.email:required', 'input.token:required']);
    expect(invalidFieldsOf(await verify('a@exemple.ca', 'x', 'SOMETHING'))).toEqual(['type:oneOf']);
  });
});

describe('Mutation.resendConfirmationEmail', () => {
  it('sends a new link to an unconfirmed account, and answers true for any address', async () => {
    const input = signUpInput();
    await signUp(input);
    expect(await resend(input.email.toUpperCase())).toBe(true);
    expect(await emailsTo(input.email)).toHaveLength(2);

    const confirmed = await givenUser();
    expect(await resend(confirmed.email)).toBe(true);
    expect(await resend('personne@exemple.ca')).toBe(true);
    expect(await emailsTo(confirmed.email)).toEqual([]);
    expect(await emailsTo('personne@exemple.ca')).toEqual([]);
  });

  it(`sends at most ${ACCOUNT_EMAILS_PER_HOUR} per hour, then still answers true`, async () => {
    const input = signUpInput();
    await signUp(input);
    for (let i = 0; i < ACCOUNT_EMAILS_PER_HOUR + 2; i++) expect(await resend(input.email)).toBe(true);
    expect(await emailsTo(input.email)).toHaveLength(1 + ACCOUNT_EMAILS_PER_HOUR);
    later(60 * 60);
    await resend(input.email);
    expect(await emailsTo(input.email)).toHaveLength(2 + ACCOUNT_EMAILS_PER_HOUR);
  });

  it('limits the resends of one source address, whatever the addresses asked for', async () => {
    const source = newSourceAddress();
    const fromThere = (email: string) =>
      handler(resolverEvent('Mutation.resendConfirmationEmail', { input: { email } }, ANONYMOUS, source));
    await useUpRateLimit('resendConfirmation', source, 2);
    for (let i = 0; i < 2; i++) expect(await fromThere(`inconnu-${i}@exemple.ca`)).toBe(true);
    expect(errorCodeOf(await fromThere('inconnu@exemple.ca'))).toBe('RATE_LIMITED');
  });

  it('refuses an invalid address', async () => {
    expect(invalidFieldsOf(await resend('nope'))).toEqual(['input.email:email']);
  });
});

describe('login of an unconfirmed account', () => {
  it('sends a fresh confirmation e-mail, within the same hourly limit', async () => {
    const input = signUpInput();
    await signUp(input);
    for (let i = 0; i < ACCOUNT_EMAILS_PER_HOUR + 1; i++) {
      expect((await login(input.email, input.password)).body).toBe(LOGIN_TEXT.emailNotConfirmed);
    }
    expect(await emailsTo(input.email)).toHaveLength(1 + ACCOUNT_EMAILS_PER_HOUR);
    const link = await lastLinkEmail(input.email);
    await confirm(link.email, link.token);
    expect((await login(input.email, input.password)).statusCode).toBe(200);
  });

  it('sends nothing for a wrong password', async () => {
    const input = signUpInput();
    await signUp(input);
    await login(input.email, 'Wrong-Password-1');
    expect(await emailsTo(input.email)).toHaveLength(1);
  });
});
