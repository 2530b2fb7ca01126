// `npm run bench:search` (also the end of `npm run bench`): seeds BENCH_SEARCH_ADS (100,000) published
// ads into DynamoDB Local, spread like Quebec's population (the towns of the bundled place data,
// weighted by population, each ad jittered around its town: dense in Montréal and Québec, sparse in
// the regions), composed from the demo ads' bilingual texts. Each ad is written as its write path
// leaves it (search card + points; every seventh rated: its equipment aggregate in the rating order; the cell counts summed in memory and written once at the end),
// BatchWrite by 25 with 16 in flight. Then measures p50/p95, requests per second, and the requests
// and items each query reads, through the search handler; every query's page (and its count) is
// first checked against the brute-force answer computed in memory from the same ads. Prints a table
// and writes bench/results/search.json. Nothing here asserts a timing.

import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AdSearchInput, AdSort, AdSummary } from '@partage/graphql';
import { ensureTable } from '../../functions/data/ensure-table';
import { ratingSortKey } from '../../functions/data/keys';
import { averageTenthsOf, equipmentRatingsItem } from '../../functions/data/ratings';
import { searchEntryItem, type SearchEntry } from '../../functions/data/search-index';
import { todayInQuebec } from '../../functions/domain/ads/ad-input';
import { demoAds } from '../../functions/domain/ads/demo-ads';
import { distanceMeters } from '../../functions/domain/search/cell-cover';
import { criteriaOf, entryMatches } from '../../functions/domain/search/entry-match';
import { searchEntryOf } from '../../functions/domain/search/search-entry';
import { countChanges, CountTotals, priceCentsOf, searchPointsOf } from '../../functions/domain/search/search-points';
import { resolverEvent } from '../../functions/testing/fixtures';
import { localClient, startDynamoDbLocal } from '../../infra/local/dynamodb-local';
import { quebecAds } from './quebec-ads';
import { time } from './stats';

const ADS = Number(process.env.BENCH_SEARCH_ADS ?? 100_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const PAGE = 24;
const root = fileURLToPath(new URL('../..', import.meta.url));
const TABLE = 'bench-search';

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
  await ensureTable(client, TABLE);
  const doc = DynamoDBDocumentClient.from(client);

  // Seed: one generator of items, 16 writers taking 25 at a time; the counts summed as the ads come.
  const seedStart = performance.now();
  const templates = demoAds(todayInQuebec(new Date()));
  const now = Date.now();
  const entries: SearchEntry[] = [];
  const counts = new CountTotals();
  /** Each ad's place in the rating order (keys.ts ratingSortKey): what the brute force sorts RATING_DESC by. */
  const ratingKeys = new Map<string, string>();
  let nextAd = 0;
  let items = 0;
  let reported = 0;
  const queue: Record<string, unknown>[] = [];
  const refill = () => {
    while (queue.length < 25 && nextAd < ADS) {
      const rated = nextAd % 7 === 0;
      const entry = searchEntryOf(benchAd(nextAd++, templates, now, 365))!;
      // One to three ratings of one to five stars: averages spread from 1.0 to 5.0, with many ties.
      const count = 1 + (nextAd % 3);
      const sums = { compliance: count * (1 + (nextAd % 5)), cleanliness: count * (1 + ((nextAd >> 2) % 5)), security: count * 4 };
      const ratingTenths = rated ? averageTenthsOf({ count, sums }) : null;
      // The brute force's copy: what it filters and orders on, not the card's texts.
      entries.push({ ...entry, title: { fr: '', en: null }, image: null, path: '' });
      ratingKeys.set(entry.id, ratingSortKey(ratingTenths ?? 0, entry.publishedAt, entry.id));
      const points = searchPointsOf(entry);
      queue.push(searchEntryItem(entry), ...points.map((point) => point.item));
      if (rated) queue.push(equipmentRatingsItem(entry.id, { count, sums }, entry.publishedAt));
      counts.add(countChanges(points, 1));
      if (nextAd === ADS) queue.push(...counts.items());
    }
  };
  const writer = async () => {
    for (refill(); queue.length > 0; refill()) {
      const batch = queue.splice(0, 25);
      items += batch.length;
      let pending: Record<string, unknown[]> = { [TABLE]: batch.map((Item) => ({ PutRequest: { Item } })) };
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
    `\rSeeded ${ADS} published ads (${items} items: cards, points, ${counts.size} count items) in ${seedSeconds.toFixed(0)} s (${Math.round(items / seedSeconds)} items/s)\n`,
  );

  const { handler } = await import('../../functions/handlers/search');
  const { SEARCH_TUNING } = await import('../../functions/domain/search/search-ads');
  const { db } = await import('../../functions/data/client');

  // Requests to the table and the items they return, counted around each search.
  const reads = { requests: 0, items: 0 };
  const table = db();
  const send = table.send.bind(table) as (command: unknown) => Promise<Record<string, unknown>>;
  table.send = (async (command: unknown) => {
    const output = await send(command);
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

  interface Result {
    name: string;
    p50_ms: number;
    p95_ms: number;
    rps: number;
    requests: number;
    items_read: number;
    results: number;
  }
  const results: Result[] = [];
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
    // The engine must answer what the brute force answers before its time means anything.
    const before = { ...reads };
    const answer = await searchPage(query.input, token);
    const cost = { requests: reads.requests - before.requests, items: reads.items - before.items };
    count = token ? count : answer.count;
    const ids = answer.items.map((item) => item.id);
    const wanted = expected.slice(skip, skip + PAGE);
    const more = expected.length > skip + PAGE;
    if (JSON.stringify(ids) !== JSON.stringify(wanted) || !!answer.nextToken !== more) {
      throw new Error(
        `${query.name}: the search and the brute force disagree\n${ids.join(' ')} (${answer.nextToken})\n${wanted.join(' ')}`,
      );
    }
    if (count && (count.exact ? count.value !== expected.length : expected.length <= count.value)) {
      throw new Error(`${query.name}: counted ${JSON.stringify(count)}, ${expected.length} match`);
    }
    const timing = await time(RUNS, () => searchPage(query.input, token));
    results.push({
      name: query.name,
      p50_ms: round(timing.p50),
      p95_ms: round(timing.p95),
      rps: Math.round(timing.perSecond),
      requests: cost.requests,
      items_read: cost.items,
      results: expected.length,
    });
  }

  console.log(`Ad search among ${ADS} ads (a page of ${PAGE}; ${RUNS} runs each; tuning ${JSON.stringify(SEARCH_TUNING)})`);
  console.log('| Query | p50 ms | p95 ms | req/s | requests | items read | matching ads |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.p50_ms} | ${r.p95_ms} | ${r.rps} | ${r.requests} | ${r.items_read} | ${r.results} |`);
  }
  await mkdir(`${root}bench/results`, { recursive: true });
  const report = { ads: ADS, runs: RUNS, seed_items: items, queries: results };
  await writeFile(`${root}bench/results/search.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nWritten to bench/results/search.json');
  client.destroy();
} finally {
  await dynamo.stop();
}

function round(ms: number) {
  return Math.round(ms * 10) / 10;
}
