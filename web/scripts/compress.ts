// Brotli and gzip copies beside the build's text files (x.js -> x.js.br, x.js.gz): the local host sends the
// best one the browser accepts (infra/local/static-files.ts). Written once at build, at the highest levels,
// so no request pays for compression. A copy that would not be smaller is not written. BROTLI_QUALITY
// lowers Brotli's level where the build's speed matters more than its last bytes: `npm test` builds with 9
// (about 9 % larger, 16 times faster than 11).

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.geojson', '.xml', '.txt']);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

const brotliQuality = (): number => {
  const quality = Number(process.env.BROTLI_QUALITY ?? constants.BROTLI_MAX_QUALITY);
  return Number.isInteger(quality) && quality >= constants.BROTLI_MIN_QUALITY && quality <= constants.BROTLI_MAX_QUALITY
    ? quality
    : constants.BROTLI_MAX_QUALITY;
};

/** Compresses every text file under `directory`; returns how many were. */
export async function compressDirectory(directory: string): Promise<number> {
  let count = 0;
  for await (const path of filesUnder(directory)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(extname(path).toLowerCase())) continue;
    const content = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotliQuality(),
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    let wrote = false;
    for (const [suffix, compressed] of [
      ['.br', br],
      ['.gz', gz],
    ] as const) {
      if (compressed.length >= content.length) continue;
      await writeFile(`${path}${suffix}`, compressed);
      wrote = true;
    }
    if (wrote) count += 1;
  }
  return count;
}
