// The contact form's daily review (docs/contact.md): the messages held past the usual day's number
// reach the team in one e-mail, oldest first, CONTACT_REVIEW_MAX at a time; the others wait for the
// next review (each is kept 30 days). Held messages are deleted once their e-mail is sent, so a
// review that fails before sending loses nothing.

import { EMAIL_TEXTS } from '@partage/graphql/emails';
import { contactEmail } from '../../adapters/env';
import { mailer } from '../../adapters/mailer';
import { deleteHeldContactMessage, oldestHeldContactMessages } from '../../data/contact-held';
import { renderEmail } from '../emails';
import { fillText } from '../email-fill';

export const CONTACT_REVIEW_JOB = 'contact-review';
/** Messages in one review e-mail: what a person reads in one sitting. */
const CONTACT_REVIEW_MAX = 50;
const TEAM_LANGUAGE = 'fr';

/** E-mails the oldest held messages to the team in one message; how many it sent. */
export async function reviewHeldContactMessages(): Promise<{ reviewed: number }> {
  const to = contactEmail();
  const { messages, more } = await oldestHeldContactMessages(CONTACT_REVIEW_MAX);
  if (!to || !messages.length) return { reviewed: 0 };
  const texts = EMAIL_TEXTS[TEAM_LANGUAGE].contactReview;
  const names = EMAIL_TEXTS[TEAM_LANGUAGE].contactMessage;
  const entries = messages.map((held) =>
    fillText(texts.entry!, (key) => {
      const values: Record<string, string> = {
        name: held.name,
        email: held.email,
        organization: held.organization ?? names.noOrganization!,
        language: names[`language${held.language}`]!,
        at: `${held.heldAt.slice(0, 16).replace('T', ' ')} UTC`,
        subject: held.subject,
        message: held.message,
      };
      return values[key]!;
    }),
  );
  await mailer().send({
    to,
    ...renderEmail('contactReview', TEAM_LANGUAGE, {
      count: String(messages.length),
      messages: [...entries, ...(more ? [texts.more!] : [])].join('\n\n———\n\n'),
    }),
  });
  for (const held of messages) await deleteHeldContactMessage(held);
  return { reviewed: messages.length };
}
