// A hash of source files, to tell whether what was made from them is current: the tests' seeded data
// (infra/local/seeded-data.ts) and `npm start`'s web build (web-build.ts).

import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Installed or generated, never a source; test files change nothing that is made. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-server', 'cdk.out']);
const isTest = (name: string) => /\.test\.tsx?$/.test(name);

async function filesUnder(path: string): Promise<string[]> {
  const info = await stat(path);
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  const nested = await Promise.all(
    entries.filter((entry) => !SKIPPED.has(entry.name) && !isTest(entry.name)).map((entry) => filesUnder(join(path, entry.name))),
  );
  return nested.flat();
}

/** SHA-256 (hex) of the files under `sources` (paths from `root`), their names, and `extras` (settings that change the result). */
export async function sourcesHash(root: string, sources: string[], extras: string[] = []): Promise<string> {
  const hash = createHash('sha256');
  const files = (await Promise.all(sources.map((source) => filesUnder(join(root, source))))).flat().sort();
  for (const file of files)
    hash
      .update(relative(root, file))
      .update('\0')
      .update(await readFile(file));
  for (const extra of extras) hash.update('\0').update(extra);
  return hash.digest('hex');
}
