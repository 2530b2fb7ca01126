import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_MIN_FILL_MS, CONTACT_TEXT_MAX_LENGTH, type SendContactMessageInput } from '@partage/graphql';
import { manualClock, useClock } from '../domain/clock';
import { inertText } from '../domain/emails';
import { RATE_LIMITS } from '../domain/rate-limits';
import type { Identity } from '../domain/identity';
import {
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenUser,
  invalidFieldsOf,
  newSourceAddress,
  resolverEvent,
  useTestOutbox,
  useUpRateLimit,
} from '../testing/fixtures';
import { CONTACT_REVIEW_JOB } from '../domain/contact/contact-review';
import { handler } from './contact';
import { handler as housekeeping } from './housekeeping';

const { emailsTo } = useTestOutbox();
const TEAM = 'equipe@exemple.ca';

beforeEach(() => {
  vi.stubEnv('CONTACT_EMAIL', TEAM);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** A message as the page sends it after a person filled it in; each has a subject of its own to find its e-mail by. */
const aMessage = (overrides: Partial<SendContactMessageInput> = {}): SendContactMessageInput => ({
  name: 'Luc Tremblay',
  email: `luc-${randomUUID()}@exemple.ca`,
  organization: 'Cuisine collective du Bas-Saint-Laurent',
  subject: `Chambre froide ${randomUUID()}`,
  message: 'Bonjour,\n\nAvez-vous une chambre froide à louer près de Rimouski ?\nMerci',
  language: 'ENGLISH',
  elapsedMs: 45_000,
  ...overrides,
});

const send = (input: SendContactMessageInput, identity: Identity = ANONYMOUS, source = newSourceAddress()) =>
  handler(resolverEvent('Mutation.sendContactMessage', { input }, identity, source));

/** The daily review's scheduled event. */
const reviewEvent = (at: Date) => ({ job: CONTACT_REVIEW_JOB, scheduledAt: at.toISOString(), payload: {} });

/** The e-mails the team received about `subject`. */
const mailsAbout = async (subject: string) => (await emailsTo(TEAM)).filter((mail) => mail.subject?.includes(inertText(subject)));

describe('a message through the contact form', () => {
  it('reaches the team once, in French, with Reply-To the sender and everything they typed', async () => {
    // Given a visitor's message
    const input = aMessage({ email: '  Luc.Tremblay@Exemple.ca ', subject: `Chambre froide ${randomUUID()}` });
    // When it is sent
    const answer = await send(input);
    // Then the team has one e-mail they can answer by replying
    expect(answer).toBe(true);
    const mails = await mailsAbout(input.subject);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      to: TEAM,
      replyTo: 'luc.tremblay@exemple.ca',
      subject: `Formulaire de contact : ${inertText(input.subject)}`,
    });
    expect(mail!.text).toContain("Luc Tremblay a écrit à l'équipe par le formulaire de contact du site.");
    expect(mail!.text).toContain(
      [
        'Nom : Luc Tremblay',
        `Courriel : ${inertText('luc.tremblay@exemple.ca')}`,
        'Organisation : Cuisine collective du Bas-Saint-Laurent',
        'Langue : anglais',
        `Objet : ${inertText(input.subject)}`,
      ].join('\n'),
    );
    // The paragraphs and line breaks of the message are kept.
    expect(mail!.text).toContain('Message :\n\nBonjour,\n\nAvez-vous une chambre froide à louer près de Rimouski ?\nMerci');
    expect(mail!.html).toContain('Avez-vous une chambre froide à louer près de Rimouski ?<br>Merci');
  });

  it('says when the sender gave no organisation', async () => {
    const input = aMessage({ organization: '   ', language: 'FRENCH' });
    expect(await send(input)).toBe(true);
    const [mail] = await mailsAbout(input.subject);
    expect(mail!.text).toContain('Organisation : non précisée\nLangue : français');
  });

  it('is open to a user who has not accepted the latest terms yet, and to an administrator', async () => {
    const [user, admin] = await Promise.all([givenUser({}, { termsAccepted: false }), givenUser({ role: 'ADMIN' })]);
    const fromUser = aMessage();
    const fromAdmin = aMessage();
    expect(await send(fromUser, asUser(user))).toBe(true);
    expect(await send(fromAdmin, asUser(admin))).toBe(true);
    expect(await mailsAbout(fromUser.subject)).toHaveLength(1);
    expect(await mailsAbout(fromAdmin.subject)).toHaveLength(1);
  });
});

describe('what keeps robots and floods out', () => {
  it('answers a filled honeypot as a success and sends nothing, however fast it came', async () => {
    const input = aMessage({ website: 'https://spam.example', elapsedMs: 10 });
    expect(await send(input)).toBe(true);
    expect(await mailsAbout(input.subject)).toEqual([]);
  });

  it('refuses a form sent faster than a person fills one, and sends nothing', async () => {
    const tooFast = aMessage({ elapsedMs: CONTACT_MIN_FILL_MS - 1 });
    expect(errorCodeOf(await send(tooFast))).toBe('CONTACT_TOO_FAST');
    expect(await mailsAbout(tooFast.subject)).toEqual([]);
    const justInTime = aMessage({ elapsedMs: CONTACT_MIN_FILL_MS });
    expect(await send(justInTime)).toBe(true);
  });

  it('refuses invalid input field by field with the shared rules, and sends nothing', async () => {
    const input = aMessage({
      name: ' \u200b ',
      email: 'luc@exemple',
      subject: 'x'.repeat(CONTACT_TEXT_MAX_LENGTH.subject + 1),
      message: 'Bonjour\u0007',
    });
    const answer = await send(input);
    expect(errorCodeOf(answer)).toBe('VALIDATION_FAILED');
    expect(invalidFieldsOf(answer)).toEqual(expect.arrayContaining(['input.subject:maxLength', 'input.message:characters']));
    expect((await emailsTo(TEAM)).filter((mail) => mail.subject?.includes('xxxxxxxx'))).toEqual([]);
    const blank = await send(aMessage({ name: ' \u200b ', email: 'luc@exemple', subject: '', message: '  \n ' }));
    expect(invalidFieldsOf(blank)).toEqual([
      'input.name:required',
      'input.email:email',
      'input.subject:required',
      'input.message:required',
    ]);
  });

  it('limits the messages of one source address', async () => {
    const source = newSourceAddress();
    await useUpRateLimit('contactMessage', source);
    const last = aMessage();
    expect(await send(last, ANONYMOUS, source)).toBe(true);
    const refused = aMessage();
    const answer = await send(refused, ANONYMOUS, source);
    expect(errorCodeOf(answer)).toBe('RATE_LIMITED');
    expect(await mailsAbout(refused.subject)).toEqual([]);
    // Another source address is not held back.
    expect(await send(aMessage())).toBe(true);
  });

  it('limits the messages signed with one address, from any source', async () => {
    const email = `presse-${randomUUID()}@exemple.ca`;
    await useUpRateLimit('contactSender', email);
    expect(await send(aMessage({ email }))).toBe(true);
    const refused = aMessage({ email: email.toUpperCase() });
    expect(errorCodeOf(await send(refused))).toBe('RATE_LIMITED');
    expect(await mailsAbout(refused.subject)).toEqual([]);
  });

  it('refuses every message when the deployment has no team address, and the page says so', async () => {
    vi.stubEnv('CONTACT_EMAIL', '');
    const input = aMessage();
    expect(errorCodeOf(await send(input))).toBe('CONTACT_UNAVAILABLE');
    expect(await mailsAbout(input.subject)).toEqual([]);
  });

  it('stays open to a new visitor after ten source addresses sent all they may (issue 22, finding 2)', async () => {
    const restore = useClock(manualClock());
    try {
      for (let flooder = 0; flooder < 10; flooder++) {
        const source = newSourceAddress();
        while (errorCodeOf(await send(aMessage(), ANONYMOUS, source)) !== 'RATE_LIMITED');
      }
      const visitor = aMessage();
      expect(await send(visitor)).toBe(true);
      expect(await mailsAbout(visitor.subject)).toHaveLength(1);
    } finally {
      restore();
    }
  });

  // Last: they use up the team's buckets of this file's table.
  it('holds the messages past the day’s usual number for review instead of refusing them; the daily review e-mails them in one', async () => {
    const clock = manualClock();
    const restore = useClock(clock);
    try {
      await useUpRateLimit('contactDelivered', 'team', 0);
      const held = aMessage({ message: 'Bonjour,\nun vrai message, retenu.' });
      expect(await send(held)).toBe(true);
      expect(await mailsAbout(held.subject)).toEqual([]);
      expect(await housekeeping(reviewEvent(clock.now()))).toEqual({ reviewed: 1 });
      const [review] = (await emailsTo(TEAM)).filter((mail) => mail.subject?.startsWith('Formulaire de contact : 1 message'));
      expect(review?.text).toContain(inertText(held.subject));
      expect(review?.text).toContain(inertText(held.email));
      expect(review?.text).toContain('un vrai message, retenu');
      // Reviewed once: the next review has nothing to send.
      const before = (await emailsTo(TEAM)).length;
      expect(await housekeeping(reviewEvent(clock.now()))).toEqual({ reviewed: 0 });
      expect(await emailsTo(TEAM)).toHaveLength(before);
    } finally {
      restore();
    }
  });

  it('refuses past a team-wide ceiling far above what the team reads in a day, until it refills', async () => {
    const clock = manualClock();
    const restore = useClock(clock);
    try {
      await useUpRateLimit('contactCeiling', 'team', 0);
      const refused = aMessage();
      expect(errorCodeOf(await send(refused))).toBe('RATE_LIMITED');
      expect(await mailsAbout(refused.subject)).toEqual([]);
      clock.advance(Math.ceil(86_400 / RATE_LIMITS.contactCeiling.capacity) * 1000);
      expect(await send(aMessage())).toBe(true);
    } finally {
      restore();
    }
  });
});
