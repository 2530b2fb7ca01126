// `npm run bench:search` (also the end of `npm run bench`): seeds BENCH_SEARCH_ADS (100,000) published
// ads into DynamoDB Local, spread like Quebec's population (the towns of the bundled place data,
// weighted by population, each ad jittered around its town: dense in Montréal and Québec, sparse in
// the regions), composed from the demo ads' bilingual texts. Each ad is written as its write path
// leaves it (search entry + keyword postings; every seventh rated: its equipment aggregate in the rating
// order), BatchWrite by 25 with
// 16 in flight. Then measures p50/p95 and requests per second of the search questions through the
// search handler, each against a naive baseline (Scan every search entry, filter and sort in
// memory), prints a table and writes bench/results/search.json. Nothing here asserts a timing.

import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AdSearchInput, AdSummary } from '@partage/graphql';
import { ensureTable } from '../../functions/data/ensure-table';
import { ratingSortKey } from '../../functions/data/keys';
import { averageTenthsOf, equipmentRatingsItem } from '../../functions/data/ratings';
import { searchEntryItem, searchEntryOfItem, termPostingItem, type SearchEntry } from '../../functions/data/search-index';
import { todayInQuebec } from '../../functions/domain/ads/ad-input';
import { demoAds } from '../../functions/domain/ads/demo-ads';
import { distanceMeters } from '../../functions/domain/search/cell-cover';
import { criteriaOf, entryMatches } from '../../functions/domain/search/entry-match';
import { searchEntryOf } from '../../functions/domain/search/search-entry';
import { resolverEvent } from '../../functions/testing/fixtures';
import { localClient, startDynamoDbLocal } from '../../infra/local/dynamodb-local';
import { quebecAds } from './quebec-ads';
import { time, type Timing } from './stats';

const ADS = Number(process.env.BENCH_SEARCH_ADS ?? 100_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const BASELINE_RUNS = Number(process.env.BENCH_SEARCH_BASELINE_RUNS ?? 2);
const root = fileURLToPath(new URL('../..', import.meta.url));
const TABLE = 'bench-search';
/** The baseline's own table of search entries only: a Scan of it is the cheapest a naive search can be. */
const BASELINE_TABLE = 'bench-search-baseline';

const { benchAd } = quebecAds(9);

const dynamo = await startDynamoDbLocal();
Object.assign(process.env, {
  TABLE_NAME: TABLE,
  DYNAMODB_ENDPOINT: dynamo.endpoint,
  AWS_REGION: 'ca-central-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  PUBLIC_URL: 'http://bench.local',
});

try {
  const client = localClient(dynamo.endpoint);
  await Promise.all([ensureTable(client, TABLE), ensureTable(client, BASELINE_TABLE)]);
  const doc = DynamoDBDocumentClient.from(client);

  // Seed: one generator of items, 16 writers taking 25 at a time.
  const seedStart = performance.now();
  const templates = demoAds(todayInQuebec(new Date()));
  const now = Date.now();
  let nextAd = 0;
  let items = 0;
  let reported = 0;
  const queue: { table: string; item: Record<string, unknown> }[] = [];
  const refill = () => {
    while (queue.length < 25 && nextAd < ADS) {
      const rated = nextAd % 7 === 0;
      const entry = searchEntryOf(benchAd(nextAd++, templates, now, 365))!;
      const item = searchEntryItem(entry);
      // One to three ratings of one to five stars: averages spread from 1.0 to 5.0, with many ties.
      const count = 1 + (nextAd % 3);
      const sums = { compliance: count * (1 + (nextAd % 5)), cleanliness: count * (1 + ((nextAd >> 2) % 5)), security: count * 4 };
      const ratingTenths = rated ? averageTenthsOf({ count, sums }) : null;
      // The baseline's copy has no index keys: its table is only ever scanned.
      queue.push({ table: TABLE, item }, { table: BASELINE_TABLE, item: { PK: item.PK, SK: item.SK, ...entry, ratingTenths } });
      if (rated) queue.push({ table: TABLE, item: equipmentRatingsItem(entry.id, { count, sums }, entry.publishedAt) });
      for (const term of entry.terms) queue.push({ table: TABLE, item: termPostingItem(entry, term) });
    }
  };
  const writer = async () => {
    for (refill(); queue.length > 0; refill()) {
      const batch = queue.splice(0, 25);
      items += batch.length;
      let pending: Record<string, unknown[]> = {};
      for (const { table, item } of batch) (pending[table] ??= []).push({ PutRequest: { Item: item } });
      while (Object.keys(pending).length > 0) {
        const { UnprocessedItems } = await doc.send(new BatchWriteCommand({ RequestItems: pending as never }));
        pending = (UnprocessedItems ?? {}) as Record<string, unknown[]>;
      }
      if (nextAd >= reported + 10_000) {
        reported = nextAd - (nextAd % 10_000);
        process.stdout.write(`\r  ${reported} ads, ${items} items…`);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, writer));
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(
    `\rSeeded ${ADS} published ads (${items} items: entries, postings, baseline copies) in ${seedSeconds.toFixed(0)} s (${Math.round(items / seedSeconds)} items/s)\n`,
  );

  const { handler } = await import('../../functions/handlers/search');
  const { SEARCH_TUNING } = await import('../../functions/domain/search/search-ads');
  type Page = { items: AdSummary[]; nextToken: string | null };
  const searchPage = async (input: AdSearchInput, nextToken: string | null = null): Promise<Page> => {
    const result = (await handler(
      resolverEvent('Query.searchAds', { input, limit: 24, nextToken }, { userId: '', role: 'ANONYME' }),
    )) as Page;
    if (!Array.isArray(result?.items)) throw new Error(`searchAds failed: ${JSON.stringify(result)}`);
    return result;
  };

  // The naive answer: every entry scanned, filtered and ordered in memory, then the page cut.
  async function baseline(input: AdSearchInput, skip: number): Promise<string[]> {
    const criteria = criteriaOf(input);
    const centre = input.near;
    const hits: { entry: SearchEntry; meters: number; ratingKey: string }[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(new ScanCommand({ TableName: BASELINE_TABLE, ExclusiveStartKey }));
      for (const item of page.Items ?? []) {
        const entry = searchEntryOfItem(item);
        const meters = centre ? distanceMeters(centre, entry) : 0;
        const ratingKey = ratingSortKey((item.ratingTenths as number | null) ?? 0, entry.publishedAt, entry.id);
        if ((!centre || meters <= centre.radiusKm * 1000) && entryMatches(entry, criteria)) hits.push({ entry, meters, ratingKey });
      }
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    hits.sort(
      (a, b) =>
        (input.sort === 'RATING_DESC' ? b.ratingKey.localeCompare(a.ratingKey) : 0) ||
        (centre ? a.meters - b.meters : 0) ||
        (centre ? 0 : b.entry.publishedAt.localeCompare(a.entry.publishedAt)) ||
        a.entry.id.localeCompare(b.entry.id),
    );
    return hits.slice(skip, skip + 24).map((hit) => hit.entry.id);
  }

  const montreal = { latitude: 45.5017, longitude: -73.5673, radiusKm: 25 };
  const rimouski = { latitude: 48.4489, longitude: -68.5236, radiusKm: 100 };
  const page5Token = async (input: AdSearchInput) => {
    let token: string | null = null;
    for (let page = 1; page < 5; page++) token = (await searchPage(input, token)).nextToken;
    return token;
  };
  const queries: { name: string; input: AdSearchInput; page?: number }[] = [
    { name: 'Montréal 25 km, by distance', input: { near: montreal } },
    { name: 'Montréal 25 km, one category', input: { near: montreal, categories: ['DELIVERY_TRUCK'] } },
    { name: 'Montréal 25 km, keyword "réfrigérés"', input: { near: montreal, keyword: 'réfrigérés' } },
    { name: 'Rimouski 100 km, by distance', input: { near: rimouski } },
    { name: 'Newest first, no place', input: {} },
    { name: 'Montréal 25 km, page 5', input: { near: montreal }, page: 5 },
    { name: 'Best rated first, no place', input: { sort: 'RATING_DESC' } },
    { name: 'Best rated first, no place, page 5', input: { sort: 'RATING_DESC' }, page: 5 },
    { name: 'Montréal 25 km, best rated first', input: { near: montreal, sort: 'RATING_DESC' } },
  ];

  const results: { name: string; p50_ms: number; p95_ms: number; rps: number; baseline_p95_ms: number; read: Timing }[] = [];
  for (const query of queries) {
    const token = query.page ? await page5Token(query.input) : null;
    const skip = ((query.page ?? 1) - 1) * 24;
    let expected: string[] = [];
    const naive = await time(BASELINE_RUNS, async () => (expected = await baseline(query.input, skip)));
    // The engine must answer what the baseline answers before its time means anything.
    const ids = (await searchPage(query.input, token)).items.map((item) => item.id);
    if (JSON.stringify(ids) !== JSON.stringify(expected)) {
      throw new Error(`${query.name}: the search and the baseline disagree\n${ids.join(' ')}\n${expected.join(' ')}`);
    }
    const timing = await time(RUNS, () => searchPage(query.input, token));
    results.push({
      name: query.name,
      p50_ms: round(timing.p50),
      p95_ms: round(timing.p95),
      rps: Math.round(timing.perSecond),
      baseline_p95_ms: round(naive.p95),
      read: timing,
    });
  }

  console.log(
    `Ad search among ${ADS} ads (first page of 24; ${RUNS} runs each, baseline ${BASELINE_RUNS}; tuning ${JSON.stringify(SEARCH_TUNING)})`,
  );
  console.log('| Query | p50 ms | p95 ms | req/s | baseline p95 ms | speed-up (p95) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.p50_ms} | ${r.p95_ms} | ${r.rps} | ${r.baseline_p95_ms} | ${Math.round(r.baseline_p95_ms / r.p95_ms)}× |`,
    );
  }
  await mkdir(`${root}bench/results`, { recursive: true });
  const report = { ads: ADS, queries: results.map(({ read: _read, ...r }) => r) };
  await writeFile(`${root}bench/results/search.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nWritten to bench/results/search.json');
  client.destroy();
} finally {
  await dynamo.stop();
}

function round(ms: number) {
  return Math.round(ms * 10) / 10;
}
