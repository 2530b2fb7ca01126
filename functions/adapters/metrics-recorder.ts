// The metrics port on the local host and in tests: counts per metric, kept in the process (a count
// each, however long the host runs), which tests read before and after what they do.

import type { BusinessMetric, MetricsRecorder } from './metrics';

const counts = new Map<BusinessMetric, number>();

export function metricsRecorder(): MetricsRecorder {
  return {
    count: (metric, value = 1) => counts.set(metric, (counts.get(metric) ?? 0) + value),
    flush: () => undefined,
  };
}

/** What was counted in this process so far, by metric. */
export const recordedMetrics = (): Partial<Record<BusinessMetric, number>> => Object.fromEntries(counts);
