// The local host's file routes on a real HTTP server: uploads streamed to disk under the presigned
// form's size range, private files read through signed URLs, as downloads when named.

import { readdir, readFile, mkdtemp } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStore } from '@partage/functions/adapters/local-file-store';
import { Readable } from 'node:stream';
import { BodyTooLargeError } from './http-io';
import { createLocalFileRoutes, MAX_UPLOAD_BYTES } from './local-file-routes';
import { readMultipart } from './multipart-stream';

const SECRET = 'routes-test-secret';
const BOUNDARY = '----partage-test-boundary';
const MB = 1024 * 1024;
let dir: string;
let server: Server;
let base: string;
let store: ReturnType<typeof localFileStore>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'file-routes-'));
  const routes = createLocalFileRoutes({ dir, secret: SECRET });
  server = createServer((request, response) => {
    routes.handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  store = localFileStore({ dir, secret: SECRET, baseUrl: () => base });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let ids = 0;
const newKey = () => `files/incoming/00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;
const form = (key: string, maxBytes: number, contentType = 'application/zip') =>
  store.presignUpload(key, { contentType, maxBytes, expiresAt: new Date(Date.now() + 600_000) });

const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\n`;

/** POSTs a multipart body written piece by piece as the generator yields, as a slow browser would. */
function post(pieces: () => Generator<Buffer | string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${base}/files`,
      { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString() }));
      },
    );
    outgoing.on('error', reject);
    void (async () => {
      for (const piece of pieces()) if (!outgoing.write(piece)) await new Promise((drained) => outgoing.once('drain', drained));
      outgoing.end();
    })();
  });
}

/** The form's fields, the file in `size` bytes of a repeating pattern (in 1 MB pieces), then the closing boundary. */
function* body(fields: Record<string, string>, size: number, after = '') {
  yield Object.entries(fields)
    .map(([name, value]) => part(name, value))
    .join('');
  yield fileHead;
  const piece = Buffer.alloc(MB, 'partage\r\n-');
  for (let sent = 0; sent < size; sent += MB) yield piece.subarray(0, Math.min(MB, size - sent));
  yield `\r\n${after}--${BOUNDARY}--\r\n`;
}

const leftovers = async () => (await readdir(join(dir, 'files', 'incoming')).catch(() => [])).filter((name) => name.endsWith('.part'));

describe('POST /files', () => {
  it('takes a 100 MB upload streamed to disk, holding a small part of it in memory', async () => {
    const key = newKey();
    const { fields } = await form(key, 100 * MB);
    const before = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      peak = Math.max(peak, usage.heapUsed + usage.arrayBuffers - before.heapUsed - before.arrayBuffers);
    }, 5);
    const started = performance.now();
    const result = await post(() => body(fields, 100 * MB));
    clearInterval(sampler);
    expect(result.status, result.text).toBe(204);
    console.info(`100 MB upload: ${Math.round(performance.now() - started)} ms, memory peak +${Math.round(peak / MB)} MB`);
    // Buffering the body would take over 100 MB (twice that to parse it as a FormData); streamed, the
    // peak is the pieces in flight plus garbage not yet collected (about 40 MB on Node 20, 70 on 24).
    expect(peak).toBeLessThan(90 * MB);
    const stored = await readFile(join(dir, key));
    expect(stored.length).toBe(100 * MB);
    expect(stored.subarray(0, 10).toString()).toBe('partage\r\n-');
    expect(await leftovers()).toEqual([]);
  });

  it('keeps bytes that look like the start of a boundary, however the body is cut', async () => {
    const key = newKey();
    const content = `\r\n--${BOUNDARY.slice(0, -1)}x\r\n--\r\n-`;
    const { fields } = await form(key, 1000, 'text/plain');
    const whole = Buffer.from(
      `preamble\r\n${Object.entries(fields)
        .map(([name, value]) => part(name, value))
        .join('')}${fileHead}${content}\r\n${part('after', 'ignored')}--${BOUNDARY}--\r\nepilogue`,
    );
    // One byte at a time: every delimiter and header block is cut everywhere.
    const result = await post(function* () {
      for (let at = 0; at < whole.length; at++) yield whole.subarray(at, at + 1);
    });
    expect(result.status, result.text).toBe(204);
    expect((await readFile(join(dir, key))).toString()).toBe(content);
  });

  it("refuses a file one byte over the form's size, or empty, and keeps nothing of it", async () => {
    const key = newKey();
    const { fields } = await form(key, 2 * MB);
    expect(await post(() => body(fields, 2 * MB + 1))).toEqual({
      status: 403,
      text: 'AccessDenied: Your proposed upload exceeds the maximum allowed size, or is empty',
    });
    expect((await post(() => body(fields, 0))).status).toBe(403);
    await expect(readFile(join(dir, key))).rejects.toThrow(/ENOENT/);
    expect(await leftovers()).toEqual([]);
    expect((await post(() => body(fields, 2 * MB))).status).toBe(204);
  });

  it('refuses a form whose fields were changed or come after the file, and a body that is not a form', async () => {
    const key = newKey();
    const { fields } = await form(key, MB);
    expect((await post(() => body({ ...fields, 'Content-Type': 'text/html' }, 10))).status).toBe(403);
    const { Policy, ...withoutPolicy } = fields;
    expect(await post(() => body(withoutPolicy, 10, part('Policy', Policy!)))).toMatchObject({ status: 403 });
    const notAForm = await fetch(`${base}/files`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(notAForm.status).toBe(400);
    await expect(readFile(join(dir, key))).rejects.toThrow(/ENOENT/);
  });
});

describe('readMultipart', () => {
  it('stops reading a body past the host-wide limit (the server answers 413 and closes)', async () => {
    expect(MAX_UPLOAD_BYTES).toBeGreaterThan(100 * MB);
    const written: number[] = [];
    const pieces = Array.from(body({ key: 'k' }, 3 * MB), (piece) => Buffer.from(piece)); // a socket yields buffers
    const request = Readable.from(pieces) as unknown as Parameters<typeof readMultipart>[0];
    const reading = readMultipart(request, BOUNDARY, 2 * MB, {
      openFile: async () => ({ write: async (chunk) => void written.push(chunk.length) }),
    });
    await expect(reading).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(written.reduce((sum, length) => sum + length, 0)).toBeLessThanOrEqual(2 * MB);
  });
});

describe('GET /files/private/<id>', () => {
  const id = '00000000-0000-4000-8000-0000000000ff';
  const key = `files/private/${id}`;
  beforeAll(() => store.put(key, Buffer.from('%PDF-1.7\n%%EOF\n'), 'application/pdf'));

  it('serves a signed URL with nosniff, as a download of its name when the URL names one', async () => {
    const expiresAt = new Date(Date.now() + 300_000);
    const shown = await fetch(await store.signedUrl(key, expiresAt));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('application/pdf');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    expect(shown.headers.get('content-disposition')).toBeNull();

    const named = await store.signedUrl(key, expiresAt, { downloadName: 'Devis été.pdf' });
    const downloaded = await fetch(named);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-disposition')).toBe(
      `attachment; filename="Devis ete.pdf"; filename*=UTF-8''Devis%20%C3%A9t%C3%A9.pdf`,
    );
    expect(downloaded.headers.get('x-content-type-options')).toBe('nosniff');

    const renamed = named.replace(/download=[^&]+/, 'download=Devis.html');
    expect((await fetch(renamed)).status).toBe(403);
    expect((await fetch(named.replace(/&download=[^&]+/, ''))).status).toBe(403);
  });
});
