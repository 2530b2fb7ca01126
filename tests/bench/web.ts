// `npm run bench:web`: Lighthouse (Chromium, its default mobile emulation and simulated slow 4G) on the
// built web app served by the local host, as a new visitor finds it: /accueil, /annonces, /annonces with
// criteria (a category and a place with its radius, sorted by distance), an ad detail, and two pages with a
// form painted ahead, /nous-joindre and /connexion (docs/painted-forms.md). Each page runs BENCH_WEB_RUNS
// times (3) and the run of median performance is kept. Besides
// Lighthouse's scores and metrics, initial_js_kb_gz sums the JavaScript the page loaded (gzip -9 sizes of
// those files of web/dist, in kB of 1000 bytes), which is what the 150 kB budget of the landing page
// counts. Prints a table and writes bench/results/web.json. Nothing here asserts a budget.
//
// The local host keeps its demo data in .data/bench-web (seeded on the first run). BENCH_WEB_SKIP_BUILD=1
// measures web/dist as it is.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { createLocalServer } from '../../infra/local/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'web/dist');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** A search as a shared link carries it: equipment for rent around Montréal, 25 km. */
const SEARCH_WITH_CRITERIA = '/annonces?categories=PREP_EQUIPMENT&modes=RENT&lieu=Montr%C3%A9al&lat=45.5019&lng=-73.5674&rayon=25';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

interface PageResult {
  path: string;
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  initial_js_kb_gz: number;
  js_before_paint_kb_gz: number;
}

if (process.env.BENCH_WEB_SKIP_BUILD !== '1') execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });

const server = await createLocalServer({ port: 0, dataDir: join(root, '.data/bench-web') });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});

try {
  const pages = ['/accueil', '/annonces', SEARCH_WITH_CRITERIA, await firstAdPath(server.url), '/nous-joindre', '/connexion'];
  const results: PageResult[] = [];
  for (const path of pages) results.push(await measure(path));
  console.log(`\nLighthouse, mobile emulation, median of ${RUNS} runs per page:`);
  console.log('  path'.padEnd(60) + 'perf  a11y  b-p   seo   LCP ms  TBT ms  CLS    JS kB gz  before paint');
  for (const r of results) {
    console.log(
      `  ${r.path.slice(0, 56).padEnd(58)}${[r.performance, r.accessibility, r.best_practices, r.seo].map((s) => s.toFixed(2).padEnd(6)).join('')}` +
        `${String(r.lcp_ms).padStart(6)}  ${String(r.tbt_ms).padStart(6)}  ${r.cls.toFixed(3)}  ${r.initial_js_kb_gz.toFixed(1).padStart(7)}` +
        `  ${r.js_before_paint_kb_gz.toFixed(1).padStart(7)}`,
    );
  }
  await mkdir(join(root, 'bench/results'), { recursive: true });
  await writeFile(join(root, 'bench/results/web.json'), `${JSON.stringify({ pages: results }, null, 2)}\n`);
  console.log('\nWritten to bench/results/web.json');
} finally {
  await chrome.kill();
  await server.close();
}

/** The newest published ad of the demo data, as a visitor reaches it from the list. */
async function firstAdPath(baseUrl: string): Promise<string> {
  const query = 'query SearchAds($input: AdSearchInput!) { searchAds(input: $input, limit: 1) { items { path } } }';
  // The first start seeds the demo ads in the background: ask until one is there.
  for (let attempt = 0; attempt < 120; attempt++) {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'anonymous' },
      body: JSON.stringify({ query, variables: { input: {} } }),
    });
    const body = (await response.json()) as { data?: { searchAds: { items: Array<{ path: string }> } } };
    const path = body.data?.searchAds.items[0]?.path;
    if (path) return `/annonces/${path}`;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('No published ad appeared in the local host’s demo data');
}

async function measure(path: string): Promise<PageResult> {
  const runs: PageResult[] = [];
  for (let run = 0; run < RUNS; run++) {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const result = await lighthouse(`${server.url}${path}`, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.message}`);
    const score = (id: string) => lhr.categories[id]?.score ?? 0;
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    runs.push({
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      best_practices: score('best-practices'),
      seo: score('seo'),
      lcp_ms: Math.round(numeric('largest-contentful-paint')),
      tbt_ms: Math.round(numeric('total-blocking-time')),
      cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
      initial_js_kb_gz: loadedScriptsKbGz(lhr.audits['network-requests']?.details),
      js_before_paint_kb_gz: loadedScriptsKbGz(lhr.audits['network-requests']?.details, observedFirstPaint(lhr.audits.metrics?.details)),
    });
    console.log(
      `  ${path} run ${run + 1}: performance ${score('performance')}${shiftedElements(lhr.audits['layout-shifts']?.details)}` +
        `${leads(lhr)}`,
    );
  }
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
}

/** When the page first painted in the observed (unthrottled) run, in ms on the network requests' clock. */
function observedFirstPaint(details: unknown): number {
  const metrics = (details as { items?: Array<{ observedFirstContentfulPaint?: number }> } | undefined)?.items?.[0];
  const paint = metrics?.observedFirstContentfulPaint;
  if (paint === undefined) throw new Error('Lighthouse reported no observed first contentful paint');
  return paint;
}

/** gzip -9 size of the app's scripts the page loaded (their files in web/dist), in kB; only those finished by `until` when given. */
function loadedScriptsKbGz(details: unknown, until = Number.POSITIVE_INFINITY): number {
  const items = (details as { items?: Array<{ url: string; resourceType?: string; networkEndTime?: number }> } | undefined)?.items ?? [];
  let bytes = 0;
  for (const { url, resourceType, networkEndTime = 0 } of items) {
    if (resourceType !== 'Script' || networkEndTime > until) continue;
    const file = join(dist, new URL(url).pathname);
    if (!existsSync(file)) throw new Error(`The page loaded a script that is not in web/dist: ${url}`);
    bytes += gzipSync(readFileSync(file), { level: 9 }).byteLength;
  }
  return Number((bytes / 1000).toFixed(1));
}

/** What moved, when something did: the first lead when a page is over its layout-shift budget. */
function shiftedElements(details: unknown): string {
  const items = (details as { items?: Array<{ score: number; node?: { snippet?: string } }> } | undefined)?.items ?? [];
  return items.map((item) => `\n    shift ${item.score.toFixed(3)}: ${item.node?.snippet ?? '?'}`).join('');
}

/** Below a perfect score, the audits that cost points and the page's largest paint: where to look first. */
function leads(lhr: {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> } | undefined>;
  audits: Record<string, { score: number | null; details?: unknown } | undefined>;
}): string {
  const lost = ['performance', 'best-practices', 'seo']
    .flatMap((category) => lhr.categories[category]?.auditRefs ?? [])
    .filter(({ id, weight }) => weight > 0 && (lhr.audits[id]?.score ?? 1) < 0.9)
    .map(({ id }) => `${id} ${lhr.audits[id]?.score}`);
  const lcp = (
    lhr.audits['largest-contentful-paint-element']?.details as
      { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
  )?.items?.[0]?.items?.[0]?.node?.snippet;
  return `${lost.length ? `\n    below 0.9: ${lost.join(', ')}` : ''}${lcp ? `\n    largest paint: ${lcp.slice(0, 120)}` : ''}`;
}
