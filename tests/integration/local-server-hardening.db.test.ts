// The local host against a hostile page or script: the Host header, security headers on every
// answer, a mailbox entry of any size, and the per-address rate limits.

import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { writeOutboxEntry } from '@partage/functions/adapters/outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { readBody } from '../../infra/local/http-io';
import { startTestServer, type TestServer } from './support/local-server';

let server: TestServer;
let port: number;
const RATE = { graphql: { capacity: 15, refillPerSecond: 0.01 }, http: { capacity: 8, refillPerSecond: 0.01 } };

beforeAll(async () => {
  server = await startTestServer({ rateLimits: RATE });
  port = Number(new URL(server.url).port);
});
afterAll(() => server?.stop());

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

function send(
  path: string,
  { host = `localhost:${port}`, method = 'GET', body }: { host?: string; method?: string; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method, headers: { host, 'content-type': 'application/json' } },
      (response) => {
        readBody(response).then(
          (buffer) => resolve({ status: response.statusCode!, headers: response.headers, text: buffer.toString() }),
          reject,
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('Host header (DNS rebinding)', () => {
  it('refuses a page served under another name, the dev mailbox included', async () => {
    for (const path of ['/_dev/outbox.json', '/_dev/outbox', '/config.json', '/']) {
      expect((await send(path, { host: `evil.example:${port}` })).status).toBe(421);
    }
    expect((await send('/graphql', { host: 'evil.example', method: 'POST', body: '{"query":"{ me { id } }"}' })).status).toBe(421);
  });

  it('answers the loopback names with the server’s port', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await send('/_dev/outbox.json', { host })).status).toBe(200);
    }
  });

  it('refuses a real-time connection under another name', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql/realtime`, ['graphql-ws'], { headers: { host: `evil.example:${port}` } });
    const status = await new Promise<number | string>((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => resolve('open'));
      socket.once('error', () => resolve('error'));
    });
    socket.terminate();
    expect(status).toBe(421);
  });
});

describe('security headers', () => {
  it('sends CloudFront’s headers on every answer: app, API, mailbox, errors', async () => {
    const answers = await Promise.all([
      send('/'),
      send('/annonces/12'),
      send('/status'),
      send('/nope', { method: 'DELETE' }),
      send('/graphql', { method: 'POST', body: '{"query":"{ me { id } }"}' }),
      send('/_dev/outbox'),
    ]);
    for (const { headers } of answers) {
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toContain('unsafe-inline');
    }
    expect(answers[0]!.headers['content-security-policy']).toContain(`connect-src 'self' ws://localhost:${port}`);
    // The mailbox's own inline style is allowed by its hash, nothing else.
    expect(answers[5]!.headers['content-security-policy']).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  });
});

describe('dev mailbox', () => {
  it('shows an entry of any size, escaped and truncated, next to the others', async () => {
    const outboxDir = join(server.dataDir, 'outbox');
    const huge = `<script>alert(1)</script>${'x'.repeat(3_000_000)}`;
    const links = Array.from({ length: 5_000 }, (_, i) => `http://localhost/${i}${'(['.repeat(i % 3)}`);
    await writeOutboxEntry(outboxDir, {
      kind: 'email',
      to: `${'a'.repeat(10_000)}@exemple.ca`,
      subject: '<img src=x onerror=alert(1)>',
      text: `${huge} ${links.join(' ')}`,
    });
    const { status, text } = await send('/_dev/outbox');
    expect(status).toBe(200);
    expect(text).not.toContain('<script>alert');
    expect(text).not.toContain('<img src=x');
    expect(text).toContain('more characters in /_dev/outbox.json');
    expect(text.length).toBeLessThan(200_000);
    expect(text).toContain('</html>');
  });
});

describe('rate limits per source address', () => {
  it('answers 429 with Retry-After on the HTTP routes once the burst is spent', async () => {
    // One bucket for every HTTP API route: earlier tests have used some of it already.
    const statuses: number[] = [];
    for (let i = 0; i <= RATE.http.capacity; i += 1) statuses.push((await send('/log', { method: 'POST', body: '[]' })).status);
    expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(RATE.http.capacity);
    expect(statuses).toContain(429);
    const refused = await send('/token/login', { method: 'POST', body: '{}' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('answers 429 with an AppSync-shaped RATE_LIMITED error on /graphql', async () => {
    let last: Answer | undefined;
    for (let i = 0; i <= RATE.graphql.capacity; i += 1)
      last = await send('/graphql', { method: 'POST', body: '{"query":"{ termsVersion { version } }"}' });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(last!.text)).toEqual({
      errors: [
        { errorType: 'RATE_LIMITED', message: expect.stringContaining('retry after'), extensions: { code: 'RATE_LIMITED', fields: [] } },
      ],
    });
  });
});
