// The HTTP API routes (/token/login, /status, …): an API Gateway HTTP API payload v2 event in,
// the handler's result written back the way API Gateway writes it.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { LOCAL_ACCOUNT_ID, LOCAL_API_ID } from './appsync-authorizer';
import { flatHeaders, readBody, sendJson } from './http-io';
import type { Lambda } from './lambda-functions';
import { acceptedEncodings } from './static-files';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number) => String(value).padStart(2, '0');

/** API Gateway's request time: `12/Mar/2020:19:03:58 +0000`. */
function requestTime(date: Date): string {
  const day = `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}`;
  return `${day}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** Bodies API Gateway passes as text; any other body arrives base64-encoded. */
function isTextual(contentType: string | undefined): boolean {
  return /^(text\/|application\/(json|javascript|xml|x-www-form-urlencoded)|[^;]*\+(json|xml))/i.test(contentType ?? '');
}

export function apiGatewayEvent(request: IncomingMessage, body: Buffer, routeKey: string, now = new Date()): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const { cookie, ...headers } = flatHeaders(request.headers);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const textual = isTextual(headers['content-type']);
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookie ? { cookies: cookie.split(';').map((part) => part.trim()) } : {}),
    headers,
    ...(url.search ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: LOCAL_API_ID,
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0 ? { body: body.toString(textual ? 'utf8' : 'base64') } : {}),
    isBase64Encoded: body.length > 0 && !textual,
  };
}

/**
 * CloudFront compresses what these routes answer (infra/aws/web-hosting.ts, `compress: true`): a text body
 * of 1,000 bytes to 10 MB, in Brotli when the browser takes it, else gzip. Locally too, so that a painted
 * page (~60 kB of HTML for /annonces) reaches the browser, and Lighthouse, at the size it has on AWS.
 * Brotli at quality 5: about a millisecond for such a page (11, the default, takes tens).
 */
function encodedBody(request: IncomingMessage, contentType: string | undefined, body: Buffer): { encoding: string; body: Buffer } | null {
  if (body.length < 1_000 || body.length > 10_000_000 || !isTextual(contentType)) return null;
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  if (accepted.has('br')) return { encoding: 'br', body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  if (accepted.has('gzip')) return { encoding: 'gzip', body: gzipSync(body) };
  return null;
}

/** Writes a handler's result; like API Gateway, a result without statusCode is a 200 JSON body. */
function writeResult(request: IncomingMessage, response: ServerResponse, result: unknown): void {
  const structured = typeof result === 'object' && result !== null && 'statusCode' in result;
  if (!structured) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(typeof result === 'string' ? result : JSON.stringify(result));
    return;
  }
  const { statusCode = 200, headers = {}, cookies = [], body = '', isBase64Encoded } = result as APIGatewayProxyStructuredResultV2;
  const written = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
  const raw = Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8');
  const encoded = written['content-encoding'] ? null : encodedBody(request, written['content-type'], raw);
  response.writeHead(statusCode, {
    ...written,
    ...(encoded
      ? { 'content-encoding': encoded.encoding, vary: written.vary ? `${written.vary}, Accept-Encoding` : 'Accept-Encoding' }
      : {}),
    ...(cookies.length > 0 ? { 'set-cookie': cookies } : {}),
  });
  response.end(encoded?.body ?? raw);
}

export function createHttpRouteHandler(lambda: Lambda, routeKey: string) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const event = apiGatewayEvent(request, await readBody(request), routeKey);
    let result: unknown;
    try {
      result = await lambda.invoke(event);
    } catch (error) {
      console.error(`[${lambda.name}] unhandled error`, error);
      return sendJson(response, 500, { message: 'Internal Server Error' });
    }
    writeResult(request, response, result);
  };
}

/**
 * Whether a route's path takes a request's path: the same path, or for API Gateway's greedy path variable
 * (`/annonces/{proxy+}`) any path below its prefix.
 */
export function routePathMatches(routePath: string, pathname: string): boolean {
  const greedy = /^(.*\/)\{[^/{}]+\+\}$/.exec(routePath);
  if (!greedy) return routePath === pathname;
  const prefix = greedy[1]!;
  return pathname.startsWith(prefix) && pathname.length > prefix.length;
}
