// `npm run bench:search` (also the end of `npm run bench`): seeds BENCH_SEARCH_ADS (100,000) published
// ads into DynamoDB Local, spread like Quebec's population (the towns of the bundled place data,
// weighted by population, each ad jittered around its town: dense in Montréal and Québec, sparse in
// the regions), composed from the demo ads' bilingual texts. Each ad is written as its write path
// leaves it (search card + points; every seventh rated: its equipment aggregate in the rating order; the cell counts summed in memory and written once at the end),
// BatchWrite by 25 with 16 in flight. Then measures p50/p95, requests per second, its own CPU per search, and the requests
// and items each query reads, through the search handler, twice: as the first search in its area (no
// point kept: a search process just started, or the area's points written since) and with the area's
// points kept by the same search before (functions/domain/search/point-cache.ts); every query's page
// (and its count) is first checked both ways against the brute-force answer computed in memory from
// the same ads. Prints a table and writes bench/results/search.json. Nothing here asserts a timing.

import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { format } from 'prettier';
import type { AdSearchInput, AdSort, AdSummary } from '@partage/graphql';
import { ensureTable } from '../../functions/data/ensure-table';
import { ratingSortKey } from '../../functions/data/keys';
import { averageTenthsOf, equipmentRatingsItem } from '../../functions/data/ratings';
import type { SearchEntry } from '../../functions/data/search-index';
import { todayInQuebec } from '../../functions/domain/ads/ad-input';
import { demoAds } from '../../functions/domain/ads/demo-ads';
import { publishedSearchItems, putInParallel } from '../../functions/domain/ads/demo-ads-seed';
import { distanceMeters } from '../../functions/domain/search/cell-cover';
import { criteriaOf, entryMatches } from '../../functions/domain/search/entry-match';
import { searchEntryOf } from '../../functions/domain/search/search-entry';
import { CountTotals, priceCentsOf } from '../../functions/domain/search/search-points';
import { resolverEvent } from '../../functions/testing/fixtures';
import { freePort, localClient, startDynamoDbLocal, type DynamoDbLocal } from '../../infra/local/dynamodb-local';
import { quebecAds } from './quebec-ads';
import { time } from './stats';

const ADS = Number(process.env.BENCH_SEARCH_ADS ?? 100_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const PAGE = 24;
const root = fileURLToPath(new URL('../..', import.meta.url));
const TABLE = 'bench-search';
/** Seeded tables kept by the hash of their items: a run whose items are the same starts from a copy. */
const SNAPSHOTS = process.env.BENCH_SEARCH_SNAPSHOTS ?? join(root, 'node_modules/.cache/partage/bench-search');
/**
 * A DynamoDB Local the caller keeps running (e.g. `-inMemory -sharedDb`, faster to seed than a file):
 * the first run seeds it, the next ones with the same items find it seeded. Else one is started on a
 * copy of the snapshot, made first when there is none.
 */
const KEPT_ENDPOINT = process.env.BENCH_SEARCH_ENDPOINT;
/**
 * With a kept DynamoDB Local: the ads its table already holds whole, from an interrupted seed of the
 * same ads (a multiple of SEED_SLICE: slices are written one after the other); the seed goes on there.
 */
const RESUME_AT = KEPT_ENDPOINT ? Number(process.env.BENCH_SEARCH_RESUME_AT ?? 0) : 0;
/** DynamoDB Local's file with -sharedDb. */
const DYNAMODB_FILE = 'shared-local-instance.db';
/** Ads written per round of BatchWriteItems: a slice's items are made while the last one's are written. */
const SEED_SLICE = 500;
/**
 * The instant the ads are published up to (over the year before it): fixed, so that a run's items,
 * and the snapshot they name, are the same from day to day.
 */
const SEEDED_AT = Date.parse('2026-11-01T12:00:00Z');

const { benchAd } = quebecAds(9);

// The ads, their ratings and the brute force's copy, made once in memory: the items are made from
// them twice, to name the snapshot by their hash, then to write them when no snapshot has that name.
const prepareStart = performance.now();
const templates = demoAds(todayInQuebec(new Date(SEEDED_AT)));
const entries: SearchEntry[] = [];
/** Each rated ad's equipment ratings (every seventh ad). */
const ratings = new Map<string, { count: number; sums: { compliance: number; cleanliness: number; security: number } }>();
/** Each ad's place in the rating order (keys.ts ratingSortKey): what the brute force sorts RATING_DESC by. */
const ratingKeys = new Map<string, string>();
for (let i = 0; i < ADS; i++) {
  const entry = searchEntryOf(benchAd(i, templates, SEEDED_AT, 365))!;
  entries.push(entry);
  // One to three ratings of one to five stars: averages spread from 1.0 to 5.0, with many ties.
  const n = i + 1;
  const count = 1 + (n % 3);
  const rating =
    i % 7 === 0
      ? { count, sums: { compliance: count * (1 + (n % 5)), cleanliness: count * (1 + ((n >> 2) % 5)), security: count * 4 } }
      : null;
  if (rating) ratings.set(entry.id, rating);
  ratingKeys.set(entry.id, ratingSortKey((rating && averageTenthsOf(rating)) ?? 0, entry.publishedAt, entry.id));
}

/** The items of ads `from` to `to` (their cards, points and ratings), their counts added to `counts`. */
function itemsOf(from: number, to: number, counts: CountTotals): Record<string, unknown>[] {
  return entries.slice(from, to).flatMap((entry) => {
    const published = publishedSearchItems(entry);
    counts.add(published.counts);
    const rating = ratings.get(entry.id);
    return rating ? [...published.items, equipmentRatingsItem(entry.id, rating, entry)] : published.items;
  });
}

/** The name of the table these ads make: a hash of every item, the counts last. */
function snapshotName(): { name: string; items: number; countItems: number } {
  const hash = createHash('sha256');
  const counts = new CountTotals();
  let items = 0;
  for (let from = 0; from < ADS; from += SEED_SLICE) {
    for (const item of itemsOf(from, from + SEED_SLICE, counts)) {
      hash.update(JSON.stringify(item));
      items++;
    }
  }
  for (const item of counts.items()) hash.update(JSON.stringify(item));
  return { name: `${ADS}-${hash.digest('hex').slice(0, 16)}`, items: items + counts.size, countItems: counts.size };
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

const scratch = await mkdtemp(join((await exists('/dev/shm')) ? '/dev/shm' : tmpdir(), 'bench-search-'));
let dynamo: DynamoDbLocal | undefined;
try {
  const named = snapshotName();
  const prepareSeconds = (performance.now() - prepareStart) / 1000;
  console.log(`Made ${ADS} ads and hashed their ${named.items} items in ${prepareSeconds.toFixed(0)} s`);
  const port = await freePort();
  const snapshot = join(SNAPSHOTS, `${named.name}.db`);
  Object.assign(process.env, {
    TABLE_NAME: TABLE,
    AWS_REGION: 'ca-central-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    PUBLIC_URL: 'http://bench.local',
    // One endpoint for the seeding run and the measured one: the data layer keeps its first client.
    DYNAMODB_ENDPOINT: KEPT_ENDPOINT ?? `http://127.0.0.1:${port}`,
  });
  const seedMarker = { PK: 'BENCH#SEEDED', SK: named.name };
  let seedSeconds: number | null = null;
  if (KEPT_ENDPOINT) {
    const client = localClient(KEPT_ENDPOINT);
    await ensureTable(client, TABLE);
    client.destroy();
    const { batchGet } = await import('../../functions/data/client');
    if ((await batchGet([seedMarker])).length > 0) console.log(`Seeded table found at ${KEPT_ENDPOINT} (${named.items} items)`);
    else seedSeconds = await seed();
  } else if (await exists(snapshot)) {
    await copyFile(snapshot, join(scratch, DYNAMODB_FILE));
    console.log(`Seeded table found: ${snapshot} (${named.items} items)`);
  } else {
    dynamo = await startDynamoDbLocal({ dataDir: scratch, port });
    const client = localClient(dynamo.endpoint);
    await ensureTable(client, TABLE);
    client.destroy();
    seedSeconds = await seed();
    // Stopped so that its file is whole, then kept for the next run with the same items.
    await dynamo.stop();
    dynamo = undefined;
    await mkdir(SNAPSHOTS, { recursive: true });
    await copyFile(join(scratch, DYNAMODB_FILE), `${snapshot}.partial`);
    await rename(`${snapshot}.partial`, snapshot);
  }
  if (!KEPT_ENDPOINT) dynamo = await startDynamoDbLocal({ dataDir: scratch, port });

  /**
   * A slice of ads' items made, then written by BatchWriteItem several in flight (the demo seed's
   * writer); the counts summed, put whole last, then the marker of a whole seed. Puts only: a seed
   * interrupted and run again ends with the same table.
   */
  async function seed(): Promise<number> {
    const seedStart = performance.now();
    const counts = new CountTotals();
    let written = 0;
    for (let from = 0; from < ADS; from += SEED_SLICE) {
      const items = itemsOf(from, from + SEED_SLICE, counts);
      if (from < RESUME_AT) continue;
      await putInParallel(items);
      written += items.length;
      if ((from + SEED_SLICE) % 10_000 === 0) {
        const seconds = (performance.now() - seedStart) / 1000;
        process.stdout.write(`\r  ${from + SEED_SLICE} ads, ${written} items, ${seconds.toFixed(0)} s…`);
      }
    }
    await putInParallel([...counts.items(), seedMarker]);
    written += counts.size;
    const seconds = (performance.now() - seedStart) / 1000;
    console.log(
      `\rSeeded ${ADS} published ads (${written} items: cards, points, ratings, ${counts.size} count items) in ${seconds.toFixed(0)} s (${Math.round(written / seconds)} items/s)\n`,
    );
    return seconds;
  }

  const { handler } = await import('../../functions/handlers/search');
  const { forgetKeptPoints, SEARCH_TUNING } = await import('../../functions/domain/search/search-ads');
  const { db } = await import('../../functions/data/client');

  // Requests to the table and the items they return, counted around each search; `rounds`: the
  // requests in a row (a round starts when a request leaves while none is in flight).
  const reads = { requests: 0, items: 0, rounds: 0 };
  let inFlight = 0;
  const table = db();
  const send = table.send.bind(table) as (command: unknown) => Promise<Record<string, unknown>>;
  table.send = (async (command: unknown) => {
    if (inFlight++ === 0) reads.rounds++;
    const output = await send(command).finally(() => inFlight--);
    reads.requests++;
    const responses = output.Responses as Record<string, unknown[]> | undefined;
    reads.items += ((output.Items as unknown[] | undefined) ?? Object.values(responses ?? {}).flat()).length;
    return output;
  }) as typeof table.send;

  type Page = { items: AdSummary[]; nextToken: string | null; count: { value: number; exact: boolean } | null };
  const searchPage = async (input: AdSearchInput, nextToken: string | null = null): Promise<Page> => {
    const result = (await handler(
      resolverEvent('Query.searchAds', { input, limit: PAGE, nextToken }, { userId: '', role: 'ANONYME' }),
    )) as Page;
    if (!Array.isArray(result?.items)) throw new Error(`searchAds failed: ${JSON.stringify(result)}`);
    return result;
  };

  /** The brute-force answer: every ad filtered and ordered in memory; the ids of every match in the order. */
  function bruteForce(input: AdSearchInput): string[] {
    const criteria = criteriaOf(input);
    const { near } = input;
    const sort: AdSort = input.sort ?? (near ? 'DISTANCE_ASC' : 'DATE_DESC');
    const hits = entries
      .map((entry) => ({ entry, meters: near ? distanceMeters(near, entry) : 0, price: priceCentsOf(entry) }))
      .filter(({ entry, meters }) => (!near || meters <= near.radiusKm * 1000) && entryMatches(entry, criteria));
    const byId = (a: SearchEntry, b: SearchEntry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const priced = (a: number | null, b: number | null) => (a === null ? 1 : 0) - (b === null ? 1 : 0);
    const compare: Record<AdSort, (a: (typeof hits)[number], b: (typeof hits)[number]) => number> = {
      DISTANCE_ASC: (a, b) => a.meters - b.meters || byId(a.entry, b.entry),
      DISTANCE_DESC: (a, b) => b.meters - a.meters || byId(b.entry, a.entry),
      DATE_ASC: (a, b) => a.entry.publishedAt.localeCompare(b.entry.publishedAt) || byId(a.entry, b.entry),
      DATE_DESC: (a, b) => b.entry.publishedAt.localeCompare(a.entry.publishedAt) || byId(b.entry, a.entry),
      PRICE_ASC: (a, b) => priced(a.price, b.price) || (a.price ?? 0) - (b.price ?? 0) || byId(a.entry, b.entry),
      RATING_DESC: (a, b) => (ratingKeys.get(a.entry.id)! < ratingKeys.get(b.entry.id)! ? 1 : -1),
      PRICE_DESC: (a, b) =>
        priced(a.price, b.price) || (b.price ?? 0) - (a.price ?? 0) || (a.price === null ? byId(a.entry, b.entry) : byId(b.entry, a.entry)),
    };
    return hits.sort(compare[sort]).map(({ entry }) => entry.id);
  }

  const montreal = { latitude: 45.5017, longitude: -73.5673, radiusKm: 25 };
  const queries: { name: string; input: AdSearchInput; page?: number | 'last' }[] = [
    { name: 'Montréal 25 km, by distance', input: { near: montreal } },
    { name: 'Montréal 25 km, one category', input: { near: montreal, categories: ['DELIVERY_TRUCK'] } },
    { name: 'Montréal 25 km, keyword "réfrigérés"', input: { near: montreal, keyword: 'réfrigérés' } },
    { name: 'Montréal 25 km, category + keyword', input: { near: montreal, categories: ['DELIVERY_TRUCK'], keyword: 'réfrigérés' } },
    { name: 'Montréal 25 km, farthest first', input: { near: montreal, sort: 'DISTANCE_DESC' } },
    { name: 'Montréal 25 km, page 5', input: { near: montreal }, page: 5 },
    { name: 'Montréal 25 km, cheapest first', input: { near: montreal, sort: 'PRICE_ASC' } },
    { name: 'Montréal 25 km, dearest first', input: { near: montreal, sort: 'PRICE_DESC' } },
    { name: 'Montréal 25 km, newest first', input: { near: montreal, sort: 'DATE_DESC' } },
    { name: 'Montréal 25 km, a keyword nothing holds', input: { near: montreal, keyword: 'introuvable' } },
    { name: 'Rimouski 100 km, by distance', input: { near: { latitude: 48.4489, longitude: -68.5236, radiusKm: 100 } } },
    { name: 'Rimouski 25 km, last page', input: { near: { latitude: 48.4489, longitude: -68.5236, radiusKm: 25 } }, page: 'last' },
    { name: 'Québec 300 km, by distance', input: { near: { latitude: 46.8139, longitude: -71.208, radiusKm: 300 } } },
    { name: 'Empty area (Nunavik 50 km)', input: { near: { latitude: 60.0, longitude: -70.0, radiusKm: 50 } } },
    { name: 'Newest first, no place', input: {} },
    { name: 'Cheapest first, no place, one category', input: { sort: 'PRICE_ASC', categories: ['DELIVERY_TRUCK'] } },
    { name: 'Best rated first, no place', input: { sort: 'RATING_DESC' } },
    { name: 'Best rated first, no place, page 5', input: { sort: 'RATING_DESC' }, page: 5 },
    { name: 'Montréal 25 km, best rated first', input: { near: montreal, sort: 'RATING_DESC' } },
  ];

  /** A query's time and reads, one way (the first search in its area, or with the area's points kept). */
  interface Measure {
    p50_ms: number;
    p95_ms: number;
    rps: number;
    /** The benchmark process's CPU per search (the engine's JavaScript and the SDK's): a search Lambda's own work, beside its waits. */
    node_cpu_ms: number;
    requests: number;
    /** Requests in a row (each round's requests are in flight together). */
    rounds: number;
    items_read: number;
  }
  interface Result extends Measure {
    name: string;
    results: number;
    /** The same search as the first in its area: nothing kept (the fields above: the area's points kept). */
    first_in_area: Measure;
  }
  type Cost = { requests: number; items: number; rounds: number };
  const costOf = async <T>(run: () => Promise<T>): Promise<{ value: T; cost: Cost }> => {
    const before = { ...reads };
    const value = await run();
    return {
      value,
      cost: { requests: reads.requests - before.requests, items: reads.items - before.items, rounds: reads.rounds - before.rounds },
    };
  };
  // Every query is checked first, then timed: the brute force's copy of the ads (hundreds of MB) is let go
  // in between, so that the timed process holds what a search Lambda holds. Kept, its collections paused
  // the searches: p95 up to twice the same queries' in a process without it.
  const checked: { name: string; input: AdSearchInput; token: string | null; first: Cost; kept: Cost; results: number }[] = [];
  for (const query of queries) {
    const expected = bruteForce(query.input);
    // The page's token: pages read one after the other (the last page: until no token follows).
    let token: string | null = null;
    let skip = 0;
    let count: Page['count'] = null;
    for (let page = 1; query.page === 'last' ? true : page < (query.page ?? 1); page++) {
      const answer: Page = await searchPage(query.input, token);
      count ??= answer.count;
      if (query.page === 'last' && !answer.nextToken) break;
      token = answer.nextToken;
      skip += PAGE;
    }
    // The engine must answer what the brute force answers before its time means anything: as the first
    // search in its area, then with what that search kept.
    const check = (answer: Page, way: string) => {
      const pageCount = token ? count : answer.count;
      const ids = answer.items.map((item) => item.id);
      const wanted = expected.slice(skip, skip + PAGE);
      const more = expected.length > skip + PAGE;
      if (JSON.stringify(ids) !== JSON.stringify(wanted) || !!answer.nextToken !== more) {
        throw new Error(
          `${query.name} (${way}): the search and the brute force disagree\n${ids.join(' ')} (${answer.nextToken})\n${wanted.join(' ')}`,
        );
      }
      if (pageCount && (pageCount.exact ? pageCount.value !== expected.length : expected.length <= pageCount.value)) {
        throw new Error(`${query.name} (${way}): counted ${JSON.stringify(pageCount)}, ${expected.length} match`);
      }
    };
    forgetKeptPoints();
    const first = await costOf(() => searchPage(query.input, token));
    check(first.value, 'first in its area');
    const kept = await costOf(() => searchPage(query.input, token));
    check(kept.value, 'points kept');
    checked.push({ name: query.name, input: query.input, token, first: first.cost, kept: kept.cost, results: expected.length });
  }
  entries.length = 0;
  ratings.clear();
  ratingKeys.clear();
  collectGarbage();

  const measure = async (search: () => Promise<unknown>, cost: Cost): Promise<Measure> => {
    const cpuBefore = process.cpuUsage();
    const timing = await time(RUNS, search);
    const cpu = process.cpuUsage(cpuBefore);
    return {
      p50_ms: round(timing.p50),
      p95_ms: round(timing.p95),
      rps: Math.round(timing.perSecond),
      node_cpu_ms: round((cpu.user + cpu.system) / 1000 / RUNS),
      requests: cost.requests,
      rounds: cost.rounds,
      items_read: cost.items,
    };
  };
  const results: Result[] = [];
  const loadBefore = loadavg().map((load) => round(load));
  for (const { name, input, token, first, kept, results: matching } of checked) {
    const firstInArea = await measure(() => {
      forgetKeptPoints();
      return searchPage(input, token);
    }, first);
    await searchPage(input, token);
    results.push({ name, ...(await measure(() => searchPage(input, token), kept)), results: matching, first_in_area: firstInArea });
  }

  console.log(`Ad search among ${ADS} ads (a page of ${PAGE}; ${RUNS} runs each; tuning ${JSON.stringify(SEARCH_TUNING)})`);
  console.log(`Load average (1, 5, 15 min): ${loadBefore.join(', ')} before, ${loadavg().map(round).join(', ')} after`);
  console.log('Each way: p50 ms / p95 ms / Node CPU ms / requests / in a row / items read');
  console.log("| Query | the area's points kept | first search in its area | req/s (kept) | matching ads |");
  console.log('|---|---|---|---:|---:|');
  const way = (m: Measure) => `${m.p50_ms} / ${m.p95_ms} / ${m.node_cpu_ms} / ${m.requests} / ${m.rounds} / ${m.items_read}`;
  for (const r of results) console.log(`| ${r.name} | ${way(r)} | ${way(r.first_in_area)} | ${r.rps} | ${r.results} |`);
  await mkdir(`${root}bench/results`, { recursive: true });
  const report = {
    ads: ADS,
    runs: RUNS,
    seed_items: named.items,
    seed_count_items: named.countItems,
    prepare_seconds: Math.round(prepareSeconds),
    // Null when the table came from a snapshot: the seed's time is that of the run that made it.
    seed_seconds: seedSeconds && Math.round(seedSeconds),
    // The ads an interrupted seed had written before this run went on (its seed_seconds are the rest's).
    ...(RESUME_AT > 0 ? { seed_resumed_at: RESUME_AT } : {}),
    load_average: { before: loadBefore, after: loadavg().map((load) => round(load)) },
    queries: results,
  };
  // As `npm run lint` checks it (prettier: short arrays on one line).
  await writeFile(`${root}bench/results/search.json`, await format(JSON.stringify(report, null, 2), { parser: 'json' }));
  console.log('\nWritten to bench/results/search.json');
} finally {
  await dynamo?.stop();
  await rm(scratch, { recursive: true, force: true });
}

/** A full collection now (V8's gc(), reached without a command-line flag). */
function collectGarbage() {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function round(ms: number) {
  return Math.round(ms * 10) / 10;
}
