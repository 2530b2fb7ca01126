// The tokens of an alert's e-mailed links (/alertes/confirmer/{id}, /alertes/supprimer/{id}, the
// one-click unsubscribe): an HMAC-SHA256 of (purpose, alert id) with the stack's signing key. Nothing
// is stored: every digest carries the deletion link again, and a token only ever opens its own
// alert for its own purpose. The message starts with a label and holds NUL bytes, which a JWT's
// signing input (base64url and dots) never does: a token is never a JWT signature, nor the reverse.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { jwtSecret } from '../../adapters/secrets';

export type AlertLinkPurpose = 'confirm' | 'delete';

export async function alertLinkToken(alertId: string, purpose: AlertLinkPurpose): Promise<string> {
  return createHmac('sha256', await jwtSecret())
    .update(`partage-alert-link\0${purpose}\0${alertId}`)
    .digest('base64url');
}

/** Whether `token` is the link token of this alert and purpose (compared in constant time). */
export async function isAlertLinkToken(alertId: string, purpose: AlertLinkPurpose, token: string): Promise<boolean> {
  const expected = Buffer.from(await alertLinkToken(alertId, purpose));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
