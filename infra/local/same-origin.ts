// The dev pages' forms (/_dev/schedules, the payment simulator) run jobs and change payments: a form
// on any other site the developer visits could post to them (issue 22, finding 5). Browsers say where a
// request comes from: `Sec-Fetch-Site` (every current browser), else `Origin` (every browser's POST).
// A request with neither comes from no page (curl, a test's fetch) and cannot be forged by one.

import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { sendText } from './http-io';

/** Whether a POST comes from this server's own pages (or from no page at all). */
export function isSameOriginPost(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  // `none`: the user's own action (a bookmark, the address bar), not a page's.
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false; // `null` (a sandboxed or privacy-sensitive context) and anything else unreadable
  }
}

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;

/** The handler, for posts of this server's own pages only; 403 for any other site's. */
export const sameOriginOnly =
  (handler: Handler): Handler =>
  (request, response) =>
    isSameOriginPost(request.headers) ? handler(request, response) : sendText(response, 403, 'Forbidden: a cross-site request');
