// The e-mails that carry a link with a token, in the recipient's language (texts in
// graphql/src/emails/<lang>.json). One table says, per e-mail, what the token is for, how long it
// lasts and which page the link opens. They go to addresses nobody has confirmed yet (the one given
// at sign-up, the new one of a change, an invitee's), so they carry no text a person wrote: no name,
// no organisation, or the service would carry anyone's text to any inbox.

import {
  EMAIL_CHANGE_TTL_SECONDS,
  EMAIL_CONFIRMATION_TTL_SECONDS,
  INVITATION_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
  type TokenType,
} from '@partage/graphql';
import { mailer } from '../../adapters/mailer';
import type { UserRecord } from '../../data/users';
import { renderEmail } from '../emails';
import { withinRateLimit } from '../rate-limits';
import { appLink } from '../links';
import { issueAccountToken } from './account-tokens';

const LINK_EMAILS = {
  emailConfirmation: { kind: 'EMAIL_CONFIRMATION', page: '/confirmez-courriel', lifetime: EMAIL_CONFIRMATION_TTL_SECONDS },
  emailChange: { kind: 'EMAIL_CHANGE', page: '/confirmez-courriel', lifetime: EMAIL_CHANGE_TTL_SECONDS },
  passwordReset: { kind: 'PASSWORD_RESET', page: '/reinitialiser-mot-de-passe', lifetime: PASSWORD_RESET_TTL_SECONDS },
  // A user created by an administrator sets a first password through the reset page.
  accountCreatedByAdmin: { kind: 'PASSWORD_RESET', page: '/reinitialiser-mot-de-passe', lifetime: INVITATION_TTL_SECONDS },
  adminInvitation: { kind: 'ADMIN_INVITATION', page: '/inscription/admin', lifetime: INVITATION_TTL_SECONDS },
} satisfies Record<string, { kind: TokenType; page: string; lifetime: number }>;

export type LinkEmailName = keyof typeof LINK_EMAILS;

export interface LinkEmailOptions {
  /** Another address than the user's (the new one of an e-mail change). */
  to?: string;
  /** Where the web app goes once the link's page is done. */
  returnPath?: string;
}

type Recipient = Pick<UserRecord, 'id' | 'email' | 'language'>;

export async function sendLinkEmail(
  name: LinkEmailName,
  user: Recipient,
  { to = user.email, returnPath }: LinkEmailOptions = {},
): Promise<void> {
  const { kind, page, lifetime } = LINK_EMAILS[name];
  const token = await issueAccountToken(kind, user.id, to, lifetime);
  const values = {
    link: appLink(page, { email: to, token, returnPath }),
    minutes: String(lifetime / 60),
    hours: String(lifetime / 3600),
    days: String(lifetime / 86_400),
  };
  await mailer().send({ to, ...renderEmail(name, user.language, values) });
}

/**
 * sendLinkEmail at most ACCOUNT_EMAILS_PER_HOUR times per e-mail and address an hour (RATE_LIMITS.linkEmail). Over the
 * limit nothing is sent, and the caller answers as if it had been: the answer must not tell whether
 * an account exists.
 */
export async function sendLinkEmailWithinLimit(name: LinkEmailName, user: Recipient, options: LinkEmailOptions = {}): Promise<void> {
  if (await withinRateLimit('linkEmail', `${name}#${options.to ?? user.email}`)) {
    await sendLinkEmail(name, user, options);
  }
}
