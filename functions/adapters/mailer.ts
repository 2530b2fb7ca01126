// The e-mail port. The adapter is chosen once, from MAIL_ADAPTER, on first use: SES in AWS, the
// outbox (shown at the local dev mailbox page) on the local host (registered by it: local-adapters.ts).

import { chosenOnce } from './chosen-once';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { requireEnv } from './env';
import { localAdapters } from './local-adapters';
import { SES_REQUEST_HANDLER, sesMailer } from './ses-mailer';

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

export const mailer: () => Mailer = chosenOnce(() => skippingNoAddress(chooseMailer(requireEnv('MAIL_ADAPTER'))));

/**
 * A deleted account keeps no address (docs/privacy.md): what is still sent to it (a job about a kept
 * contract or conversation) goes nowhere rather than failing its job.
 */
const skippingNoAddress = (adapter: Mailer): Mailer => ({ send: (message) => (message.to ? adapter.send(message) : Promise.resolve()) });

function chooseMailer(adapter: string): Mailer {
  if (adapter === 'ses') return sesMailer(new SESv2Client({ requestHandler: SES_REQUEST_HANDLER }), requireEnv('MAIL_FROM'));
  if (adapter === 'outbox') return localAdapters('MAIL_ADAPTER=outbox').mailer();
  throw new Error(`Unknown MAIL_ADAPTER "${adapter}" (expected ses or outbox)`);
}
