// The file store on the local host, used as the browser uses it: request a form over GraphQL, POST
// it as multipart/form-data straight to storage, confirm, read through the returned URLs. The
// storage side checks the signed policy as S3 does; the server checks the bytes.

import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, useClock } from '@partage/functions/domain/clock';
import { DEMO, graphql, login, startTestServer, type TestServer } from './support/local-server';

// A PNG's signature and the start of its IHDR chunk (640 × 480): all the file store reads.
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0x02, 0x80, 0, 0, 0x01, 0xe0, 8, 6, 0, 0, 0]),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

const REQUEST_UPLOAD = `mutation ($input: RequestUploadInput!) { requestUpload(input: $input) { fileId url fields expiresAt } }`;
const CONFIRM_UPLOAD = `mutation ($fileId: ID!) { confirmUpload(fileId: $fileId) { id purpose contentType size publicUrl width height } }`;
const FILE_URL = `query ($fileId: ID!) { fileUrl(fileId: $fileId) }`;

interface Ticket {
  fileId: string;
  url: string;
  fields: Record<string, string>;
}

const clock = manualClock('2026-06-01T12:00:00Z');
let restoreClock: () => void;
let server: TestServer;
let owner: string;
let renter: string;

async function requestUpload(auth: string | null, input: Record<string, unknown>) {
  const { body } = await graphql(server.url, auth, REQUEST_UPLOAD, { input });
  const ticket = body.data?.requestUpload as (Omit<Ticket, 'fields'> & { fields: string }) | null;
  return { ticket: ticket ? { ...ticket, fields: JSON.parse(ticket.fields) as Record<string, string> } : null, errors: body.errors };
}

/** What a browser sends: the fields, then the file, as multipart/form-data. */
function post(ticket: Ticket, bytes: Buffer, fields = ticket.fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'photo.png');
  return fetch(ticket.url, { method: 'POST', body: form });
}

async function uploaded(auth: string, input: Record<string, unknown>, bytes: Buffer): Promise<Ticket> {
  const { ticket } = await requestUpload(auth, input);
  expect((await post(ticket!, bytes)).status).toBe(204);
  return ticket!;
}

const confirm = async (auth: string, fileId: string) => (await graphql(server.url, auth, CONFIRM_UPLOAD, { fileId })).body;
const fileUrl = async (auth: string | null, fileId: string) => (await graphql(server.url, auth, FILE_URL, { fileId })).body;
const codeOf = (body: { errors?: Record<string, unknown>[] }) => (body.errors?.[0]?.errorInfo as { code?: string } | undefined)?.code;
const filesIn = (area: string) => readdir(join(server.dataDir, 'files', area)).catch(() => []);

beforeAll(async () => {
  restoreClock = useClock(clock);
  // The due jobs run from the dev schedules page only: a pass of its own could run them first.
  server = await startTestServer({ schedulerPasses: false });
  owner = `Bearer ${await login(server.url, DEMO.owner)}`;
  renter = `Bearer ${await login(server.url, DEMO.renter)}`;
});
afterAll(async () => {
  await server?.stop();
  restoreClock();
});

describe('uploads straight to the local store', () => {
  it('stores a checked public image and serves it with long cache headers', async () => {
    const ticket = await uploaded(owner, { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: PNG.length }, PNG);
    expect(ticket.url).toBe(`${server.url}/files`);
    expect(Object.keys(ticket.fields).sort()).toEqual(['Content-Type', 'Policy', 'X-Amz-Signature', 'key']);

    const stored = await confirm(owner, ticket.fileId);
    expect(stored.data?.confirmUpload).toEqual({
      id: ticket.fileId,
      purpose: 'PUBLIC_IMAGE',
      contentType: 'image/png',
      size: PNG.length,
      publicUrl: `${server.url}/files/public/${ticket.fileId}`,
      width: 640,
      height: 480,
    });
    const response = await fetch(`${server.url}/files/public/${ticket.fileId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=3600, immutable');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    expect(await filesIn('incoming')).not.toContain(ticket.fileId);
  });

  it('takes a form once: re-posted after its file was confirmed, it stores nothing (issue 22, finding 6)', async () => {
    const ticket = await uploaded(owner, { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: PNG.length }, PNG);
    expect((await confirm(owner, ticket.fileId)).data?.confirmUpload).toMatchObject({ id: ticket.fileId });
    const again = await post(ticket, PNG);
    expect(again.status).toBe(403);
    expect(await again.text()).toContain('used already');
    expect(await filesIn('incoming')).not.toContain(ticket.fileId);
  });

  it('refuses a form whose fields were tampered with, and stores nothing', async () => {
    const { ticket } = await requestUpload(owner, { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: PNG.length });
    const policy = JSON.parse(Buffer.from(ticket!.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    const widened = { ...policy, conditions: [...policy.conditions.slice(0, 2), ['content-length-range', 1, 10 ** 9]] };
    const tampered = [
      { ...ticket!.fields, 'Content-Type': 'text/html' },
      { ...ticket!.fields, key: `files/incoming/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}` },
      { ...ticket!.fields, Policy: Buffer.from(JSON.stringify(widened)).toString('base64') },
      { ...ticket!.fields, 'X-Amz-Signature': '0'.repeat(64) },
    ];
    for (const fields of tampered) {
      const response = await post(ticket!, PNG, fields);
      expect(response.status, JSON.stringify(fields)).toBe(403);
      expect(await response.text()).toMatch(/^AccessDenied/);
    }
    expect((await post(ticket!, Buffer.concat([PNG, PNG]))).status).toBe(403); // over the declared size
    expect(codeOf(await confirm(owner, ticket!.fileId))).toBe('VALIDATION_FAILED'); // nothing arrived
  });

  it('refuses a form once it has expired', async () => {
    const { ticket } = await requestUpload(owner, { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: PNG.length });
    clock.advance(11 * 60_000);
    const response = await post(ticket!, PNG);
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('AccessDenied: Policy expired');
  });

  it('quarantines an image whose header gives no size (a PNG signature and nothing of an image after it)', async () => {
    const headless = Buffer.concat([PNG.subarray(0, 8), Buffer.from('not an IHDR chunk at all')]);
    const ticket = await uploaded(owner, { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: headless.length }, headless);
    expect((await confirm(owner, ticket.fileId)).errors?.[0]).toMatchObject({
      errorInfo: { fields: [{ path: 'file', rule: 'fileContent' }] },
    });
    expect(await filesIn('quarantine')).toContain(ticket.fileId);
  });

  it('quarantines a file whose bytes are not the type it claims, and never serves it', async () => {
    const ticket = await uploaded(owner, { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: PDF.length }, PDF);
    const refused = await confirm(owner, ticket.fileId);
    expect(refused.errors?.[0]).toMatchObject({
      errorType: 'VALIDATION_FAILED',
      errorInfo: { fields: [{ path: 'file', rule: 'fileContent' }] },
    });
    expect(await filesIn('quarantine')).toContain(ticket.fileId);
    expect(await filesIn('public')).not.toContain(ticket.fileId);
    expect((await fetch(`${server.url}/files/public/${ticket.fileId}`)).status).toBe(404);
    expect(codeOf(await fileUrl(owner, ticket.fileId))).toBe('NOT_FOUND');
    expect(codeOf(await confirm(owner, ticket.fileId))).toBe('NOT_FOUND');
  });

  it('quarantines an HTML page posing as an image as dangerous (fileForbidden), not a mere mismatch', async () => {
    const ticket = await uploaded(owner, { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: HTML.length }, HTML);
    expect((await confirm(owner, ticket.fileId)).errors?.[0]).toMatchObject({
      errorType: 'VALIDATION_FAILED',
      errorInfo: { fields: [{ path: 'file', rule: 'fileForbidden' }] },
    });
    expect(await filesIn('quarantine')).toContain(ticket.fileId);
  });

  it('refuses what a purpose does not accept, and anonymous uploads, before any form exists', async () => {
    const tooBig = await requestUpload(owner, { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: 50 * 1024 * 1024 });
    expect(tooBig.errors?.[0]).toMatchObject({ errorInfo: { fields: [{ path: 'input.size', rule: 'fileSize' }] } });
    const pdfAsImage = await requestUpload(owner, { purpose: 'PUBLIC_IMAGE', contentType: 'application/pdf', size: 10 });
    expect(pdfAsImage.errors?.[0]).toMatchObject({ errorInfo: { fields: [{ path: 'input.contentType', rule: 'fileType' }] } });
    const anonymous = await requestUpload('anonymous', { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: 10 });
    expect(anonymous.errors?.[0]).toMatchObject({ errorType: 'UNAUTHORIZED_ACCESS' });
  });
});

describe('private files', () => {
  it('reach their uploader through a short-lived signed URL, and no one else', async () => {
    const ticket = await uploaded(owner, { purpose: 'PRIVATE_DOCUMENT', contentType: 'application/pdf', size: PDF.length }, PDF);
    expect(codeOf(await confirm(renter, ticket.fileId))).toBe('UNAUTHORIZED_ACCESS');
    expect((await confirm(owner, ticket.fileId)).data?.confirmUpload).toMatchObject({ purpose: 'PRIVATE_DOCUMENT', publicUrl: null });
    expect((await fetch(`${server.url}/files/private/${ticket.fileId}`)).status).toBe(403);

    const url = (await fileUrl(owner, ticket.fileId)).data?.fileUrl as string;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);

    expect(codeOf(await fileUrl(renter, ticket.fileId))).toBe('UNAUTHORIZED_ACCESS');
    expect(codeOf(await fileUrl('anonymous', ticket.fileId))).toBe('UNAUTHORIZED_ACCESS');
    expect((await fetch(url.replace(/signature=[0-9a-f]{4}/, 'signature=0000'))).status).toBe(403);
    expect((await fetch(url.replace(/expires=\d+/, (match) => `${match}9`))).status).toBe(403);
    clock.advance(6 * 60_000);
    expect(await (await fetch(url)).text()).toBe('AccessDenied: Request has expired');
  });
});

describe('purge of abandoned uploads (scheduled job)', () => {
  it('deletes an upload never confirmed within a day when the daily job runs from the dev schedules page', async () => {
    owner = `Bearer ${await login(server.url, DEMO.owner)}`;
    const ticket = await uploaded(owner, { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: PNG.length }, PNG);
    expect(await filesIn('incoming')).toContain(ticket.fileId);
    const page = await (await fetch(`${server.url}/_dev/schedules`)).text();
    expect(page).toContain('purge-abandoned-uploads');
    expect(page).toContain('Run due jobs now');

    clock.advance(25 * 3_600_000);
    const nextOwnerToken = `Bearer ${await login(server.url, DEMO.owner)}`;
    const fresh = await uploaded(nextOwnerToken, { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: PNG.length }, PNG);
    const ran = (await (
      await fetch(`${server.url}/_dev/schedules/run-due`, { method: 'POST', headers: { accept: 'application/json' } })
    ).json()) as {
      runs: { job: string; outcome: string }[];
    };
    expect(ran.runs).toContainEqual(expect.objectContaining({ job: 'purge-abandoned-uploads', outcome: 'done' }));
    expect(await filesIn('incoming')).not.toContain(ticket.fileId);
    expect(codeOf(await confirm(nextOwnerToken, ticket.fileId))).toBe('NOT_FOUND');
    // Requested within the day: left alone, and still confirmable.
    expect((await confirm(nextOwnerToken, fresh.fileId)).data?.confirmUpload).toMatchObject({ id: fresh.fileId });
  });

  it('runs one job at once from its "Run now" button, and answers 404 for a job that does not exist', async () => {
    const run = (field: string, value: string) =>
      fetch(`${server.url}/_dev/schedules/run`, { method: 'POST', body: new URLSearchParams({ [field]: value }) });
    const page = await (await run('job', 'purge-abandoned-uploads')).text();
    expect(page).toMatch(/<li>purge-abandoned-uploads \(due [^)]+\): done<\/li>/);
    expect((await run('job', 'no-such-job')).status).toBe(404);
    expect((await run('name', 'no-such-schedule')).status).toBe(404);
    // A form of another site the developer visits runs nothing (issue 22, finding 5).
    const crossSite = await fetch(`${server.url}/_dev/schedules/run`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ job: 'purge-abandoned-uploads' }),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).not.toContain('done');
  });
});
