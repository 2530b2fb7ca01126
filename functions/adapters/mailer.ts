// The e-mail port. The adapter is chosen once, from MAIL_ADAPTER, on first use: SES in AWS, the
// outbox (shown at the local dev mailbox page) on the local host.

import { chosenOnce } from './chosen-once';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { requireEnv } from './env';
import { outboxMailer } from './outbox';
import { sesMailer } from './ses-mailer';

export interface EmailMessage {
  to: string;
  subject: string;
  /** The plain-text alternative of `html`. */
  text: string;
  html: string;
  /** Where an answer goes instead of MAIL_FROM (the contact form: the sender); an address the rules of @partage/graphql accepted. */
  replyTo?: string;
  /** A one-click unsubscribe URL (RFC 8058): sent as the List-Unsubscribe and List-Unsubscribe-Post headers. */
  listUnsubscribeUrl?: string;
}

/** The headers of a message's one-click unsubscribe (RFC 8058), for every adapter; none without a URL. */
export const listUnsubscribeHeaders = ({ listUnsubscribeUrl }: Pick<EmailMessage, 'listUnsubscribeUrl'>): Record<string, string> =>
  listUnsubscribeUrl ? { 'List-Unsubscribe': `<${listUnsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

export const mailer: () => Mailer = chosenOnce(() => chooseMailer(requireEnv('MAIL_ADAPTER')));

function chooseMailer(adapter: string): Mailer {
  if (adapter === 'ses') return sesMailer(new SESv2Client({}), requireEnv('MAIL_FROM'));
  if (adapter === 'outbox') return outboxMailer(requireEnv('OUTBOX_DIR'));
  throw new Error(`Unknown MAIL_ADAPTER "${adapter}" (expected ses or outbox)`);
}
