// The contact form's use case (spec §2 /nous-joindre): anyone writes to the team, whose address is the
// deployment's CONTACT_EMAIL. The message is e-mailed in French (the team's language) with Reply-To the
// sender, so answering the e-mail answers them. Robots are kept out without a third-party captcha
// (docs/contact.md): a honeypot field, the time the form was open, limits per source address and per
// sender address, and for the whole team a usual day's number past which messages are held for the
// team's daily review (contact-review.ts) instead of refused, under a ceiling no one actor reaches
// (issue 22, finding 2: ten sources used up a team-wide limit and closed the form for everyone).
// Nothing of a delivered message is stored or logged; a held one waits in the table, 30 days at most.

import { randomUUID } from 'node:crypto';
import {
  AppError,
  assertValid,
  CONTACT_MIN_FILL_MS,
  contactMessageChecks,
  hasVisibleText,
  normalizeEmail,
  type SendContactMessageInput,
  type UiLanguage,
} from '@partage/graphql';
import { EMAIL_TEXTS } from '@partage/graphql/emails';
import { contactEmail } from '../../adapters/env';
import { mailer } from '../../adapters/mailer';
import { renderEmail } from '../emails';
import { putHeldContactMessage } from '../../data/contact-held';
import { now } from '../clock';
import { enforceRateLimit, withinRateLimit } from '../rate-limits';

/** The team reads French. */
const TEAM_LANGUAGE: UiLanguage = 'fr';
/** The subject of the team-wide limits ('contactDelivered', 'contactCeiling'): one bucket each for every sender. */
const WHOLE_TEAM = 'team';

/**
 * E-mails the message to the team; true once sent. A filled honeypot answers true too and sends
 * nothing: the robot learns nothing it could adapt to. A form sent faster than a person fills one is
 * refused with CONTACT_TOO_FAST rather than dropped, so the rare person who is that quick (autofill,
 * a pasted message) is told to send it again instead of losing it.
 */
export async function sendContactMessage(input: SendContactMessageInput, sourceAddress: string | undefined): Promise<boolean> {
  if (hasVisibleText(input.website)) return true;
  const to = contactEmail();
  if (!to) throw new AppError('CONTACT_UNAVAILABLE', 'The contact form has no address to write to');
  assertValid(contactMessageChecks(input).map(([field, result]) => [`input.${field}`, result]));
  if (input.elapsedMs < CONTACT_MIN_FILL_MS) throw new AppError('CONTACT_TOO_FAST', 'The form was sent too soon after it was opened');
  const sender = normalizeEmail(input.email);
  await enforceRateLimit('contactMessage', sourceAddress);
  await enforceRateLimit('contactSender', sender);
  await enforceRateLimit('contactCeiling', WHOLE_TEAM);
  const fields = {
    name: input.name.trim(),
    email: sender,
    organization: input.organization?.trim() || null,
    subject: input.subject.trim(),
    message: input.message.trim(),
    language: input.language,
  };
  // Past the usual day, the sender is answered as usual and the team reads the message in the next review.
  if (!(await withinRateLimit('contactDelivered', WHOLE_TEAM))) {
    await putHeldContactMessage({ id: randomUUID(), heldAt: now().toISOString(), ...fields });
    return true;
  }
  const texts = EMAIL_TEXTS[TEAM_LANGUAGE].contactMessage;
  await mailer().send({
    to,
    replyTo: sender,
    ...renderEmail('contactMessage', TEAM_LANGUAGE, {
      ...fields,
      organization: fields.organization ?? texts.noOrganization!,
      // Both language names are texts of the e-mail in every language (emails.test.ts checks the keys).
      language: texts[`language${input.language}`]!,
    }),
  });
  return true;
}
