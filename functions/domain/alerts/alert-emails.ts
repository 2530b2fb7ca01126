// The alerts' links and the confirmation e-mail. Every e-mail of an alert carries its deletion link,
// and the digest its one-click unsubscribe URL (an HTTP endpoint, functions/handlers/alert-unsubscribe.ts).

import { mailer } from '../../adapters/mailer';
import type { AlertRecord } from '../../data/alerts';
import { renderEmail } from '../emails';
import { appLink } from '../links';
import { withinRateLimit } from '../rate-limits';
import { alertLinkToken, type AlertLinkPurpose } from './alert-tokens';

/** The path of the one-click unsubscribe endpoint (HTTP_ROUTES); its query names the alert and the deletion token. */
export const ALERT_UNSUBSCRIBE_PATH = '/alerts/unsubscribe';

const LINK_PAGES: Record<AlertLinkPurpose, string> = { confirm: '/alertes/confirmer', delete: '/alertes/supprimer' };

/** What a link names of its alert (alert-tokens.ts); the confirmation link is the one the alert waits for. */
export type LinkedAlert = Pick<AlertRecord, 'id' | 'language' | 'email' | 'addressVersion' | 'pendingLink'>;

const tokenOf = (alert: LinkedAlert, purpose: AlertLinkPurpose) =>
  alertLinkToken(purpose, { alertId: alert.id, email: alert.email, addressVersion: alert.addressVersion, linkId: alert.pendingLink?.id });

/** The web page of an alert's link (/alertes/confirmer/{id}?token=…&lang=…). */
export async function alertLink(alert: LinkedAlert, purpose: AlertLinkPurpose): Promise<string> {
  return appLink(`${LINK_PAGES[purpose]}/${alert.id}`, { token: await tokenOf(alert, purpose), lang: alert.language });
}

/** The List-Unsubscribe URL; its `lang` follows a GET to the deletion page. */
export async function unsubscribeUrl(alert: LinkedAlert): Promise<string> {
  return appLink(ALERT_UNSUBSCRIBE_PATH, { id: alert.id, token: await tokenOf(alert, 'delete'), lang: alert.language });
}

/**
 * Asks the alert's address to confirm it, at most RATE_LIMITS.linkEmail times an hour per address:
 * anyone may type any address, and the service must not become a way to flood an inbox.
 */
export async function sendAlertConfirmation(alert: AlertRecord): Promise<void> {
  if (!(await withinRateLimit('linkEmail', `alertConfirmation#${alert.email}`))) return;
  const [link, deleteLink] = await Promise.all([alertLink(alert, 'confirm'), alertLink(alert, 'delete')]);
  await mailer().send({
    to: alert.email,
    ...renderEmail('alertConfirmation', alert.language, { place: alert.place.label, link, deleteLink }),
  });
}
