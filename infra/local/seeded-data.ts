// The seeded demo data (accounts, ~300 ads and their pictures) exactly as `npm start` leaves its data
// folder: DynamoDB Local's files, the uploaded pictures, the folder's secrets. Seeding takes most of a
// minute on a busy 2-core machine, so it is made once per version of the code and per day (the demo
// ads' dates follow today) under .data/fixtures/, and every local host or suite that needs seeded data
// starts from a copy: the journeys' hosts (playwright.config.ts) and the start-up suites. `npm install`
// makes it too (prepare-demo-data.ts), so that a first `npm start` begins from a copy instead of seeding.
//
// As a command: `tsx infra/local/seeded-data.ts [folder]` makes the snapshot if it is missing, then
// copies it to `folder` (replacing what was there).

import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PORT, DYNAMODB_FILE, holdsData, localUrl, placeDatabase } from './data-folder';
import { sourcesHash } from './sources-hash';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES_DIR = join(REPO_ROOT, '.data', 'fixtures');
const PREFIX = 'seeded-';
/** What the seed is made of: the functions, the shared rules and the local host. */
const SOURCES = ['functions', 'graphql/src', 'infra/local', 'package-lock.json'];
/** The snapshot is made in a child process; a stale lock (its maker died) is taken over after this. */
const LOCK_STALE_MS = 10 * 60_000;

/** A name for today's seed of this code: any change to what seeds, or a new day, makes a new snapshot. */
export async function seededDataKey(today = new Date()): Promise<string> {
  // The demo ads' availability is relative to the day in Quebec.
  const hash = await sourcesHash(REPO_ROOT, SOURCES, [today.toLocaleDateString('en-CA', { timeZone: 'America/Toronto' })]);
  return `${PREFIX}${hash.slice(0, 16)}`;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Runs infra/local/make-seeded-data.ts: a local host seeds `dir`, then stops cleanly. */
function makeSnapshot(dir: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'infra/local/make-seeded-data.ts'), dir], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`making the seeded data failed (exit ${code})`))));
  });
}

/**
 * The folder of today's snapshot, made first if missing. Callers in several processes at once (two
 * journey hosts, two suites) make it once: one takes the lock, the others wait for the folder.
 */
export async function ensureSeededData(): Promise<string> {
  const key = await seededDataKey();
  const dir = join(FIXTURES_DIR, key);
  const lock = `${dir}.lock`;
  await mkdir(FIXTURES_DIR, { recursive: true });
  for (;;) {
    if (await exists(dir)) return dir;
    try {
      await mkdir(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
      await new Promise((wait) => setTimeout(wait, 250));
      continue;
    }
    try {
      // Older snapshots (another day, other code) go: only today's is ever read.
      for (const entry of await readdir(FIXTURES_DIR))
        if (entry.startsWith(PREFIX) && !entry.startsWith(key)) await rm(join(FIXTURES_DIR, entry), { recursive: true, force: true });
      const building = `${dir}.building`;
      await rm(building, { recursive: true, force: true });
      await makeSnapshot(building);
      await rename(building, dir);
      return dir;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/** Replaces `dest` with a copy of today's seeded data. */
export async function copySeededData(dest: string): Promise<void> {
  const source = await ensureSeededData();
  await rm(dest, { recursive: true, force: true });
  await cp(source, dest, { recursive: true });
  // A marker for whoever looks into the folder: where it came from.
  await writeFile(join(dest, 'SEEDED_FROM'), `${relative(REPO_ROOT, source)}\n`);
}

/**
 * A first `npm start` (no DynamoDB file in `dataDir`) copies today's seeded data when it was made already
 * (by `npm install`, or a test run): ~1 s instead of seeding ~14,000 items. Only on `npm start`'s own
 * address, which the seeded e-mails' links name (make-seeded-data.ts). Says whether it did.
 */
export async function adoptSeededData(dataDir: string, publicUrl: string): Promise<boolean> {
  if (publicUrl !== localUrl(DEFAULT_PORT) || (await holdsData(dataDir))) return false;
  const source = join(FIXTURES_DIR, await seededDataKey());
  if (!(await exists(source))) return false;
  for (const entry of await readdir(source))
    if (entry !== 'dynamodb') await cp(join(source, entry), join(dataDir, entry), { recursive: true, force: true });
  // DynamoDB Local's file last: a start stopped before it finds no data and seeds as a first start.
  await placeDatabase(join(source, 'dynamodb', DYNAMODB_FILE), dataDir);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dest = process.argv[2];
  if (dest) await copySeededData(resolve(REPO_ROOT, dest));
  else console.log(await ensureSeededData());
}
