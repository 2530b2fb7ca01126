// /alerts/unsubscribe?id=<alert>&token=<deletion token>: the List-Unsubscribe URL of every digest.
// POST with the body `List-Unsubscribe=One-Click` (RFC 8058: the mail client's one click) deletes the
// alert, no page shown; a GET (a client that opens the URL in a browser) goes to the deletion page,
// which asks before deleting — a GET must not delete (link scanners follow every link).

import { AppError } from '@partage/graphql';
import { deleteAlertByLink } from '../domain/alerts/alerts';
import { httpHandler, json, text, type HttpResponse } from './shared/http';
import { askFirst, languageOf, requireOneClick } from './shared/one-click-unsubscribe';
import { observed } from './shared/observed';

function linkOf(query: Record<string, string | undefined> | undefined): { id: string; token: string } {
  const id = query?.id ?? '';
  const token = query?.token ?? '';
  if (!id || !token || id.length > 64 || token.length > 128) {
    throw new AppError('VALIDATION_FAILED', 'The link needs an alert and its token', [{ path: 'token', rule: 'required' }]);
  }
  return { id, token };
}

export const handler = observed(
  'alert-unsubscribe',
  httpHandler(async (event): Promise<HttpResponse> => {
    const link = linkOf(event.queryStringParameters);
    if (event.requestContext.http.method === 'GET') {
      const lang = languageOf(event);
      const page = `/alertes/supprimer/${encodeURIComponent(link.id)}?token=${encodeURIComponent(link.token)}&lang=${lang}`;
      return askFirst(page);
    }
    requireOneClick(event);
    try {
      await deleteAlertByLink(link);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Twice the same click (a client retrying) is done, not an error.
      if (error.code !== 'ALERT_ALREADY_DELETED') return json(401, { code: error.code, message: error.message });
    }
    return text(200, 'Unsubscribed');
  }),
);
