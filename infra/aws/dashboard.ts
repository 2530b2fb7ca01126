// The operator's one CloudWatch dashboard (docs/operations.md, "Logs, metrics, traces"): the business
// metrics the functions count (functions/adapters/metrics.ts), then the Lambdas' own (errors,
// throttles, p95 duration, cold starts), AppSync's latency and errors, and DynamoDB's throttling. It
// shows; the alarms that call someone are elsewhere.

import { Duration, Stack } from 'aws-cdk-lib';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, type BusinessMetric } from '@partage/functions/adapters/metrics';

export interface OperationsDashboardProps {
  /** Handler name -> its Lambda (HandlerFunctions.all). */
  functions: [string, lambda.IFunction][];
  api: appsync.IGraphqlApi;
  table: dynamodb.ITable;
}

/** The business metrics' widgets: what the platform is used for, then the money's trouble. */
const BUSINESS_WIDGETS: { title: string; metrics: BusinessMetric[] }[] = [
  { title: 'Sign-ups and messages', metrics: ['SignUp', 'MessageSent'] },
  { title: 'Contracts proposed, paid, paid out', metrics: ['ContractProposed', 'ContractPaid', 'ContractPaidOut'] },
  { title: 'Payouts failed, disputes opened, requests answered SERVICE_BUSY', metrics: ['PayoutFailed', 'DisputeOpened', 'ServiceBusy'] },
];

const WIDTH = 8;
const HEIGHT = 6;
const HOUR = Duration.hours(1);
const FIVE_MINUTES = Duration.minutes(5);

export class OperationsDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    // The functions' `service` dimension (POWERTOOLS_SERVICE_NAME, infra/aws/lambdas.ts).
    const service = Stack.of(this).stackName;
    const business = (metricName: BusinessMetric) =>
      new cloudwatch.Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service }, statistic: 'Sum', period: HOUR });
    const perFunction = (metric: (fn: lambda.IFunction) => cloudwatch.Metric) =>
      props.functions.map(([name, fn]) => metric(fn).with({ label: name }));
    const appSync = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/AppSync',
        metricName,
        dimensionsMap: { GraphQLAPIId: props.api.apiId },
        statistic,
        period: FIVE_MINUTES,
        label: `${metricName} ${statistic}`,
      });
    const graph = (title: string, left: cloudwatch.IMetric[]) => new cloudwatch.GraphWidget({ title, left, width: WIDTH, height: HEIGHT });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: service,
      defaultInterval: Duration.days(7),
      widgets: [
        [
          new cloudwatch.TextWidget({
            markdown: `# ${service}\nBusiness counts per hour (namespace ${METRICS_NAMESPACE}, service ${service}); a request's log lines share its correlation_id (docs/operations.md).`,
            width: 24,
            height: 2,
          }),
        ],
        BUSINESS_WIDGETS.map(({ title, metrics }) => graph(title, metrics.map(business))),
        [
          graph(
            'Lambda errors',
            perFunction((fn) => fn.metricErrors({ period: FIVE_MINUTES })),
          ),
          graph(
            'Lambda throttles',
            perFunction((fn) => fn.metricThrottles({ period: FIVE_MINUTES })),
          ),
          graph(
            'Lambda duration p95 (ms)',
            perFunction((fn) => fn.metricDuration({ statistic: 'p95', period: FIVE_MINUTES })),
          ),
        ],
        [
          graph(
            'Lambda cold starts',
            props.functions.map(
              ([name]) =>
                new cloudwatch.Metric({
                  namespace: METRICS_NAMESPACE,
                  metricName: 'ColdStart',
                  dimensionsMap: { service, function_name: name },
                  statistic: 'Sum',
                  period: HOUR,
                  label: name,
                }),
            ),
          ),
          graph('AppSync latency (ms)', [appSync('Latency', 'p50'), appSync('Latency', 'p95')]),
          graph('AppSync errors', [appSync('5XXError', 'Sum'), appSync('4XXError', 'Sum')]),
        ],
        [
          graph('DynamoDB throttled requests', [
            props.table.metric('ReadThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES, label: 'reads' }),
            props.table.metric('WriteThrottleEvents', { statistic: 'Sum', period: FIVE_MINUTES, label: 'writes' }),
          ]),
          graph('DynamoDB system errors', [props.table.metricSystemErrorsForOperations({ period: FIVE_MINUTES })]),
        ],
      ],
    });
  }
}
