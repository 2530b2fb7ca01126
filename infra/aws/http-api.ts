// The HTTP API (API Gateway v2, payload format 2.0) of the auth, status and log endpoints: one Lambda
// integration per handler, one route per HTTP_ROUTES entry. CloudFront fronts it on the site's origin.

import { Fn, RemovalPolicy } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { constructIdOf } from './lambdas';

export interface HttpRoute {
  method: 'GET' | 'POST';
  path: string;
  name: string;
}

export interface LambdaHttpApiProps {
  apiName: string;
  routes: HttpRoute[];
  functionOf: (name: string) => lambda.IFunction;
  /** Steady-state requests per second and burst of the whole stage. */
  throttle?: { rateLimit: number; burstLimit: number };
}

export const DEFAULT_HTTP_THROTTLE = { rateLimit: 100, burstLimit: 200 };

/**
 * Throttling per route (`METHOD /path`), under the stage's: the login endpoints tightest, since each
 * call hashes a password. A route not listed gets ROUTE_THROTTLE_DEFAULT, so a new route is bounded too.
 * (These are totals for the API; WAF on CloudFront limits each source address.)
 */
export const ROUTE_THROTTLES: Record<string, { rateLimit: number; burstLimit: number }> = {
  'POST /token/login': { rateLimit: 20, burstLimit: 40 },
  'POST /token/refresh': { rateLimit: 50, burstLimit: 100 },
  'POST /log': { rateLimit: 20, burstLimit: 40 },
};
export const ROUTE_THROTTLE_DEFAULT = { rateLimit: 50, burstLimit: 100 };

export class LambdaHttpApi extends Construct {
  readonly api: apigwv2.HttpApi;
  /** Host name of the API's default endpoint (origin of the CloudFront behaviours). */
  readonly host: string;

  constructor(scope: Construct, id: string, props: LambdaHttpApiProps) {
    super(scope, id);
    this.api = new apigwv2.HttpApi(this, 'Api', {
      apiName: props.apiName,
      description: 'Auth, status and log endpoints (behind CloudFront)',
      createDefaultStage: false,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? DEFAULT_HTTP_THROTTLE,
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(accessLogs) },
    });

    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of props.routes) {
      let integration = integrations.get(route.name);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${constructIdOf(route.name)}Integration`, props.functionOf(route.name), {
          payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
        });
        integrations.set(route.name, integration);
      }
      this.api.addRoutes({ path: route.path, methods: [apigwv2.HttpMethod[route.method]], integration });
    }

    // RouteSettings is a JSON map in CloudFormation: CDK passes its keys as written (PascalCase).
    const cfnStage = stage.node.defaultChild as apigwv2.CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      props.routes.map(({ method, path }) => {
        const { rateLimit, burstLimit } = ROUTE_THROTTLES[`${method} ${path}`] ?? ROUTE_THROTTLE_DEFAULT;
        return [`${method} ${path}`, { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit }];
      }),
    );

    // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com
    this.host = Fn.select(2, Fn.split('/', this.api.apiEndpoint));
  }
}
