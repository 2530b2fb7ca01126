import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, useClock } from '../domain/clock';
import { fileKey } from '../domain/files/file-keys';
import { requestUpload } from '../domain/files/uploads';
import { givenUser, useTestEnvironment } from '../testing/fixtures';
import { handler } from './housekeeping';

const clock = manualClock('2026-07-01T08:00:00Z');
let restoreClock: () => void;
let storeDir: string;

beforeAll(async () => {
  await useTestEnvironment();
  storeDir = await mkdtemp(join(tmpdir(), 'file-store-'));
  Object.assign(process.env, { FILE_STORE_ADAPTER: 'local', FILE_STORE_DIR: storeDir, FILE_STORE_SECRET: 'test-file-store-secret' });
  restoreClock = useClock(clock);
});
afterAll(() => restoreClock());

async function abandonedUpload(ownerId: string): Promise<string> {
  const { fileId } = await requestUpload(ownerId, { purpose: 'PUBLIC_IMAGE', contentType: 'image/png', size: 10 });
  const path = join(storeDir, fileKey('incoming', fileId));
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, 'uploaded');
  return path;
}

describe('housekeeping job', () => {
  it('purges uploads left unconfirmed for a day, without reading PUBLIC_URL (housekeeping has none)', async () => {
    const user = await givenUser();
    const old = await abandonedUpload(user.id);
    clock.advance(23 * 3_600_000);
    const recent = await abandonedUpload(user.id);
    clock.advance(2 * 3_600_000);
    const publicUrl = process.env.PUBLIC_URL;
    delete process.env.PUBLIC_URL;
    try {
      const event = { job: 'purge-abandoned-uploads', scheduledAt: clock.now().toISOString(), payload: {} };
      expect(await handler(event)).toEqual({ purged: 1 });
    } finally {
      process.env.PUBLIC_URL = publicUrl;
    }
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });

  it('fails on a job it does not run, so the scheduler reports it', async () => {
    await expect(handler({ job: 'unknown', scheduledAt: clock.now().toISOString(), payload: {} })).rejects.toThrow('No job unknown');
  });
});
