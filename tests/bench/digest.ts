// `npm run bench:digest` (also the end of `npm run bench`): one weekly alert digest over DynamoDB Local.
// Seeds BENCH_DIGEST_ALERTS (10,000) active alerts and BENCH_DIGEST_ADS (5,000) ads published during
// the week, both spread like Quebec's population (the search benchmark's generator): alerts of 10 to
// 100 km, most with a criterion or two, in both languages. Then times one whole run (every shard, in
// this process; the e-mails written to a temporary outbox), and the same with alerts and ads doubled
// in a fresh table. Writes bench/results/digest.json. Nothing here asserts a timing.

import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdCategory, OfferMode } from '@partage/graphql';
import { useLocalAdapters } from '../../functions/adapters/local-host';
import { newAlertItems, type AlertRecord } from '../../functions/data/alerts';
import { ensureTable } from '../../functions/data/ensure-table';
import { searchEntryItem } from '../../functions/data/search-index';
import { todayInQuebec } from '../../functions/domain/ads/ad-input';
import { demoAds } from '../../functions/domain/ads/demo-ads';
import { alertCellEntryOf, alertCellsOf } from '../../functions/domain/alerts/alert-cells';
import { newAlertRecord, type AlertFields } from '../../functions/domain/alerts/alerts';
import { searchEntryOf } from '../../functions/domain/search/search-entry';
import { localClient, startDynamoDbLocal } from '../../infra/local/dynamodb-local';
import { quebecAds } from './quebec-ads';

const ALERTS = Number(process.env.BENCH_DIGEST_ALERTS ?? 10_000);
const ADS = Number(process.env.BENCH_DIGEST_ADS ?? 5_000);
const root = fileURLToPath(new URL('../..', import.meta.url));
const DAY_MS = 86_400_000;

const RADII_KM = [10, 10, 10, 10, 25, 25, 25, 50, 50, 100];
const CATEGORIES: AdCategory[] = ['PROFESSIONAL_KITCHEN', 'DELIVERY_TRUCK', 'STORAGE_SPACE', 'REFRIGERATION_EQUIPMENT', 'SURPLUS'];
const MODES: OfferMode[] = ['RENT', 'SALE', 'DONATION'];
const KEYWORDS = ['cuisine', 'camion réfrigéré', 'kitchen', 'congélateur', 'four'];

type Generator = ReturnType<typeof quebecAds>;

/** An alert confirmed a week ago, somewhere in Quebec: radius and criteria drawn from the lists above. */
function benchAlert(i: number, { random, quebecPoint }: Generator, confirmedAt: string): AlertRecord {
  const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)]!;
  const { town, latitude, longitude } = quebecPoint();
  const kind = random();
  const fields: AlertFields = {
    criteria: {
      categories: kind < 0.4 ? [pick(CATEGORIES)] : [],
      modes: kind >= 0.4 && kind < 0.6 ? [pick(MODES)] : [],
      availability: null,
      priceRanges: [],
      certifications: [],
      keyword: kind >= 0.6 && kind < 0.8 ? pick(KEYWORDS) : null,
    },
    place: { label: town, latitude, longitude },
    radiusKm: pick(RADII_KM),
    email: `alerte-${i}@bench.example`,
    language: random() < 0.7 ? 'fr' : 'en',
  };
  const alert: AlertRecord = {
    ...newAlertRecord(`bench-alert-${String(i).padStart(6, '0')}`, null, fields, confirmedAt),
    status: 'ACTIVE',
    confirmedAt,
  };
  return { ...alert, cells: alertCellsOf(alert) };
}

/** Writes items 25 at a time, 16 batches in flight. */
async function writeAll(doc: DynamoDBDocumentClient, table: string, items: Iterator<Record<string, unknown>>) {
  const writer = async () => {
    for (;;) {
      const batch: Record<string, unknown>[] = [];
      while (batch.length < 25) {
        const next = items.next();
        if (next.done) break;
        batch.push({ PutRequest: { Item: next.value } });
      }
      if (batch.length === 0) return;
      let pending: Record<string, unknown>[] = batch;
      while (pending.length > 0) {
        const { UnprocessedItems } = await doc.send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }));
        pending = (UnprocessedItems?.[table] ?? []) as Record<string, unknown>[];
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, writer));
}

const dynamo = await startDynamoDbLocal();
const outboxDir = await mkdtemp(join(tmpdir(), 'bench-digest-outbox-'));
Object.assign(process.env, {
  DYNAMODB_ENDPOINT: dynamo.endpoint,
  AWS_REGION: 'ca-central-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  PUBLIC_URL: 'http://bench.local',
  JWT_SECRET: 'bench-secret-of-at-least-thirty-two-bytes',
  MAIL_ADAPTER: 'outbox',
  OUTBOX_DIR: outboxDir,
  FILE_STORE_ADAPTER: 'local',
  FILE_STORE_DIR: join(outboxDir, 'files'),
  FILE_STORE_SECRET: 'bench',
  METRICS_ADAPTER: 'recorder',
});
useLocalAdapters();

interface Run {
  alerts: number;
  ads: number;
  seconds: number;
  emails: number;
}

async function weeklyRun(table: string, alerts: number, ads: number): Promise<Run> {
  process.env.TABLE_NAME = table;
  const client = localClient(dynamo.endpoint);
  await ensureTable(client, table);
  const doc = DynamoDBDocumentClient.from(client);
  const generator = quebecAds(11);
  const now = Date.now();
  const confirmedAt = new Date(now - 7 * DAY_MS).toISOString();
  const templates = demoAds(todayInQuebec(new Date()));

  const seedStart = performance.now();
  function* items() {
    for (let i = 0; i < alerts; i++) {
      const alert = benchAlert(i, generator, confirmedAt);
      yield* newAlertItems(alert, alertCellEntryOf(alert));
    }
    // Published during the week: each ad once in the search index (the digest reads nothing else of it).
    for (let i = 0; i < ads; i++) yield searchEntryItem(searchEntryOf(generator.benchAd(i, templates, now, 6.9))!);
  }
  await writeAll(doc, table, items());
  console.log(`Seeded ${alerts} alerts and ${ads} ads in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

  const { runDigestNow } = await import('../../functions/domain/alerts/digest');
  const start = performance.now();
  const { sent } = await runDigestNow(new Date(now).toISOString());
  const seconds = Math.round((performance.now() - start) / 100) / 10;
  console.log(`  one weekly run: ${seconds} s, ${sent} e-mails`);
  client.destroy();
  return { alerts, ads, seconds, emails: sent };
}

try {
  const base = await weeklyRun('bench-digest', ALERTS, ADS);
  const doubled = await weeklyRun('bench-digest-doubled', 2 * ALERTS, 2 * ADS);
  const result = { ...base, doubled, growth: Math.round((doubled.seconds / base.seconds) * 100) / 100 };
  await mkdir(join(root, 'bench/results'), { recursive: true });
  await writeFile(join(root, 'bench/results/digest.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nDoubled alerts and ads: ×${result.growth} time (linear would be ×2). Written bench/results/digest.json`);
} finally {
  await dynamo.stop();
}
