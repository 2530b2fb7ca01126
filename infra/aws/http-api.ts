// The HTTP API (API Gateway v2, payload format 2.0) of the auth, status and log endpoints: one Lambda
// integration per handler, one route per HTTP_ROUTES entry. CloudFront fronts it on the site's origin.

import { Fn, RemovalPolicy } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledge } from './audit';
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

/**
 * Why each route has no API Gateway authorizer (cdk-nag AwsSolutions-APIG4), by path: none serves a
 * signed-in user's data on an access token. Every handler also refuses a request without CloudFront's
 * x-origin-verify value (functions/handlers/shared/http.ts), and WAF limits each address. A route
 * missing here is reported by the stack's audit until its reason is written.
 */
export const PUBLIC_ROUTE_REASONS: Record<string, string> = {
  '/token/login': 'The sign-in endpoint itself: it checks the password (and the second factor) and issues the tokens.',
  '/token/refresh':
    'Exchanges a refresh token for a new access token: the refresh token in the body is the credential, checked by the handler.',
  '/token/logout': 'Ends the session of the refresh token in the body, which the handler checks.',
  '/status': "The web app's status poll (ready or in maintenance, and the version), the same for everyone: no personal data.",
  '/log': "The browsers' error reports, signed-in or not: written only, never read back, rate-limited per address.",
  '/alerts/unsubscribe':
    "The one-click unsubscribe link of an alert's e-mail (RFC 8058): the link's HMAC token (JWT key) is the credential.",
  '/ratings/reminders/unsubscribe':
    'The one-click unsubscribe link of the rating reminders (RFC 8058): the signed token in the link is the credential.',
  '/annonces': 'Public search page painted for visitors and search engines: published ads only.',
  '/annonces/{proxy+}': "Public ad pages painted for visitors and search engines: published ads only (other paths get the app's shell).",
  '/sitemap.xml': 'The public sitemap for search engines: published ads only.',
  '/webhooks/stripe':
    "Stripe's webhook: each event is authenticated by its Stripe-Signature with the endpoint's signing secret (docs/payments.md).",
  '/documents/pdf':
    "A contract document's PDF: the link's token (an HMAC of its reader and expiry with the JWT key, minutes long) names the reader, whose rights the handler checks as the API does.",
};

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
      const [added] = this.api.addRoutes({ path: route.path, methods: [apigwv2.HttpMethod[route.method]], integration });
      const reason = PUBLIC_ROUTE_REASONS[route.path];
      if (added && reason) acknowledge(added, 'APIG4', reason);
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
