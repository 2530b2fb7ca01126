import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_EMAILS_PER_HOUR, EMAIL_CONFIRMATION_TTL_SECONDS, LOGIN_TEXT } from '@partage/graphql';
import { findUserByEmail } from '../data/users';
import type { Identity } from '../domain/identity';
import {
  asUser,
  errorCodeOf,
  givenUser,
  invalidFieldsOf,
  resolverCaller,
  signUpInput,
  TEST_PUBLIC_URL,
  tokenLogin,
  useTestOutbox,
} from '../testing/fixtures';
import { handler } from './accounts';

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
    expect(link.mail.text).toContain('Bonjour Émilie');
    expect(link.mail.text).toContain('48 heures');
    expect(link.url.origin + link.path).toBe(`${TEST_PUBLIC_URL}/confirmez-courriel`);
    expect([link.email, link.returnPath]).toEqual([input.email, '/annonces/cuisine-12']);

    const refused = await login(input.email, input.password);
    expect([refused.statusCode, refused.body]).toEqual([403, LOGIN_TEXT.emailNotConfirmed]);
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
    expect(mail.text).toContain('Hello Émilie');
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

  it('refuses an address already used, whatever its case', async () => {
    const first = signUpInput();
    await signUp(first);
    const again = await signUp(signUpInput({ email: first.email.toUpperCase() }));
    expect(errorCodeOf(again)).toBe('DUPLICATE_EMAIL');
  });

  it('lets exactly one of two simultaneous sign-ups with the same address succeed', async () => {
    const input = signUpInput();
    const results = await Promise.all([signUp(input), signUp({ ...input, firstName: 'Autre' })]);
    expect(results.map(errorCodeOf).sort()).toEqual(['DUPLICATE_EMAIL', undefined]);
    expect((await findUserByEmail(input.email))?.id).toBe((results.find((r) => !errorCodeOf(r)) as { id: string }).id);
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
