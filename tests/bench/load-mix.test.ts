import { describe, expect, it } from 'vitest';
import { Budget, latencies, memoryTrend, pickOperation, usageOf } from './load-mix';

describe('the load mix', () => {
  it('draws each operation in proportion to its weight', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16_807) % 2_147_483_647) - 1) / 2_147_483_646;
    const counts = { search: 0, message: 0, payment: 0 };
    for (let i = 0; i < 10_000; i++) counts[pickOperation({ search: 6, message: 3, payment: 1 }, () => true, random)!]++;
    expect(counts.search / 10_000).toBeCloseTo(0.6, 1);
    expect(counts.message / 10_000).toBeCloseTo(0.3, 1);
    expect(counts.payment / 10_000).toBeCloseTo(0.1, 1);
  });

  it('never draws what the user cannot do now, and nothing when nothing is open', () => {
    const drawn = new Set(
      Array.from({ length: 200 }, (_, i) =>
        pickOperation(
          { a: 1, b: 5, c: 1 },
          (op) => op !== 'b',
          () => i / 200,
        ),
      ),
    );
    expect(drawn).toEqual(new Set(['a', 'c']));
    expect(pickOperation({ a: 1 }, () => false, Math.random)).toBeNull();
  });
});

describe('a budget', () => {
  it('keeps a token of margin under the limit, and gives uses back at its pace', () => {
    const budget = new Budget({ capacity: 3, refillPerSecond: 1 }, 0);
    expect(budget.allows(0)).toBe(true);
    budget.take(0);
    budget.take(0);
    // Two uses of three: the third is the margin.
    expect(budget.allows(0)).toBe(false);
    expect(budget.allows(999)).toBe(false);
    expect(budget.allows(1_000)).toBe(true);
    expect(budget.left(60_000)).toBe(2);
  });

  it('starts with what was spent before', () => {
    const budget = new Budget({ capacity: 2, refillPerSecond: 1 / 60 }, 0, 1);
    expect(budget.allows(0)).toBe(false);
  });
});

describe('the figures', () => {
  it('reads nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(latencies(samples)).toEqual({ count: 100, p50_ms: 50, p95_ms: 95, p99_ms: 99, max_ms: 100, mean_ms: 50.5 });
    expect(latencies([7])).toMatchObject({ p50_ms: 7, p99_ms: 7 });
    expect(latencies([])).toMatchObject({ count: 0, p50_ms: 0 });
  });

  it('compares the last minute of memory with the second, and fits its slope', () => {
    const flat = Array.from({ length: 121 }, (_, i) => ({ t: i * 5, mb: 300 + (i % 2) }));
    expect(Math.abs(memoryTrend(flat)!.growth_mb)).toBeLessThan(1);
    expect(memoryTrend(flat)!.slope_mb_per_minute).toBe(0);
    const leaking = Array.from({ length: 121 }, (_, i) => ({ t: i * 5, mb: 300 + i }));
    const trend = memoryTrend(leaking)!;
    expect(trend.slope_mb_per_minute).toBe(12);
    expect(trend.growth_percent).toBeGreaterThan(10);
    expect(memoryTrend(leaking.slice(0, 20))).toBeNull();
  });
});

describe("the host's counts", () => {
  it('are grouped by operation, reads and writes apart, with what one operation costs', () => {
    const usage = usageOf(
      {
        'payment:AcceptAndPay': {
          requests: 2,
          handling_ms: [10, 30],
          dynamodb: {
            'read GetItem': { requests: 4, units: 2, refused: 0 },
            'write TransactWriteItems': { requests: 2, units: 40, refused: 1 },
          },
        },
        'payment:POST /_dev/payments/checkout': { requests: 2, handling_ms: [5, 5], dynamodb: {} },
        background: { requests: 0, handling_ms: [], dynamodb: { 'write PutItem': { requests: 3, units: 3, refused: 0 } } },
      },
      { payment: 2 },
    );
    expect(usage.payment).toMatchObject({
      requests: 4,
      dynamodb_requests: 6,
      rru: 2,
      wru: 40,
      refused_writes: 1,
      each: { requests: 2, dynamodb_requests: 3, rru: 1, wru: 20 },
    });
    expect(usage.payment!.steps.AcceptAndPay).toMatchObject({ requests: 2, handling_p50_ms: 10 });
    expect(usage.background).toMatchObject({ wru: 3 });
    expect(usage.background!.each).toBeUndefined();
  });
});
