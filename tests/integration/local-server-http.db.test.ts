// The local host's HTTP side: config.json, the HTTP API routes, AppSync's /graphql semantics
// (authorizer, validation, Lambda errors), the SPA and the dev mailbox.

import { get, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { writeOutboxEntry } from '@partage/functions/adapters/outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../../infra/local/http-io';
import { createLocalServer, PortInUseError } from '../../infra/local/server';
import { DEMO, DEMO_PASSWORD, WEB_ASSET, WEB_INDEX, graphql, login, startTestServer, type TestServer } from './support/local-server';

let server: TestServer;
let url: string;

beforeAll(async () => {
  server = await startTestServer({ allowedHosts: ['partage.test:8080'] });
  url = server.url;
});
afterAll(() => server?.stop());

describe('runtime config and HTTP API routes', () => {
  it('serves /config.json with the GraphQL endpoint of the host the browser used', async () => {
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${url}/config.json`, { headers: { host: 'partage.test:8080' } }, resolve).on('error', reject),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(JSON.parse((await readBody(response)).toString())).toEqual({
      mode: 'local',
      graphqlEndpoint: 'http://partage.test:8080/graphql',
      apiUrl: '',
      region: 'ca-central-1',
      version: expect.any(String),
      // The demo settings (infra/shared/site-settings.ts), so that no link of the site is missing.
      site: {
        partnerName: 'Exemple.org',
        partnerUrl: 'https://www.example.org/',
        contactEmail: 'equipe@partage.localhost',
        videoUrl: 'https://www.example.org/video',
        privacyOfficer: 'Direction générale (exemple)',
      },
    });
  });

  it('answers GET /status through the status handler', async () => {
    const response = await fetch(`${url}/status`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true, version: expect.any(String) });
  });

  it('passes the login handler’s status and text through (wrong password)', async () => {
    const response = await fetch(`${url}/token/login`, {
      method: 'POST',
      body: JSON.stringify({ username: DEMO.renter, password: 'not-the-password', deviceId: 'partage-web-test' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('Invalid username or password');
  });

  it('refuses the wrong method on an API path', async () => {
    expect((await fetch(`${url}/status`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${url}/graphql`)).status).toBe(405);
  });
});

describe('POST /graphql', () => {
  it('runs a query for a signed-in user', async () => {
    const token = await login(url, DEMO.renter);
    const { status, body } = await graphql(url, `Bearer ${token}`, '{ me { id type profile { publicName } } }');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { me: { id: expect.any(String), type: 'USER', profile: { publicName: expect.any(String) } } } });
  });

  it('gives anonymous visitors me: null', async () => {
    const { status, body } = await graphql(url, 'anonymous', '{ me { id } }');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { me: null } });
  });

  it.each([
    ['without an Authorization header', null],
    ['with a bad token', 'Bearer not-a-jwt'],
  ])('answers 401 UnauthorizedException %s', async (_case, authorization) => {
    const { status, body } = await graphql(url, authorization, '{ me { id } }');
    expect(status).toBe(401);
    expect(body).toEqual({
      errors: [
        {
          errorType: 'UnauthorizedException',
          message: 'You are not authorized to make this call.',
          extensions: { code: 'UNAUTHENTICATED', fields: [] },
        },
      ],
    });
  });

  it('reports validation errors the way AppSync does', async () => {
    const { status, body } = await graphql(url, 'anonymous', '{\n  me { id nope }\n}');
    expect(status).toBe(200);
    expect(body).toEqual({
      data: null,
      errors: [
        {
          path: null,
          locations: [{ line: 2, column: 11, sourceName: null }],
          message: expect.stringMatching(/^Validation error of type FieldUndefined: .*"nope"/),
          errorType: 'ValidationError',
          extensions: { code: 'VALIDATION_FAILED', fields: [] },
        },
      ],
    });
  });

  it('reports a variable of the wrong type before running any resolver', async () => {
    const query = 'mutation ($input: UpdateFirstLoginModalClosedInput!) { updateFirstLoginModalClosed(input: $input) { id } }';
    const { body } = await graphql(url, 'anonymous', query, { input: { firstLoginModalClosed: 'yes' } });
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({ errorType: 'ValidationError', path: null, locations: null, message: expect.stringContaining('$input') }),
    ]);
  });

  it('answers 400 MalformedHttpRequestException for a body that is not a GraphQL request', async () => {
    for (const body of ['', 'meow', '{}']) {
      const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { authorization: 'anonymous' }, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        errors: [
          {
            errorType: 'MalformedHttpRequestException',
            message: expect.any(String),
            extensions: { code: 'VALIDATION_FAILED', fields: [] },
          },
        ],
      });
    }
  });

  it('turns a resolver error envelope into an AppSync error with the field null', async () => {
    const token = await login(url, DEMO.owner);
    const { status, body } = await graphql(
      url,
      `Bearer ${token}`,
      'mutation Change($input: ChangePasswordInput!) { changePassword(input: $input) { id } }',
      { input: { currentPassword: 'Wrong-Password-2026', newPassword: 'Another-Password-2026' } },
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      data: { changePassword: null },
      errors: [
        {
          message: expect.any(String),
          errorType: 'INCORRECT_PASSWORD',
          errorInfo: { code: 'INCORRECT_PASSWORD', fields: [] },
          path: ['changePassword'],
          locations: [{ line: 1, column: 49, sourceName: null }],
          data: null,
          extensions: { code: 'INCORRECT_PASSWORD', fields: [] },
        },
      ],
    });
  });
});

describe('sessions and limits on the local host', () => {
  it('refuses the access token of a session ended by POST /token/logout at once (the local host caches no decision)', async () => {
    const response = await fetch(`${url}/token/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO.renter, password: DEMO_PASSWORD, deviceId: 'partage-web-logout' }),
    });
    const { token, refreshToken } = (await response.json()) as { token: string; refreshToken: string };
    expect((await graphql(url, `Bearer ${token}`, '{ me { id } }')).status).toBe(200);
    const logout = await fetch(`${url}/token/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, refreshToken }),
    });
    expect(logout.status).toBe(204);
    expect((await graphql(url, `Bearer ${token}`, '{ me { id } }')).status).toBe(401);
  });

  it('answers RATE_LIMITED with the wait in extensions once a source address has asked too often', async () => {
    const ask = () =>
      graphql(url, 'anonymous', 'mutation Reset($input: EmailInput!) { sendPasswordReset(input: $input) }', {
        input: { email: 'inconnu@exemple.ca' },
      });
    let answer = await ask();
    for (let i = 0; i < 100 && !answer.body.errors; i++) answer = await ask();
    expect(answer.body.errors?.[0]).toMatchObject({
      errorType: 'RATE_LIMITED',
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
    });
  });
});

describe('web app', () => {
  it('serves index.html, never cached, at the root and for any app route', async () => {
    for (const path of ['/', '/fr/annonces/123', '/en/profile?tab=security']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(WEB_INDEX);
    }
  });

  it('serves hashed assets with their content type, cached for good, and revalidates by ETag', async () => {
    const response = await fetch(`${url}${WEB_ASSET.path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(WEB_ASSET.body);
    const again = await fetch(`${url}${WEB_ASSET.path}`, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('never serves a file from outside the web folder', async () => {
    const response = await fetch(`${url}/%2e%2e/%2e%2e/package.json`);
    expect(await response.text()).toBe(WEB_INDEX);
  });
});

describe('dev mailbox', () => {
  it('lists what the outbox adapter sent, as JSON and as an HTML page', async () => {
    const response = await fetch(`${url}/token/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO.admin, password: DEMO_PASSWORD, deviceId: 'partage-web-test' }),
    });
    expect(response.status).toBe(202);
    const entries = (await (await fetch(`${url}/_dev/outbox.json`)).json()) as { to: string; subject: string }[];
    expect(entries[0]).toMatchObject({ kind: 'email', to: DEMO.admin, subject: expect.any(String) });

    const page = await fetch(`${url}/_dev/outbox`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<th scope="col">Subject</th>');
    expect(html).toContain(DEMO.admin);
  });

  it('makes the links of a message clickable', async () => {
    await writeOutboxEntry(join(server.dataDir, 'outbox'), {
      kind: 'email',
      to: DEMO.renter,
      subject: 'Confirm <your> e-mail',
      text: 'Open http://localhost/confirm?token=a&b=1. Thanks',
    });
    const html = await (await fetch(`${url}/_dev/outbox`)).text();
    expect(html).toContain('Confirm &lt;your&gt; e-mail');
    expect(html).toContain('Open <a href="http://localhost/confirm?token=a&amp;b=1">http://localhost/confirm?token=a&amp;b=1</a>. Thanks');
  });
});

describe('port', () => {
  it('refuses to start on a port that is taken, before touching DynamoDB', async () => {
    const port = Number(new URL(url).port);
    await expect(
      createLocalServer({ port, dataDir: `${server.dataDir}/second`, dynamoEndpoint: 'http://127.0.0.1:1' }),
    ).rejects.toBeInstanceOf(PortInUseError);
  });
});
