// /ratings/reminders/unsubscribe?user=<id>&token=<token>&lang=: the List-Unsubscribe URL of every rating
// reminder. POST with the body `List-Unsubscribe=One-Click` (RFC 8058: the mail client's one click)
// stops the reminders, no page shown; a GET (a client that opens the URL in a browser) goes to the
// page that asks first — a GET must not change anything (link scanners follow every link).

import { AppError, DEFAULT_UI_LANGUAGE, UI_LANGUAGES } from '@partage/graphql';
import { RATING_REMINDERS_STOP_PAGE, stopRatingReminders } from '../domain/ratings/rating-reminders';
import { httpHandler, json, text, type HttpResponse } from './shared/http';

const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

function linkOf(query: Record<string, string | undefined> | undefined): { userId: string; token: string } {
  const userId = query?.user ?? '';
  const token = query?.token ?? '';
  if (!userId || !token || userId.length > 64 || token.length > 128) {
    throw new AppError('VALIDATION_FAILED', 'The link needs a user and its token', [{ path: 'token', rule: 'required' }]);
  }
  return { userId, token };
}

const bodyOf = (body: string | undefined, base64: boolean) =>
  base64 && body ? Buffer.from(body, 'base64').toString('utf8') : (body ?? '');

export const handler = httpHandler(async (event): Promise<HttpResponse> => {
  const link = linkOf(event.queryStringParameters);
  if (event.requestContext.http.method === 'GET') {
    const lang = UI_LANGUAGES.find((language) => language === event.queryStringParameters?.lang) ?? DEFAULT_UI_LANGUAGE;
    const page = `${RATING_REMINDERS_STOP_PAGE}?${new URLSearchParams({ utilisateur: link.userId, token: link.token, lang })}`;
    return { statusCode: 303, headers: { location: page, 'cache-control': 'no-store' }, body: '' };
  }
  if (`List-Unsubscribe=${new URLSearchParams(bodyOf(event.body, event.isBase64Encoded)).get('List-Unsubscribe')}` !== ONE_CLICK_BODY) {
    throw new AppError('VALIDATION_FAILED', `The body must be ${ONE_CLICK_BODY}`, [{ path: 'body', rule: 'required' }]);
  }
  try {
    await stopRatingReminders(link);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return json(401, { code: error.code, message: error.message });
  }
  return text(200, 'Unsubscribed');
});
