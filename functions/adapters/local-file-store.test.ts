import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { epochSeconds } from '../domain/clock';
import { attachmentDisposition } from './file-store';
import { DOWNLOAD_NAME_PARAM, localFileStore, signedReadText, verifyHmac } from './local-file-store';

const SECRET = 'local-store-test-secret';
let store: ReturnType<typeof localFileStore>;

beforeAll(async () => {
  store = localFileStore({ dir: await mkdtemp(join(tmpdir(), 'local-store-')), secret: SECRET, baseUrl: () => 'http://localhost:4000' });
});

describe('local file store', () => {
  it('reads any range of a file on disk, short at its end', async () => {
    const bytes = new Uint8Array(100_000).map((_, index) => index % 256);
    await store.put('files/incoming/r1', bytes, 'application/zip');
    expect(await store.read('files/incoming/r1', 99_990, 10)).toEqual(bytes.subarray(99_990));
    expect(await store.read('files/incoming/r1', 65_536, 3)).toEqual(new Uint8Array([0, 1, 2]));
    expect(await store.read('files/incoming/r1', 99_995, 50)).toEqual(bytes.subarray(99_995));
    expect(await store.read('files/incoming/r1', 10, 0)).toEqual(new Uint8Array());
    await expect(store.read('files/incoming/none', 0, 10)).rejects.toThrow(/ENOENT/);
  });

  it('signs the download name into a signed URL, which plain URLs keep without', async () => {
    const expiresAt = new Date(Date.now() + 300_000);
    const plain = new URL(await store.signedUrl('files/private/p1', expiresAt));
    expect(plain.searchParams.has(DOWNLOAD_NAME_PARAM)).toBe(false);
    const named = new URL(await store.signedUrl('files/private/p1', expiresAt, { downloadName: 'Devis & plan été.pdf' }));
    expect(named.searchParams.get(DOWNLOAD_NAME_PARAM)).toBe('Devis & plan été.pdf');
    const expires = epochSeconds(expiresAt);
    const signature = named.searchParams.get('signature')!;
    expect(verifyHmac(SECRET, signedReadText('files/private/p1', expires, 'Devis & plan été.pdf'), signature)).toBe(true);
    expect(verifyHmac(SECRET, signedReadText('files/private/p1', expires, 'autre.exe'), signature)).toBe(false);
    expect(verifyHmac(SECRET, signedReadText('files/private/p1', expires), signature)).toBe(false);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback without quotes or escapes and the exact UTF-8 name', () => {
    expect(attachmentDisposition('rapport.pdf')).toBe(`attachment; filename="rapport.pdf"; filename*=UTF-8''rapport.pdf`);
    expect(attachmentDisposition('a"b\\c\r\n%d.txt')).toBe(
      `attachment; filename="a_b_c___d.txt"; filename*=UTF-8''a%22b%5Cc%0D%0A%25d.txt`,
    );
    expect(attachmentDisposition('Crème brûlée (1).csv')).toBe(
      `attachment; filename="Creme brulee (1).csv"; filename*=UTF-8''Cr%C3%A8me%20br%C3%BBl%C3%A9e%20%281%29.csv`,
    );
  });
});
