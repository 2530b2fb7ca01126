// The tokens of an alert's e-mailed links (/alertes/confirmer/{id}, /alertes/supprimer/{id}, the
// one-click unsubscribe). A token reads `<stamp>.<expiry>.<mac>`: the MAC (HMAC-SHA256 with the stack's
// signing key) covers the purpose, the alert, the stamp, the expiry and what the link acts on, so a
// token only ever opens its own alert, for its own purpose, until its expiry:
// - confirm: the address it was sent to, the alert's address version and the link's id (stamp), which
//   the alert keeps while it waits and drops once confirmed: a new address (even the same one again)
//   voids every earlier link, and a link confirms once (issue 22, finding 1: consent cannot be replayed);
// - delete: the address version (stamp), so the old address's links stop once the address changes; the
//   version stays on a tombstone, and a valid MAC for a missing alert still proves it existed.
// The message starts with a label and holds NUL bytes, which a JWT's signing input (base64url and dots)
// never does: a token is never a JWT signature, nor the reverse.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { jwtSecret } from '../../adapters/secrets';
import { epochSeconds } from '../clock';

export type AlertLinkPurpose = 'confirm' | 'delete';

const DAY_SECONDS = 86_400;
/**
 * How long a link works: a confirmation a week (the alert waits 30 days, a new alert is one form away);
 * a deletion 90 days, beyond the 60 days Canada's anti-spam law wants an unsubscribe link to work, and
 * every digest carries a fresh one.
 */
export const ALERT_LINK_LIFETIME_SECONDS: Record<AlertLinkPurpose, number> = { confirm: 7 * DAY_SECONDS, delete: 90 * DAY_SECONDS };

/** What a link acts on. `linkId`: the confirmation link's own id (confirm only). */
export interface AlertLinkScope {
  alertId: string;
  email: string;
  addressVersion: number;
  linkId?: string | null;
}

const stampOf = (purpose: AlertLinkPurpose, scope: AlertLinkScope) =>
  purpose === 'confirm' ? (scope.linkId ?? '') : String(scope.addressVersion);

async function macOf(purpose: AlertLinkPurpose, scope: AlertLinkScope, stamp: string, expiry: string): Promise<string> {
  // The deletion link names no address: a tombstone has none left, and its version says the same.
  const bound = purpose === 'confirm' ? `${scope.email}\0${scope.addressVersion}` : '';
  return createHmac('sha256', await jwtSecret())
    .update(`partage-alert-link\0${purpose}\0${scope.alertId}\0${stamp}\0${expiry}\0${bound}`)
    .digest('base64url');
}

export async function alertLinkToken(purpose: AlertLinkPurpose, scope: AlertLinkScope): Promise<string> {
  const stamp = stampOf(purpose, scope);
  const expiry = (epochSeconds() + ALERT_LINK_LIFETIME_SECONDS[purpose]).toString(36);
  return `${stamp}.${expiry}.${await macOf(purpose, scope, stamp, expiry)}`;
}

function partsOf(token: string): { stamp: string; expiry: string; mac: string } | null {
  const [stamp, expiry, mac, ...rest] = token.split('.');
  if (rest.length || !stamp || !expiry || !mac || !/^[0-9a-z]{1,10}$/.test(expiry)) return null;
  return { stamp, expiry, mac };
}

/** Whether `token` is a live link of this purpose for the alert as it is now (`scope`), compared in constant time. */
export async function isAlertLinkToken(purpose: AlertLinkPurpose, scope: AlertLinkScope, token: string): Promise<boolean> {
  const parts = partsOf(token);
  if (!parts || parseInt(parts.expiry, 36) <= epochSeconds() || parts.stamp !== stampOf(purpose, scope)) return false;
  const expected = Buffer.from(await macOf(purpose, scope, parts.stamp, parts.expiry));
  const given = Buffer.from(parts.mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether `token` is a live deletion link of this alert under some address version (the alert may be gone). */
export async function isDeletionTokenOf(alertId: string, token: string): Promise<boolean> {
  const addressVersion = Number(partsOf(token)?.stamp);
  return Number.isSafeInteger(addressVersion) && isAlertLinkToken('delete', { alertId, email: '', addressVersion }, token);
}

/** Whether `token` looks like an unexpired link (what is left to say of a confirmation link once its alert is gone). */
export function isUnexpiredToken(token: string): boolean {
  const parts = partsOf(token);
  return !!parts && parseInt(parts.expiry, 36) > epochSeconds();
}
