// The contact form's use case (spec §2 /nous-joindre): anyone writes to the team, whose address is the
// deployment's CONTACT_EMAIL. The message is e-mailed in French (the team's language) with Reply-To the
// sender, so answering the e-mail answers them. Robots are kept out without a third-party captcha
// (docs/contact.md): a honeypot field, the time the form was open, and limits per source address, per
// sender address and for the whole team. Nothing of the message is stored or logged.

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
import { enforceRateLimit } from '../rate-limits';

/** The team reads French. */
const TEAM_LANGUAGE: UiLanguage = 'fr';
/** The subject of the 'contactTeam' limit: one bucket for every sender. */
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
  await enforceRateLimit('contactTeam', WHOLE_TEAM);
  const texts = EMAIL_TEXTS[TEAM_LANGUAGE].contactMessage;
  await mailer().send({
    to,
    replyTo: sender,
    ...renderEmail('contactMessage', TEAM_LANGUAGE, {
      name: input.name.trim(),
      email: sender,
      organization: input.organization?.trim() || texts.noOrganization!,
      // Both language names are texts of the e-mail in every language (emails.test.ts checks the keys).
      language: texts[`language${input.language}`]!,
      subject: input.subject.trim(),
      message: input.message.trim(),
    }),
  });
  return true;
}
