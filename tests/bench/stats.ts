// Small timing helpers for the benchmark: run a function N times and report percentiles.

export interface Timing {
  p50: number;
  p95: number;
  perSecond: number;
}

export async function time(runs: number, fn: (i: number) => Promise<unknown>): Promise<Timing> {
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95), perSecond: (runs / total) * 1000 };
}

export const ms = (t: Timing) => `p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms, ${t.perSecond.toFixed(0)}/s`;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
