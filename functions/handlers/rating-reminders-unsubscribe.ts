// /ratings/reminders/unsubscribe?user=<id>&token=<token>&lang=: the List-Unsubscribe URL of every rating
// reminder. POST with the body `List-Unsubscribe=One-Click` (RFC 8058: the mail client's one click)
// stops the reminders, no page shown; a GET (a client that opens the URL in a browser) goes to the
// page that asks first — a GET must not change anything (link scanners follow every link).

import { AppError } from '@partage/graphql';
import { RATING_REMINDERS_STOP_PAGE, stopRatingReminders } from '../domain/ratings/rating-reminders';
import { httpHandler, json, text, type HttpResponse } from './shared/http';
import { askFirst, languageOf, requireOneClick } from './shared/one-click-unsubscribe';
import { observed } from './shared/observed';

function linkOf(query: Record<string, string | undefined> | undefined): { userId: string; token: string } {
  const userId = query?.user ?? '';
  const token = query?.token ?? '';
  if (!userId || !token || userId.length > 64 || token.length > 128) {
    throw new AppError('VALIDATION_FAILED', 'The link needs a user and its token', [{ path: 'token', rule: 'required' }]);
  }
  return { userId, token };
}

export const handler = observed(
  'rating-reminders-unsubscribe',
  httpHandler(async (event): Promise<HttpResponse> => {
    const link = linkOf(event.queryStringParameters);
    if (event.requestContext.http.method === 'GET') {
      const lang = languageOf(event);
      const page = `${RATING_REMINDERS_STOP_PAGE}?${new URLSearchParams({ utilisateur: link.userId, token: link.token, lang })}`;
      return askFirst(page);
    }
    requireOneClick(event);
    try {
      await stopRatingReminders(link);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return json(401, { code: error.code, message: error.message });
    }
    return text(200, 'Unsubscribed');
  }),
);
