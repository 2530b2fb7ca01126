// The links to contract documents' PDFs (issue 39 §4). A browser follows a link (a download), which
// carries no access token: the API gives the signed-in reader a link of theirs instead, good for a few
// minutes, whose token (`<expiry>.<mac>`: HMAC-SHA256 with the stack's signing key over the purpose, the
// reader and the expiry) says who follows it. It grants nothing by itself: the route checks, for that
// reader, the same rights as the API (document-access.ts). The message starts with a label and holds
// NUL bytes, which no JWT's signing input holds: a token is never a JWT signature, nor the reverse.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { jwtSecret } from '../../adapters/secrets';
import { epochSeconds } from '../clock';

/** The PDF route (handlers/catalog.ts HTTP_ROUTES): `?contrat=&document=&lang=&utilisateur=&jeton=`. */
export const DOCUMENT_PDF_PATH = '/documents/pdf';

async function macOf(userId: string, expiry: string): Promise<string> {
  return createHmac('sha256', await jwtSecret())
    .update(`partage-document-link\0${userId}\0${expiry}`)
    .digest('base64url');
}

/** The token of `userId`'s links until `expiresAt`. */
export async function documentLinkToken(userId: string, expiresAt: Date): Promise<string> {
  const expiry = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${expiry}.${await macOf(userId, expiry)}`;
}

/** Whether `token` is a live link token of `userId`'s, compared in constant time. */
export async function isDocumentLinkToken(userId: string, token: string): Promise<boolean> {
  const [expiry, mac, ...rest] = token.split('.');
  if (rest.length || !userId || !expiry || !mac || !/^[0-9a-z]{1,10}$/.test(expiry) || parseInt(expiry, 36) <= epochSeconds()) return false;
  const expected = Buffer.from(await macOf(userId, expiry));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
