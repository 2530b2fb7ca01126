// The alarms that call the operator (docs/operations.md, "Alarms"): an SNS topic e-mailed to the
// operator's address (context `partage:alarmEmail`, else `partage:contactEmail`), and the alarms on it,
// each e-mailed when it fires and again when it is back to OK. A CloudWatch alarm only notifies a topic
// of its own region: the main stack has the topic of every alarm but the CloudFront WebACL's, which
// lives with that WebACL in us-east-1 (EdgeSecurityStack, its own topic to the same address).

import { Duration, Fn, Stack } from 'aws-cdk-lib';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE } from '@partage/functions/adapters/metrics';
import { constructIdOf } from './lambdas';

/** When each alarm fires (docs/operations.md, "Alarms", says why each). */
export const ALARM_THRESHOLDS = {
  /** A function's errors (thrown, timed out; a refusal with an error code is an answer, not an error) in 5 minutes. */
  functionErrors: 3,
  /** A function's throttled invocations in 5 minutes: the account's concurrency is used up. */
  functionThrottles: 1,
  /** AppSync's own 5xx (a resolver's error is an answer with errors, not a 5xx) in 5 minutes. */
  graphql5xx: 5,
  /** AppSync's p95 latency, milliseconds, over each of 3 periods of 5 minutes. */
  graphqlP95Ms: 1000,
  /** The table's throttled requests in 5 minutes, in each of 2 periods in a row (the SDK retries a few). */
  tableThrottles: 5,
  /** The table's system errors (DynamoDB's 500s) in 5 minutes. */
  tableSystemErrors: 1,
  /** SES's account bounce rate, before SES reviews the account (5 %) and pauses its sending (10 %). */
  bounceRate: 0.04,
  /** SES's account complaint rate, before SES reviews the account (0.1 %) and pauses its sending (0.5 %). */
  complaintRate: 0.0008,
  /** Requests answered SERVICE_BUSY in 5 minutes: a service behind the API stayed throttled or failing past the SDK's retries. */
  serviceBusy: 5,
  /** Requests a WebACL blocked in 5 minutes: one address far over its rate limit, or many. */
  webAclBlocked: 500,
} as const;

/**
 * The table operations the data modules call (functions/data), whose throttles and system errors are
 * alarmed: DynamoDB counts them per operation, and an alarm's metric math may sum 10 metrics at most.
 */
export const TABLE_OPERATIONS: dynamodb.Operation[] = [
  dynamodb.Operation.GET_ITEM,
  dynamodb.Operation.BATCH_GET_ITEM,
  dynamodb.Operation.QUERY,
  dynamodb.Operation.SCAN,
  dynamodb.Operation.PUT_ITEM,
  dynamodb.Operation.UPDATE_ITEM,
  dynamodb.Operation.DELETE_ITEM,
  dynamodb.Operation.BATCH_WRITE_ITEM,
  dynamodb.Operation.TRANSACT_WRITE_ITEMS,
];

const FIVE_MINUTES = Duration.minutes(5);
const DOC = 'docs/operations.md, "Alarms"';

interface AlarmSpec {
  /** After the stack's name in the alarm's name: what the e-mail's subject shows. */
  name: string;
  /** What it means; the e-mail carries it, and the doc says what to do. */
  description: string;
  metric: cloudwatch.IMetric;
  threshold: number;
  /** Periods in a row over the threshold (1). */
  evaluationPeriods?: number;
}

export interface OperatorAlarmsProps {
  /** Where the alarms are e-mailed; without it the topic has no subscriber until the operator adds one. */
  email?: string;
}

export class OperatorAlarms extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: OperatorAlarmsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', { displayName: `${Stack.of(this).stackName} alarms`, enforceSSL: true });
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
  }

  /** A dead-letter queue: its first message fires (nothing waits there unless something failed for good). */
  deadLetterQueue(id: string, queue: sqs.IQueue, holds: string): void {
    this.add(`${id}Alarm`, {
      name: `dead-letters-${id}`,
      description: `${holds} failed for good and waits in the ${id} queue: read it and redrive it`,
      metric: queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      threshold: 1,
    });
  }

  /** Errors and throttles of each function, alarmed one by one: the alarm names the function whose log to read. */
  functions(functions: [string, lambda.IFunction][]): void {
    for (const [name, fn] of functions) {
      const id = constructIdOf(name);
      this.add(`${id}Errors`, {
        name: `function-errors-${name}`,
        description: `The ${name} Lambda failed ${ALARM_THRESHOLDS.functionErrors} times or more in 5 minutes (thrown or timed out)`,
        metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: ALARM_THRESHOLDS.functionErrors,
      });
      this.add(`${id}Throttles`, {
        name: `function-throttles-${name}`,
        description: `The ${name} Lambda was throttled: the account's concurrent executions are used up`,
        metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: ALARM_THRESHOLDS.functionThrottles,
      });
    }
  }

  /**
   * Requests answered SERVICE_BUSY (the `ServiceBusy` business metric): they are answers, not Lambda
   * errors, so the functions' alarms never see them.
   */
  serviceBusy(): void {
    this.add('ServiceBusy', {
      name: 'service-busy',
      description: `${ALARM_THRESHOLDS.serviceBusy} requests or more were answered SERVICE_BUSY in 5 minutes (a service behind the API throttled, failing or silent)`,
      metric: new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: 'ServiceBusy',
        dimensionsMap: { service: Stack.of(this).stackName },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      }),
      threshold: ALARM_THRESHOLDS.serviceBusy,
    });
  }

  /** AppSync's own failures and its p95 latency. */
  graphqlApi(api: appsync.IGraphqlApi): void {
    const metric = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/AppSync',
        metricName,
        dimensionsMap: { GraphQLAPIId: api.apiId },
        statistic,
        period: FIVE_MINUTES,
      });
    this.add('Graphql5xx', {
      name: 'graphql-5xx',
      description: `AppSync answered ${ALARM_THRESHOLDS.graphql5xx} server errors (5xx) or more in 5 minutes`,
      metric: metric('5XXError', 'Sum'),
      threshold: ALARM_THRESHOLDS.graphql5xx,
    });
    this.add('GraphqlLatency', {
      name: 'graphql-p95-latency',
      description: `AppSync's p95 latency stayed above ${ALARM_THRESHOLDS.graphqlP95Ms} ms for 15 minutes`,
      metric: metric('Latency', 'p95'),
      threshold: ALARM_THRESHOLDS.graphqlP95Ms,
      evaluationPeriods: 3,
    });
  }

  /** The table's throttled requests and DynamoDB's own errors, over the operations the code calls. */
  table(table: dynamodb.ITable): void {
    this.add('TableThrottles', {
      name: 'table-throttles',
      description: `DynamoDB throttled ${ALARM_THRESHOLDS.tableThrottles} requests or more in 5 minutes, twice in a row`,
      metric: table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: FIVE_MINUTES }),
      threshold: ALARM_THRESHOLDS.tableThrottles,
      evaluationPeriods: 2,
    });
    this.add('TableSystemErrors', {
      name: 'table-system-errors',
      description: 'DynamoDB answered the table with its own errors (HTTP 500)',
      metric: table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period: FIVE_MINUTES }),
      threshold: ALARM_THRESHOLDS.tableSystemErrors,
    });
  }

  /** SES's reputation of the account in this region (the account's metrics: the mailer uses no configuration set). */
  mailReputation(): void {
    const rate = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    this.add('MailBounceRate', {
      name: 'mail-bounce-rate',
      description: `SES's bounce rate of the account reached ${ALARM_THRESHOLDS.bounceRate * 100} % (SES reviews the account at 5 %)`,
      metric: rate('Reputation.BounceRate'),
      threshold: ALARM_THRESHOLDS.bounceRate,
    });
    this.add('MailComplaintRate', {
      name: 'mail-complaint-rate',
      description: `SES's complaint rate of the account reached ${ALARM_THRESHOLDS.complaintRate * 100} % (SES reviews the account at 0.1 %)`,
      metric: rate('Reputation.ComplaintRate'),
      threshold: ALARM_THRESHOLDS.complaintRate,
    });
  }

  /**
   * A spike of the requests a WebACL blocks (all its rules). WAF's metrics name the WebACL by its name, which
   * CloudFormation generates (its Ref is `name|id|scope`); a REGIONAL WebACL's carry the region, CloudFront's none.
   */
  webAclBlocks(id: string, webAcl: wafv2.CfnWebACL, what: string): void {
    const regional = webAcl.scope === 'REGIONAL';
    this.add(`${id}Blocked`, {
      name: `waf-blocked-${id}`,
      description: `AWS WAF blocked ${ALARM_THRESHOLDS.webAclBlocked} requests or more to ${what} in 5 minutes (rate limits)`,
      metric: new cloudwatch.Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: {
          WebACL: Fn.select(0, Fn.split('|', webAcl.ref)),
          Rule: 'ALL',
          ...(regional ? { Region: Stack.of(this).region } : {}),
        },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      }),
      threshold: ALARM_THRESHOLDS.webAclBlocked,
    });
  }

  private add(id: string, spec: AlarmSpec): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName: `${Stack.of(this).stackName}-${spec.name}`,
      alarmDescription: `${spec.description}. What to do: ${DOC}.`,
      metric: spec.metric,
      threshold: spec.threshold,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: spec.evaluationPeriods ?? 1,
      // Most of these metrics are sparse: no data means nothing went wrong.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const action = new cloudwatchActions.SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    return alarm;
  }
}
