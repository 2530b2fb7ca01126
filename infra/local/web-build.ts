// `npm start`'s web app (web/dist): built beside the host's start (DynamoDB Local's, the seed's), or not
// at all when web/dist is what the sources as they are build. A stamp written after each build here
// holds the sources' hash and dist/index.html's time: a change to the sources, or a build from
// elsewhere (`npm run build`, the test gate), makes the next start build again.

import { spawn } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourcesHash } from './sources-hash';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What the web build reads: the app, the shared rules, the installed versions, the compiler settings. */
const SOURCES = ['web', 'graphql', 'package-lock.json', 'tsconfig.json'];
const INDEX = join(REPO_ROOT, 'web/dist/index.html');
/** Beside the installed packages: a new install builds again. */
const STAMP = join(REPO_ROOT, 'node_modules/.cache/partage/web-dist-sources');

const builtAt = () =>
  stat(INDEX).then(
    (info) => String(info.mtimeMs),
    () => 'none',
  );
const LOCAL_BROTLI_QUALITY = '9';
// SITE_URL is written into the prerendered pages (README); BROTLI_QUALITY makes other compressed copies.
const sources = () => sourcesHash(REPO_ROOT, SOURCES, [process.env.SITE_URL ?? '', process.env.BROTLI_QUALITY ?? LOCAL_BROTLI_QUALITY]);

/** `npm run build -w web`, its output shown only if it fails (it would mix with the host's). */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    // Brotli at 9 rather than 11 (web/scripts/compress.ts): 16 times faster, ~9 % larger, on loopback.
    const env = { ...process.env, BROTLI_QUALITY: process.env.BROTLI_QUALITY ?? LOCAL_BROTLI_QUALITY };
    const child = spawn('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A start that fails meanwhile (DynamoDB Local, Ctrl-C) leaves no build running.
    const stop = () => child.kill();
    process.once('exit', stop);
    child.once('exit', () => process.off('exit', stop));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The web build failed (exit ${code}):\n${output}`))));
  });
}

/** Builds web/dist unless it is current; says which, and how long the build took. */
export async function buildWebUnlessCurrent(): Promise<void> {
  const hash = await sources();
  if ((await readFile(STAMP, 'utf8').catch(() => '')) === `${hash} ${await builtAt()}`) {
    console.log('The web app (web/dist) is current: not built again.');
    return;
  }
  const started = performance.now();
  console.log('Building the web app (web/dist)…');
  await build();
  await mkdir(dirname(STAMP), { recursive: true });
  await writeFile(STAMP, `${hash} ${await builtAt()}`);
  console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
