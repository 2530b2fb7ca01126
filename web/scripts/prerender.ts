// Second step of `npm run build` (after `vite build`): builds the app's server renderer (src/server-render.tsx)
// for Node with Vite into dist-server/ (self-contained: the hosts' page handler loads it, and the AWS stack
// ships it with that Lambda), with Vite's build manifest beside it (the pages' stylesheets); renders every
// public page (PUBLIC_PAGES) in French and English to static HTML with it, into
// dist/prerendered/<language>/<path>.html, which both hosts serve for those paths; then writes Brotli and
// gzip copies beside the text files of dist (compress.ts).
//
// SITE_URL (e.g. https://partage.example) makes the canonical and hreflang URLs absolute and adds the sitemap's
// line to robots.txt; without it the URLs are root-relative (the live app rewrites its tags with its origin at
// once) and robots.txt names no sitemap.

import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PRERENDER_HEAD_SCRIPT, prerenderedFile, PUBLIC_PAGES, UI_LANGUAGES, type UiLanguage } from '@partage/graphql';
import { compressDirectory } from './compress';
import { prerenderedDocument, type PrerenderedParts } from '../src/server/document';
import { PAGE_MODULES, pageStylesheets, stylesheetLinks, type Manifest } from '../src/server/page-assets';
import { withSitemap } from './robots';

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(WEB_DIR, 'dist');
/** The server renderer; not part of the site (the hosts read it, never serve it). */
export const SERVER_OUT = join(WEB_DIR, 'dist-server');

/** src/server-render.tsx, as built (typed here: this program does not compile the app). */
interface Entry {
  prerenderPage(path: string, language: UiLanguage, origin: string): Promise<Pick<PrerenderedParts, 'html' | 'head' | 'namespaces'>>;
}

async function main(): Promise<void> {
  const started = performance.now();
  await build({
    root: WEB_DIR,
    logLevel: 'warn',
    // Every dependency inside: a Lambda has no node_modules.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/server-render.tsx',
      outDir: SERVER_OUT,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      minify: false,
      // One file (the browser's chunks mean nothing here), whose modules run in import order: the browser's
      // stand-ins (server/anonymous-browser.ts) before the modules that read them.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const { prerenderPage } = (await import(pathToFileURL(join(SERVER_OUT, 'server-render.js')).href)) as Entry;
  const template = await readFile(join(DIST, 'index.html'), 'utf8');
  // Vite's manifest is not part of the site: it goes beside the server renderer, which reads it too.
  const manifestDir = join(DIST, '.vite');
  await rename(join(manifestDir, 'manifest.json'), join(SERVER_OUT, 'manifest.json'));
  await rm(manifestDir, { recursive: true });
  const manifest = JSON.parse(await readFile(join(SERVER_OUT, 'manifest.json'), 'utf8')) as Manifest;
  const origin = (process.env.SITE_URL ?? '').replace(/\/+$/, '');
  for (const { path } of PUBLIC_PAGES) {
    for (const language of UI_LANGUAGES) {
      const page = await prerenderPage(path, language, origin);
      const stylesheets = stylesheetLinks(pageStylesheets(manifest, PAGE_MODULES[path], template));
      const file = join(DIST, prerenderedFile(path, language));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, prerenderedDocument(template, { ...page, language, headScript: PRERENDER_HEAD_SCRIPT, stylesheets }));
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
