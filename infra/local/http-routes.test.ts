// The HTTP API routes as API Gateway (HTTP API, payload v2) runs them, with a stub Lambda.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpRouteHandler, routePathMatches } from './http-routes';

let event: Record<string, unknown>;
let respond: () => unknown;
let server: Server;
let url: string;

beforeAll(async () => {
  const handler = createHttpRouteHandler(
    {
      name: 'stub',
      invoke: async (received) => {
        event = received as Record<string, unknown>;
        return respond();
      },
    },
    'POST /token/login',
  );
  server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it('builds a payload v2 event: route, path, query, cookies, headers and a text body', async () => {
  respond = () => ({ statusCode: 204 });
  await fetch(`${url}/token/login?a=1&a=2&b=x`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'c1=v1; c2=v2', 'x-test': 'yes' },
    body: '{"username":"u"}',
  });
  expect(event).toEqual({
    version: '2.0',
    routeKey: 'POST /token/login',
    rawPath: '/token/login',
    rawQueryString: 'a=1&a=2&b=x',
    cookies: ['c1=v1', 'c2=v2'],
    headers: expect.objectContaining({ 'content-type': 'application/json', 'x-test': 'yes' }),
    queryStringParameters: { a: '1,2', b: 'x' },
    requestContext: expect.objectContaining({
      http: { method: 'POST', path: '/token/login', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: expect.any(String) },
      routeKey: 'POST /token/login',
      stage: '$default',
      time: expect.stringMatching(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/),
    }),
    body: '{"username":"u"}',
    isBase64Encoded: false,
  });
  expect((event.headers as Record<string, string>).cookie).toBeUndefined();
});

it('passes a binary body base64-encoded', async () => {
  respond = () => ({ statusCode: 204 });
  await fetch(`${url}/token/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array([0, 255]),
  });
  expect(event).toMatchObject({ body: 'AP8=', isBase64Encoded: true });
});

it('writes a structured result: status, headers, cookies, base64 body', async () => {
  respond = () => ({
    statusCode: 201,
    headers: { 'content-type': 'text/plain' },
    cookies: ['s=1; HttpOnly'],
    body: Buffer.from('créé').toString('base64'),
    isBase64Encoded: true,
  });
  const response = await fetch(`${url}/token/login`, { method: 'POST' });
  expect(response.status).toBe(201);
  expect(response.headers.get('set-cookie')).toBe('s=1; HttpOnly');
  expect(await response.text()).toBe('créé');
});

it('treats a result without statusCode as a 200 JSON body, and a thrown error as a 500', async () => {
  respond = () => ({ ok: true });
  const plain = await fetch(`${url}/token/login`, { method: 'POST' });
  expect([plain.status, plain.headers.get('content-type'), await plain.json()]).toEqual([200, 'application/json', { ok: true }]);

  respond = () => {
    throw new Error('boom');
  };
  const failed = await fetch(`${url}/token/login`, { method: 'POST' });
  expect([failed.status, await failed.json()]).toEqual([500, { message: 'Internal Server Error' }]);
});

it('compresses a text body of 1,000 bytes or more as CloudFront does: Brotli, else gzip, else as it is', async () => {
  const page = `<!doctype html><p>${'Annonce à louer. '.repeat(100)}</p>`;
  respond = () => ({ statusCode: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: page });
  const encodingOf = async (acceptEncoding: string) => {
    const response = await fetch(`${url}/token/login`, { method: 'POST', headers: { 'accept-encoding': acceptEncoding } });
    return [response.headers.get('content-encoding'), response.headers.get('vary'), await response.text()];
  };
  expect(await encodingOf('gzip, deflate, br')).toEqual(['br', 'Accept-Encoding', page]);
  expect(await encodingOf('gzip')).toEqual(['gzip', 'Accept-Encoding', page]);
  expect(await encodingOf('identity')).toEqual([null, null, page]);
  // Read as the static files read it: a q of 0 refuses an encoding.
  expect(await encodingOf('br;q=0, gzip')).toEqual(['gzip', 'Accept-Encoding', page]);

  respond = () => ({ statusCode: 200, headers: { 'content-type': 'text/html' }, body: '<p>court</p>' });
  expect(await encodingOf('br')).toEqual([null, null, '<p>court</p>']);
  respond = () => ({
    statusCode: 200,
    headers: { 'content-type': 'image/png' },
    body: Buffer.alloc(2_000).toString('base64'),
    isBase64Encoded: true,
  });
  const picture = await fetch(`${url}/token/login`, { method: 'POST', headers: { 'accept-encoding': 'br' } });
  expect([picture.headers.get('content-encoding'), (await picture.arrayBuffer()).byteLength]).toEqual([null, 2_000]);
});

describe('routePathMatches', () => {
  it('takes the same path, or for a greedy variable any path below its prefix', () => {
    expect(routePathMatches('/status', '/status')).toBe(true);
    expect(routePathMatches('/status', '/status/x')).toBe(false);
    expect(routePathMatches('/annonces/{proxy+}', '/annonces/four-0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(routePathMatches('/annonces/{proxy+}', '/annonces/modifier/abc')).toBe(true);
    expect(routePathMatches('/annonces/{proxy+}', '/annonces/')).toBe(false);
    expect(routePathMatches('/annonces/{proxy+}', '/annonces')).toBe(false);
    expect(routePathMatches('/annonces/{proxy+}', '/annoncesx/y')).toBe(false);
  });
});
