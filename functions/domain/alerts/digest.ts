// The weekly digest (docs/alerts.md). The cron job cuts the week at its scheduled instant and fans out
// one run per shard (DIGEST_SHARDS, through the scheduler port); each shard:
// 1. reads the ads published since its last complete run (the search index's date order: each ad once);
// 2. for each cell a new ad lies in, at each precision alerts are listed at, reads the shard's alerts
//    of that cell and keeps the (alert, ad) pairs the search's own rule accepts (matchWithin);
// 3. for each alert with new ads since its watermark, claims the week's e-mail (a lease on the alert
//    item), sends it, and records it — the week, the watermark moved to the cut — in the write that
//    ends the lease.
// Work grows with the new ads and the alerts near them, never with alerts × ads. A rerun sends nothing
// twice (the week and the watermark on the alert) and skips nobody (a failed send gives its claim back; the shard's mark moves only
// when every alert of it went through). Between a send and its record a crash leaves the claim leased:
// the next run after the lease sends again — at least once, see docs/alerts.md.

import type { AlertCellEntry, AlertRecord } from '../../data/alerts';
import {
  alertsInCell,
  claimDigest,
  digestShardDoneUntil,
  getAlerts,
  markDigestShardDone,
  recordDigestSent,
  releaseDigest,
} from '../../data/alerts';
import { DIGEST_SHARDS, publicationSortKey, RECENT_SHARDS } from '../../data/keys';
import { entriesByPublication, type IndexStartKey, type SearchEntry } from '../../data/search-index';
import { logger } from '../../adapters/log';
import { mailer } from '../../adapters/mailer';
import { scheduler } from '../../adapters/scheduler';
import { now } from '../clock';
import { matchWithin, type SearchCriteria } from '../search/entry-match';
import { ALERT_CELL_PRECISIONS } from './alert-cells';
import { isLive } from './alert-view';
import { digestContentOf, type DigestHit } from './digest-content';
import { digestMessage } from './digest-message';

export const DIGEST_JOB = 'alert-digest';
export const DIGEST_SHARD_JOB = 'alert-digest-shard';

const DAY_MS = 86_400_000;
/** A shard's first run (or one after a long stop) looks back this far. */
const FIRST_RUN_LOOKBACK_MS = 7 * DAY_MS;
/** How long a claim stays a sender's: longer than a send and its record, shorter than AWS's retries of a failed job. */
const CLAIM_LEASE_MS = 2 * 60_000;
/** Shards start this long after the cron: EventBridge Scheduler wants an instant to come. */
const SHARD_START_DELAY_MS = 60_000;
/** Parallel reads of cells, parallel e-mails. */
const PARALLEL_CELLS = 16;
const PARALLEL_SENDS = 8;
const ENTRY_PAGE = 500;

/** The ISO week of an instant (`2026-W48`): a digest's name, one e-mail per alert and week. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the week's Thursday names its year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export interface DigestShardRun {
  shard: number;
  /** ISO instant: ads published up to it are in this week's digest. */
  cutoff: string;
}

/** A shard job's payload, checked: a malformed one is a bug of the scheduling side. */
export function digestShardRunOf(payload: Record<string, unknown>): DigestShardRun {
  const { shard, cutoff } = payload;
  if (
    !Number.isInteger(shard) ||
    (shard as number) < 0 ||
    (shard as number) >= DIGEST_SHARDS ||
    typeof cutoff !== 'string' ||
    Number.isNaN(Date.parse(cutoff))
  ) {
    throw new Error(`Malformed ${DIGEST_SHARD_JOB} payload`);
  }
  return { shard: shard as number, cutoff };
}

export interface DigestShardResult {
  /** E-mails sent. */
  sent: number;
}

/** The cron job: one shard run per shard, scheduled under names of the week (a retried cron schedules nothing twice). */
export async function scheduleWeeklyDigest(scheduledAt: string): Promise<void> {
  const at = new Date(now().getTime() + SHARD_START_DELAY_MS);
  const week = isoWeek(new Date(scheduledAt));
  for (let shard = 0; shard < DIGEST_SHARDS; shard++) {
    const payload: DigestShardRun = { shard, cutoff: scheduledAt };
    await scheduler().scheduleOnce({ name: `alert-digest-${week}-${shard}`, job: DIGEST_SHARD_JOB, at, payload: { ...payload } });
  }
}

/** Ads published in (since, cutoff], each once: the date order of the search index (its RECENT shards). */
async function newEntries(since: string, cutoff: string): Promise<SearchEntry[]> {
  const after = publicationSortKey(since, '\uffff');
  const shards = await Promise.all(
    Array.from({ length: RECENT_SHARDS }, async (_, shard) => {
      const entries: SearchEntry[] = [];
      let startKey: IndexStartKey | undefined;
      do {
        const page = await entriesByPublication(shard, { ascending: true, after, limit: ENTRY_PAGE, startKey });
        const inWeek = page.entries.filter((entry) => entry.publishedAt <= cutoff);
        entries.push(...inWeek);
        startKey = inWeek.length === page.entries.length ? page.startKey : undefined;
      } while (startKey);
      return entries;
    }),
  );
  return shards.flat();
}

/** Runs `work` on every item, `parallel` at a time. */
async function eachInParallel<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/** The shard's alerts that want each new ad: per alert, its new ads and their distances. */
async function matchesOf(shard: number, entries: SearchEntry[]): Promise<Map<string, DigestHit[]>> {
  const byCell = new Map<string, SearchEntry[]>();
  for (const entry of entries) {
    for (const precision of ALERT_CELL_PRECISIONS) {
      const cell = entry.geohash.slice(0, precision);
      const inCell = byCell.get(cell);
      if (inCell) inCell.push(entry);
      else byCell.set(cell, [entry]);
    }
  }
  const matches = new Map<string, DigestHit[]>();
  await eachInParallel([...byCell], PARALLEL_CELLS, async ([cell, cellEntries]) => {
    const alerts: AlertCellEntry<SearchCriteria>[] = await alertsInCell(shard, cell);
    for (const alert of alerts) {
      const circle = { centre: { latitude: alert.latitude, longitude: alert.longitude }, radiusMeters: alert.radiusMeters };
      for (const entry of cellEntries) {
        const meters = matchWithin(entry, alert.criteria, circle);
        if (meters === undefined || meters === null) continue;
        const hits = matches.get(alert.alertId);
        if (hits) hits.push({ entry, meters });
        else matches.set(alert.alertId, [{ entry, meters }]);
      }
    }
  });
  return matches;
}

/** Sends one alert's digest unless the week's went out (or is going out); `failed` when it could not go. */
async function sendDigest(alert: AlertRecord, hits: DigestHit[], week: string, cutoff: string): Promise<'sent' | 'skipped' | 'failed'> {
  const start = now();
  const claim = { week, cutoff, now: start.toISOString(), leaseUntil: new Date(start.getTime() + CLAIM_LEASE_MS).toISOString() };
  const outcome = await claimDigest(alert.id, claim);
  if (outcome !== 'claimed') return outcome === 'busy' ? 'failed' : 'skipped';
  try {
    await mailer().send(digestMessage(await digestContentOf(alert, hits)));
  } catch (error) {
    logger().error('digest e-mail failed', { alertId: alert.id, error });
    await releaseDigest(alert.id, claim.leaseUntil);
    return 'failed';
  }
  await recordDigestSent(alert.id, { ...claim, now: now().toISOString() });
  return 'sent';
}

/**
 * One shard's digest of the week ending at `cutoff`. Throws when an alert's e-mail could not go (the
 * scheduler retries the job; what went out is not sent again).
 */
export async function runDigestShard({ shard, cutoff }: DigestShardRun, readNewEntries = newEntries): Promise<DigestShardResult> {
  const since = (await digestShardDoneUntil(shard)) ?? new Date(new Date(cutoff).getTime() - FIRST_RUN_LOOKBACK_MS).toISOString();
  const week = isoWeek(new Date(cutoff));
  const matches = await matchesOf(shard, since < cutoff ? await readNewEntries(since, cutoff) : []);
  const alerts = await getAlerts([...matches.keys()]);
  let sent = 0;
  let failed = 0;
  await eachInParallel(alerts, PARALLEL_SENDS, async (alert) => {
    if (!isLive(alert) || alert.status !== 'ACTIVE') return;
    // New to the alert: published after its watermark (its last digest's cut, or its confirmation).
    const hits = matches.get(alert.id)!.filter(({ entry }) => entry.publishedAt > alert.watermark);
    if (hits.length === 0) return;
    const outcome = await sendDigest(alert, hits, week, cutoff);
    if (outcome === 'sent') sent++;
    if (outcome === 'failed') failed++;
  });
  if (failed > 0) throw new Error(`Digest shard ${shard}: ${failed} e-mail(s) not sent (${sent} sent); the retry sends them`);
  await markDigestShardDone(shard, cutoff);
  return { sent };
}

/** Shards run at once by runDigestNow. */
const PARALLEL_SHARDS = 4;

/**
 * Every shard in this process, as the scheduled shard jobs would (npm run digest, the benchmark):
 * the e-mails sent; throws after all shards ran when one could not send everything.
 */
export async function runDigestNow(cutoff: string): Promise<DigestShardResult> {
  const total: DigestShardResult = { sent: 0 };
  const failures: unknown[] = [];
  const shards = Array.from({ length: DIGEST_SHARDS }, (_, shard) => shard);
  // In one process the shards read the week's ads once (on AWS each Lambda reads its own).
  const reads = new Map<string, Promise<SearchEntry[]>>();
  const readOnce = (since: string, until: string) => {
    const key = `${since}/${until}`;
    if (!reads.has(key)) reads.set(key, newEntries(since, until));
    return reads.get(key)!;
  };
  await eachInParallel(shards, PARALLEL_SHARDS, async (shard) => {
    try {
      const { sent } = await runDigestShard({ shard, cutoff }, readOnce);
      total.sent += sent;
    } catch (error) {
      failures.push(error);
    }
  });
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} digest shard(s) failed; ${total.sent} e-mail(s) sent`);
  return total;
}
