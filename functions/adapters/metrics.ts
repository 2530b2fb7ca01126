// The metrics port: the business events an operator watches (docs/operations.md, "Logs, metrics,
// traces"), counted where they happen. Chosen once from METRICS_ADAPTER: `emf` writes them with
// AWS Lambda Powertools as CloudWatch embedded metric format lines, flushed at the end of each
// invocation (namespace POWERTOOLS_METRICS_NAMESPACE, dimension `service` = POWERTOOLS_SERVICE_NAME);
// `recorder` counts them in the process, on the local host and in tests (metrics-recorder.ts).

import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { chosenOnce } from './chosen-once';
import { requireEnv } from './env';
import { localAdapters } from './local-adapters';

/** The CloudWatch namespace of the business metrics (and of the Lambdas' ColdStart). */
export const METRICS_NAMESPACE = 'Partage';

export const BUSINESS_METRICS = [
  'SignUp',
  'MessageSent',
  'ContractProposed',
  'ContractPaid',
  'ContractPaidOut',
  'PayoutFailed',
  'DisputeOpened',
  /** A request answered SERVICE_BUSY (handlers/shared/service-busy.ts): not a Lambda error, alarmed on its own. */
  'ServiceBusy',
] as const;

export type BusinessMetric = (typeof BUSINESS_METRICS)[number];

export interface MetricsRecorder {
  count(metric: BusinessMetric, value?: number): void;
  /** Once per invocation of `handler`, when it ends (handlers/shared/observed.ts). */
  flush(handler: string): void;
}

export const metrics: () => MetricsRecorder = chosenOnce(() => chooseMetrics(requireEnv('METRICS_ADAPTER')));

/** One more `metric` (or `value` more). */
export const countMetric = (metric: BusinessMetric, value = 1): void => metrics().count(metric, value);

function chooseMetrics(adapter: string): MetricsRecorder {
  if (adapter === 'emf') return emfMetrics(new Metrics({ namespace: requireEnv('POWERTOOLS_METRICS_NAMESPACE') }));
  if (adapter === 'recorder') return localAdapters('METRICS_ADAPTER=recorder').metrics();
  throw new Error(`Unknown METRICS_ADAPTER "${adapter}" (expected emf or recorder)`);
}

function emfMetrics(emf: Metrics): MetricsRecorder {
  return {
    count: (metric, value = 1) => emf.addMetric(metric, MetricUnit.Count, value),
    flush(handler) {
      // The first invocation's ColdStart (dimension function_name: the handler) beside AWS/Lambda's own metrics.
      emf.captureColdStartMetric(handler);
      if (emf.hasStoredMetrics()) emf.publishStoredMetrics();
    },
  };
}
