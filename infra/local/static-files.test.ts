// The local host's web files: prerendered public pages by language, the build's Brotli/gzip copies
// negotiated on Accept-Encoding, one ETag per representation, HEAD and 304.

import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, createStaticFiles, fileOfPath } from './static-files';

let dir: string;
let server: Server;
let base: string;

const APP_JS = 'console.log("the app");'.repeat(50);

async function write(path: string, content: string | Buffer) {
  await mkdir(join(dir, path, '..'), { recursive: true });
  await writeFile(join(dir, path), content);
  // Copies written in the same build share the original's time; the ETag must still tell them apart.
  await utimes(join(dir, path), new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'static-files-'));
  await write('index.html', '<div id="root"></div>');
  await write('prerendered/fr/accueil.html', '<h1>Accueil</h1>');
  await write('prerendered/en/accueil.html', '<h1>Home</h1>');
  await write('assets/app-abc.js', APP_JS);
  await write('assets/app-abc.js.br', brotliCompressSync(APP_JS));
  await write('assets/app-abc.js.gz', gzipSync(APP_JS));
  await write('favicon.svg', '<svg/>');
  server = createServer((request, response) => void createStaticFiles(dir)(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** A raw request (fetch would negotiate and decompress by itself). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('prerendered public pages', () => {
  it('maps a public path to its page in the asked language, French by default', () => {
    expect(fileOfPath('/accueil', '')).toBe('/prerendered/fr/accueil.html');
    expect(fileOfPath('/accueil', '?lang=en')).toBe('/prerendered/en/accueil.html');
    expect(fileOfPath('/accueil', '?lang=de')).toBe('/prerendered/fr/accueil.html');
    expect(fileOfPath('/parametres', '?lang=en')).toBe('/parametres');
    expect(fileOfPath('/assets/app-abc.js', '')).toBe('/assets/app-abc.js');
  });

  it('serves them, and index.html for the other routes of the app', async () => {
    expect((await get('/accueil')).body.toString()).toBe('<h1>Accueil</h1>');
    expect((await get('/accueil?lang=en')).body.toString()).toBe('<h1>Home</h1>');
    const other = await get('/parametres');
    expect(other.body.toString()).toBe('<div id="root"></div>');
    expect(other.headers['cache-control']).toBe('no-cache');
    // Built before this page existed: the app's shell.
    expect((await get('/connexion')).body.toString()).toBe('<div id="root"></div>');
  });
});

describe('compressed copies', () => {
  it('sends a form a browser posted by itself to a public page back to the page by GET, in its language; refuses other methods', async () => {
    const french = await get('/accueil', {}, 'POST');
    expect([french.status, french.headers.location]).toEqual([303, '/accueil']);
    const english = await get('/accueil?lang=en&password=x', {}, 'POST');
    expect([english.status, english.headers.location]).toEqual([303, '/accueil?lang=en']);
    const elsewhere = await get('/favicon.svg', {}, 'POST');
    expect([elsewhere.status, elsewhere.headers.allow]).toEqual([405, 'GET, HEAD']);
    expect((await get('/accueil', {}, 'DELETE')).status).toBe(405);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect([...acceptedEncodings('gzip, deflate, br')]).toEqual(['gzip', 'deflate', 'br']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5').has('br')).toBe(false);
    expect([...acceptedEncodings('*;q=0.1, gzip;q=0')]).toEqual(['br']);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });

  it('sends Brotli when accepted, then gzip, else the file itself, always saying it varies', async () => {
    const br = await get('/assets/app-abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('/assets/app-abc.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);

    const identity = await get('/assets/app-abc.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(APP_JS);
    expect(identity.headers.vary).toBe('Accept-Encoding');

    expect(new Set([br.headers.etag, gz.headers.etag, identity.headers.etag]).size).toBe(3);
  });

  it('does not claim to vary for a file the build left uncompressed', async () => {
    const svg = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.headers.vary).toBeUndefined();
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const head = await get('/assets/app-abc.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it('answers 304 to the ETag of the same representation only', async () => {
    const { headers } = await get('/assets/app-abc.js', { 'accept-encoding': 'br' });
    const again = await get('/assets/app-abc.js', { 'accept-encoding': 'br', 'if-none-match': String(headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-encoding']).toBe('br');
    const otherEncoding = await get('/assets/app-abc.js', { 'accept-encoding': 'gzip', 'if-none-match': String(headers.etag) });
    expect(otherEncoding.status).toBe(200);
    expect(otherEncoding.headers['content-encoding']).toBe('gzip');
  });
});
