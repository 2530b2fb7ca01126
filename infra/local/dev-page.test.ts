import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDevPage } from './dev-page';

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_request, response) => sendDevPage(response, 'Dev <page>', '<p>Body</p>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('dev pages', () => {
  it('allow their inline stylesheet by its hash, and nothing inline besides (the site CSP has no unsafe-inline)', async () => {
    const response = await fetch(url);
    const html = await response.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const csp = response.headers.get('content-security-policy')!;
    const styleSrc = csp.split(';').find((directive) => directive.trim().startsWith('style-src'))!;
    expect(styleSrc).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(html).not.toMatch(/ style=/);
  });

  it('escape the title and keep the body as given', async () => {
    const html = await (await fetch(url)).text();
    expect(html).toContain('<title>Dev &lt;page&gt;</title>');
    expect(html).toContain('<h1>Dev &lt;page&gt;</h1>');
    expect(html).toContain('<p>Body</p>');
  });
});
