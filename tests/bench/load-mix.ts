// The pure parts of the load bench (load.ts): what each simulated user does next, within the limits a
// person stays within, and the figures of a run (percentiles, the host's memory over time).

import { refilledTokens, type BucketRule } from '../../functions/data/token-buckets';

/**
 * A limit the host enforces, as the simulated users keep to it: the same token bucket (capacity, refill),
 * less a token of margin, counted on the user's side. A person does not propose 31 contracts in an hour;
 * the bench's users do not either, so the load never measures a refusal.
 */
export class Budget {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rule: BucketRule,
    nowMs: number,
    /** Tokens already spent (the preparation's sign-up message, say). */
    spent = 0,
  ) {
    this.tokens = rule.capacity - 1 - spent;
    this.at = nowMs;
  }

  private refill(nowMs: number): void {
    this.tokens = refilledTokens({ ...this.rule, capacity: this.rule.capacity - 1 }, this.tokens, nowMs - this.at);
    this.at = nowMs;
  }

  /** The uses left now. */
  left(nowMs: number): number {
    this.refill(nowMs);
    return this.tokens;
  }

  /** Whether one use fits now. */
  allows(nowMs: number): boolean {
    this.refill(nowMs);
    return this.tokens >= 1;
  }

  /** Spends one use (after `allows`). */
  take(nowMs: number): void {
    this.refill(nowMs);
    this.tokens -= 1;
  }
}

/**
 * Picks an operation by weight among those `possible` now (a payment needs a proposal to pay, a
 * proposal a budget left): the others' weight is shared among the rest, so the mix bends only when a
 * user could not do what was drawn. Null when nothing is possible.
 */
export function pickOperation<Op extends string>(
  weights: Record<Op, number>,
  possible: (op: Op) => boolean,
  random: () => number,
): Op | null {
  const open = (Object.entries(weights) as [Op, number][]).filter(([op, weight]) => weight > 0 && possible(op));
  const total = open.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [op, weight] of open) if ((left -= weight) < 0) return op;
  return open.at(-1)?.[0] ?? null;
}

export interface Latencies {
  count: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  mean_ms: number;
}

/** Nearest-rank percentiles (the smallest sample with at least q of the samples at or below it). */
export function latencies(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    count: sorted.length,
    p50_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    p99_ms: round(at(0.99)),
    max_ms: round(sorted.at(-1) ?? 0),
    mean_ms: round(sorted.reduce((sum, ms) => sum + ms, 0) / (sorted.length || 1)),
  };
}

/** A memory reading: seconds since the measured window began, and megabytes. */
export interface MemorySample {
  t: number;
  mb: number;
}

export interface MemoryTrend {
  /** Mean of the window's second minute (the first one warms up: JIT, caches, pools). */
  second_minute_mb: number;
  /** Mean of its last minute. */
  last_minute_mb: number;
  growth_mb: number;
  growth_percent: number;
  /** Least-squares slope from the second minute on, in MB per minute. */
  slope_mb_per_minute: number;
}

/** How the memory moved over a window of at least three minutes; null for a shorter one. */
export function memoryTrend(samples: MemorySample[]): MemoryTrend | null {
  const end = samples.at(-1)?.t ?? 0;
  if (end < 180) return null;
  const mean = (from: number, to: number) => {
    const inside = samples.filter(({ t }) => t >= from && t < to);
    return inside.reduce((sum, { mb }) => sum + mb, 0) / inside.length;
  };
  const second = mean(60, 120);
  const last = mean(end - 60, end + 1);
  const settled = samples.filter(({ t }) => t >= 60);
  const tMean = settled.reduce((sum, { t }) => sum + t, 0) / settled.length;
  const mbMean = settled.reduce((sum, { mb }) => sum + mb, 0) / settled.length;
  const covariance = settled.reduce((sum, { t, mb }) => sum + (t - tMean) * (mb - mbMean), 0);
  const variance = settled.reduce((sum, { t }) => sum + (t - tMean) ** 2, 0);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    second_minute_mb: round(second),
    last_minute_mb: round(last),
    growth_mb: round(last - second),
    growth_percent: round(((last - second) / second) * 100),
    slope_mb_per_minute: round((covariance / variance) * 60),
  };
}

/** What the host counted for one label (load-capacity.ts): `<operation>:<step>`, a path, "background" or "simulator". */
export interface HostCounts {
  requests: number;
  handling_ms: number[];
  dynamodb: Record<string, { requests: number; units: number; refused: number }>;
}

export interface Usage {
  /** Host requests, and their handling time (request in, answer out). */
  requests: number;
  handling_p50_ms: number;
  handling_p95_ms: number;
  /** Per step (a GraphQL operation, a route): requests, handling time, DynamoDB requests and units by command. */
  steps: Record<string, { requests: number; handling_p50_ms: number; dynamodb: Record<string, string> }>;
  dynamodb_requests: number;
  rru: number;
  wru: number;
  refused_writes: number;
  /** The same, per operation done (when `done` counts the operation). */
  each?: { requests: number; dynamodb_requests: number; rru: number; wru: number };
}

/** The host's counts grouped by operation (the label before its `:`), with what one operation costs on average. */
export function usageOf(counts: Record<string, HostCounts>, done: Record<string, number>): Record<string, Usage> {
  const groups = new Map<string, [string, HostCounts][]>();
  for (const [label, counted] of Object.entries(counts)) {
    const colon = label.indexOf(':');
    const group = colon > 0 ? label.slice(0, colon) : label;
    groups.set(group, [...(groups.get(group) ?? []), [colon > 0 ? label.slice(colon + 1) : label, counted]]);
  }
  const round = (value: number) => Math.round(value * 100) / 100;
  return Object.fromEntries(
    [...groups].map(([group, labels]) => {
      const handling = labels.flatMap(([, counted]) => counted.handling_ms);
      const dynamodb = labels.flatMap(([, counted]) => Object.entries(counted.dynamodb));
      const sum = (pick: (kind: string, entry: { requests: number; units: number; refused: number }) => number) =>
        dynamodb.reduce((total, [kind, entry]) => total + pick(kind, entry), 0);
      const usage: Usage = {
        requests: handling.length,
        handling_p50_ms: latencies(handling).p50_ms,
        handling_p95_ms: latencies(handling).p95_ms,
        steps: Object.fromEntries(
          labels.map(([step, counted]) => [
            step,
            {
              requests: counted.requests,
              handling_p50_ms: latencies(counted.handling_ms).p50_ms,
              // `<requests> × <command>: <units>`, the capacity units summed.
              dynamodb: Object.fromEntries(
                Object.entries(counted.dynamodb).map(([kind, entry]) => [kind, `${entry.requests} requests, ${round(entry.units)} units`]),
              ),
            },
          ]),
        ),
        dynamodb_requests: sum((_, entry) => entry.requests),
        rru: round(sum((kind, entry) => (kind.startsWith('read') ? entry.units : 0))),
        wru: round(sum((kind, entry) => (kind.startsWith('write') ? entry.units : 0))),
        refused_writes: sum((_, entry) => entry.refused),
      };
      const times = done[group];
      if (times)
        usage.each = {
          requests: round(usage.requests / times),
          dynamodb_requests: round(usage.dynamodb_requests / times),
          rru: round(usage.rru / times),
          wru: round(usage.wru / times),
        };
      return [group, usage];
    }),
  );
}
