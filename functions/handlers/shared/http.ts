// The frame of every HTTP Lambda (API Gateway HTTP API, payload v2): JSON bodies in, small
// responses out, and AppErrors turned into statuses (VALIDATION_FAILED and SERVICE_BUSY as a JSON
// body with their code, the others as the plain text the web app matches). A busy service behind the
// route answers 503 SERVICE_BUSY with a Retry-After, as the resolvers answer SERVICE_BUSY.

import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { timingSafeEqual } from 'node:crypto';
import { AppError, type ErrorCode } from '@partage/graphql';
import { originVerifyValue } from '../../adapters/secrets';
import { sourceSubjectOf } from '../../domain/source-address';
import { serviceBusyAnswer } from './service-busy';

export type HttpResponse = APIGatewayProxyStructuredResultV2;

const NO_STORE = { 'cache-control': 'no-store' };

export const json = (statusCode: number, body: unknown): HttpResponse => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...NO_STORE },
  body: JSON.stringify(body),
});

export const text = (statusCode: number, body: string): HttpResponse => ({
  statusCode,
  headers: { 'content-type': 'text/plain; charset=utf-8', ...NO_STORE },
  body,
});

export const noContent = (): HttpResponse => ({ statusCode: 204, headers: NO_STORE, body: '' });

const STATUS_OF: Partial<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 401,
  INVALID_TOKEN: 401,
  UNAUTHORIZED_ACCESS: 403,
  NOT_FOUND: 404,
  EMAIL_NOT_CONFIRMED: 403,
  USER_LOCKED_OUT: 403,
  RATE_LIMITED: 429,
  SERVICE_BUSY: 503,
};

/** A body of another type than application/json (jsonBody): VALIDATION_FAILED, answered 415. */
class UnsupportedMediaType extends AppError {
  constructor() {
    super('VALIDATION_FAILED', 'The body must be sent as application/json', [{ path: 'body', rule: 'required' }]);
  }
}

export function errorResponse(error: AppError): HttpResponse {
  const status = error instanceof UnsupportedMediaType ? 415 : (STATUS_OF[error.code] ?? 400);
  if (error.code === 'VALIDATION_FAILED') return json(status, { code: error.code, message: error.message, fields: error.fields });
  // SERVICE_BUSY by its code: the caller shows its translated "try again", whatever the route.
  const response = error.code === 'SERVICE_BUSY' ? json(status, { code: error.code, message: error.message }) : text(status, error.message);
  if (error.retryAfterSeconds !== undefined) response.headers = { ...response.headers, 'retry-after': String(error.retryAfterSeconds) };
  return response;
}

/** The header CloudFront adds to the requests it forwards to the HTTP API, with a secret value. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The caller's address; IPv6 by its /64. In AWS the HTTP API sees CloudFront's edge as its source,
 * shared by every visitor of that edge, so the viewer's address is the one CloudFront puts in
 * `cloudfront-viewer-address` (`<ip>:<port>`), trusted because the request carried the origin-verify
 * value (httpHandler refuses it otherwise). The local host gives its socket's address as sourceIp.
 */
export function sourceAddressOf(event: APIGatewayProxyEventV2): string {
  const viewer = process.env.ORIGIN_VERIFY_SECRET_ARN ? event.headers?.['cloudfront-viewer-address'] : undefined;
  const address = viewer ? viewer.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1') : event.requestContext.http.sourceIp;
  return sourceSubjectOf(address);
}

/** Whether the request came through CloudFront (or no CDN is configured, as on the local host). */
async function throughOrigin(event: APIGatewayProxyEventV2): Promise<boolean> {
  const expected = originVerifyValue();
  if (!expected) return true;
  const sent = Buffer.from(event.headers?.[ORIGIN_VERIFY_HEADER] ?? '');
  const wanted = Buffer.from(await expected);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted);
}

/**
 * A body sent as application/json: a browser sends that type across sites only after a CORS
 * preflight, which these routes never grant, so a page of another site cannot make its visitors
 * call them (and, say, earn their own address login delays). Answered 415.
 */
const isJsonRequest = (event: APIGatewayProxyEventV2) =>
  (event.headers?.['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';

/** VALIDATION_FAILED (answered 415) unless the body was sent as application/json. */
export function requireJsonRequest(event: APIGatewayProxyEventV2): void {
  if (!isJsonRequest(event)) throw new UnsupportedMediaType();
}

/** The parsed JSON body; VALIDATION_FAILED when it is missing, not JSON, or not sent as application/json. */
export function jsonBody(event: APIGatewayProxyEventV2): unknown {
  requireJsonRequest(event);
  const raw = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(raw ?? '');
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The body must be JSON', [{ path: 'body', rule: 'required' }]);
  }
}

export function httpHandler(handle: (event: APIGatewayProxyEventV2) => Promise<HttpResponse>) {
  return async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
    // The API's own execute-api address is public: a request that skipped CloudFront (its WAF, and
    // the viewer address the limits count) is refused.
    if (!(await throughOrigin(event))) return text(403, 'Forbidden');
    try {
      return await handle(event);
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error);
      const busy = serviceBusyAnswer(error, { route: `${event.requestContext.http.method} ${event.rawPath}` });
      if (busy) return errorResponse(busy);
      throw error;
    }
  };
}
