// The List-Unsubscribe URLs of the e-mails (alert digests, rating reminders). A POST with the body
// `List-Unsubscribe=One-Click` (RFC 8058: the mail client's one click) acts, no page shown; a GET (a
// client that opens the URL in a browser) goes to the page that asks first: a GET must change nothing,
// since link scanners follow every link.

import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AppError, DEFAULT_UI_LANGUAGE, UI_LANGUAGES } from '@partage/graphql';
import type { HttpResponse } from './http';

const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

/** The reader's language from `?lang=`, for the page that asks first. */
export const languageOf = (event: APIGatewayProxyEventV2) =>
  UI_LANGUAGES.find((language) => language === event.queryStringParameters?.lang) ?? DEFAULT_UI_LANGUAGE;

/** A GET: to the page that asks first. */
export const askFirst = (page: string): HttpResponse => ({
  statusCode: 303,
  headers: { location: page, 'cache-control': 'no-store' },
  body: '',
});

/** VALIDATION_FAILED unless the POST's body is RFC 8058's one click. */
export function requireOneClick(event: APIGatewayProxyEventV2): void {
  const body = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : (event.body ?? '');
  if (`List-Unsubscribe=${new URLSearchParams(body).get('List-Unsubscribe')}` !== ONE_CLICK_BODY) {
    throw new AppError('VALIDATION_FAILED', `The body must be ${ONE_CLICK_BODY}`, [{ path: 'body', rule: 'required' }]);
  }
}
