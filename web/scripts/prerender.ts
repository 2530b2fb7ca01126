// Second step of `npm run build` (after `vite build`): renders every public page (PUBLIC_PAGES) in French and
// English to static HTML with React's server renderer over the app's own routes (src/prerender.tsx, built
// for Node by Vite), into dist/prerendered/<language>/<path>.html, which both hosts serve for those paths;
// then writes Brotli and gzip copies beside the text files of dist (compress.ts).
//
// SITE_URL (e.g. https://partage.example) makes the canonical and hreflang URLs absolute and adds the sitemap's
// line to robots.txt; without it the URLs are root-relative (the live app rewrites its tags with its origin at
// once) and robots.txt names no sitemap.

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PRERENDER_LANGUAGE_CHECK, prerenderedFile, PUBLIC_PAGES, UI_LANGUAGES, type UiLanguage } from '@partage/graphql';
import { compressDirectory } from './compress';
import { PAGE_MODULES, pageStylesheets, stylesheetLinks, type Manifest } from './page-assets';
import { prerenderedDocument, type PrerenderedParts } from './prerendered-document';
import { withSitemap } from './robots';

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(WEB_DIR, 'dist');
// Inside web/ so that the server bundle resolves React and the router from node_modules; never deployed.
const SERVER_OUT = join(WEB_DIR, 'node_modules/.prerender');

/** src/prerender.tsx, as built (typed here: this program does not compile the app). */
interface Entry {
  prerenderPage(path: string, language: UiLanguage, origin: string): Promise<Pick<PrerenderedParts, 'html' | 'head' | 'namespaces'>>;
}

/** What the server render needs of a browser: an anonymous visitor has nothing stored. */
function anonymousBrowserGlobals(): void {
  const empty: Storage = {
    length: 0,
    clear: () => undefined,
    getItem: () => null,
    key: () => null,
    removeItem: () => undefined,
    setItem: () => undefined,
  };
  Object.assign(globalThis, { localStorage: empty, sessionStorage: empty });
}

async function main(): Promise<void> {
  const started = performance.now();
  await build({
    root: WEB_DIR,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: SERVER_OUT, emptyOutDir: true, copyPublicDir: false, minify: false },
  });
  anonymousBrowserGlobals();
  const { prerenderPage } = (await import(pathToFileURL(join(SERVER_OUT, 'prerender.js')).href)) as Entry;
  const template = await readFile(join(DIST, 'index.html'), 'utf8');
  // Vite's manifest serves here only: it is not part of the site.
  const manifestDir = join(DIST, '.vite');
  const manifest = JSON.parse(await readFile(join(manifestDir, 'manifest.json'), 'utf8')) as Manifest;
  await rm(manifestDir, { recursive: true });
  const origin = (process.env.SITE_URL ?? '').replace(/\/+$/, '');
  for (const { path } of PUBLIC_PAGES) {
    for (const language of UI_LANGUAGES) {
      const page = await prerenderPage(path, language, origin);
      const stylesheets = stylesheetLinks(pageStylesheets(manifest, PAGE_MODULES[path], template));
      const file = join(DIST, prerenderedFile(path, language));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, prerenderedDocument(template, { ...page, language, languageCheck: PRERENDER_LANGUAGE_CHECK, stylesheets }));
    }
  }
  if (origin) {
    const robots = join(DIST, 'robots.txt');
    await writeFile(robots, withSitemap(await readFile(robots, 'utf8'), origin));
  }
  const compressed = await compressDirectory(DIST);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Prerendered ${PUBLIC_PAGES.length * UI_LANGUAGES.length} pages, compressed ${compressed} files in ${seconds} s.`);
}

await main();
