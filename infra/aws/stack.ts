// The whole Partage deployment in one stack: table, JWT signing key, Lambdas of the handler catalog,
// AppSync GraphQL API, HTTP API, and the web app on S3 + CloudFront.

import { dirname, join } from 'node:path';
import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { AUTHORIZER, HTTP_ROUTES, RESOLVER_LAMBDAS } from '@partage/functions/handlers/catalog';
import { CRON_JOBS, ONE_TIME_JOBS, type CronJob, type OneTimeJob } from '@partage/functions/handlers/schedules';
import { HANDLER_ACCESS, type HandlerAccess } from '@partage/functions/handlers/access';
import type { PartageConfig } from './config';
import { AccessLogs } from './access-logs';
import { OperatorAlarms } from './alarms';
import { acknowledge } from './audit';
import { OperationsDashboard } from './dashboard';
import { DataTable } from './data-table';
import { FileStorage } from './file-storage';
import { LambdaGraphqlApi } from './graphql-api';
import { LambdaHttpApi, type HttpRoute } from './http-api';
import { HandlerFunctions } from './lambdas';
import { PlaceIndex } from './place-index';
import { protectGraphqlApi } from './waf';
import { Scheduling } from './scheduling';
import { WebHosting } from './web-hosting';

/** What functions/handlers/catalog.ts exports. */
export interface HandlerCatalog {
  authorizer: string;
  resolverLambdas: { name: string; fields: string[] }[];
  httpRoutes: HttpRoute[];
  cronJobs?: CronJob[];
  oneTimeJobs?: OneTimeJob[];
  access?: Record<string, HandlerAccess>;
}

export const HANDLER_CATALOG: HandlerCatalog = {
  authorizer: AUTHORIZER,
  resolverLambdas: RESOLVER_LAMBDAS,
  httpRoutes: HTTP_ROUTES,
  cronJobs: CRON_JOBS,
  oneTimeJobs: ONE_TIME_JOBS,
  access: HANDLER_ACCESS,
};

export interface PartageStackProps extends StackProps {
  config: Omit<PartageConfig, 'stackName' | 'region'>;
  catalog?: HandlerCatalog;
  /** The us-east-1 WebACL of the CloudFront distribution (EdgeSecurityStack, or one given in the context). */
  cloudFrontWebAclArn?: string;
}

export class PartageStack extends Stack {
  readonly dataTable: DataTable;
  readonly functions: HandlerFunctions;
  readonly graphqlApi: LambdaGraphqlApi;
  readonly httpApi: LambdaHttpApi;
  readonly web: WebHosting;

  constructor(scope: Construct, id: string, props: PartageStackProps) {
    super(scope, id, props);
    const { config } = props;
    const catalog = props.catalog ?? HANDLER_CATALOG;
    Tags.of(this).add('project', 'partage');

    this.dataTable = new DataTable(this, 'Data');

    const jwtSecret = new secretsmanager.Secret(this, 'JwtSigningKey', {
      description: 'HS256 signing key of the access tokens (JWT_SECRET_ARN)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });

    // Sent by CloudFront to the HTTP API with every request it forwards; the HTTP handlers refuse the
    // others (the API's execute-api address is public and would skip the WAF and the viewer address).
    const originVerifySecret = new secretsmanager.Secret(this, 'OriginVerifyKey', {
      description: 'Value of the x-origin-verify header CloudFront adds to HTTP API requests (ORIGIN_VERIFY_SECRET_ARN)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });

    // Filled in by hand after the first deploy (the account's Twilio Verify service): until then the
    // empty accountSid makes sending a code fail with a message that says so.
    const twilioSecret = new secretsmanager.Secret(this, 'TwilioVerify', {
      description: 'Twilio Verify credentials, JSON { accountSid, authToken, serviceSid } (TWILIO_SECRET_ARN)',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ accountSid: '', serviceSid: '' }),
        generateStringKey: 'authToken',
        excludePunctuation: true,
      },
    });

    // Filled in by hand after the first deploy (docs/payments.md: the platform's Stripe secret key and the
    // webhook endpoint's signing secret): until then the empty secretKey makes every Stripe call fail
    // with an authentication error, and no webhook verifies.
    const stripeSecret = new secretsmanager.Secret(this, 'Stripe', {
      description: 'Stripe keys, JSON { secretKey, webhookSecret, connectWebhookSecret } (STRIPE_SECRET_ARN)',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ secretKey: '' }),
        generateStringKey: 'webhookSecret',
        excludePunctuation: true,
      },
    });

    // SMG4: none of the four rotates by itself; docs/operations.md ("Rotating the secrets") says how and when.
    acknowledge(
      jwtSecret,
      'SMG4',
      'A Secrets Manager rotation would invalidate every access token and alert link at once (no key overlap): the operator rotates it by the runbook in docs/operations.md.',
    );
    acknowledge(
      originVerifySecret,
      'SMG4',
      'CloudFront reads this value at deployment (a dynamic reference), so it only changes with a deployment: the operator rotates it and redeploys (docs/operations.md).',
    );
    acknowledge(
      twilioSecret,
      'SMG4',
      "Third-party credentials: rotated at Twilio's console by the operator, then set here (docs/operations.md).",
    );
    acknowledge(
      stripeSecret,
      'SMG4',
      "Third-party keys: rolled at Stripe's dashboard by the operator, then set here (docs/operations.md).",
    );

    const accessLogs = new AccessLogs(this, 'AccessLogs');
    const files = new FileStorage(this, 'Files', { accessLogs: accessLogs.bucket });
    const placeIndex = new PlaceIndex(this, 'Places');
    const cronJobs = catalog.cronJobs ?? [];
    const oneTimeJobs = catalog.oneTimeJobs ?? [];

    this.functions = new HandlerFunctions(this, 'Functions', {
      names: [
        catalog.authorizer,
        ...catalog.resolverLambdas.map((r) => r.name),
        ...catalog.httpRoutes.map((r) => r.name),
        ...[...cronJobs, ...oneTimeJobs].map((job) => job.handler),
      ],
      jobHandlers: oneTimeJobs.map((job) => job.handler),
      access: catalog.access ?? {},
      table: this.dataTable.table,
      jwtSecret,
      originVerifySecret,
      twilioSecret,
      stripeSecret,
      fileBuckets: { files: files.filesBucket, public: files.publicBucket },
      placeIndex,
      // The build writes it beside the site (web/scripts/prerender.ts).
      pageRendererDir: join(dirname(config.webDistPath), 'dist-server'),
      mailFrom: config.mailFrom,
      ...(config.site?.contactEmail ? { contactEmail: config.site.contactEmail } : {}),
      ...(config.platformFee ? { platformFee: config.platformFee } : {}),
      ...(config.platformTaxNumbers ? { platformTaxNumbers: config.platformTaxNumbers } : {}),
      ...(config.platformIdentity ? { platformIdentity: config.platformIdentity } : {}),
      appVersion: config.appVersion,
    });

    this.graphqlApi = new LambdaGraphqlApi(this, 'GraphQL', {
      apiName: `${this.stackName}-api`,
      authorizer: this.functions.get(catalog.authorizer),
      capabilities: catalog.resolverLambdas.map((r) => ({ ...r, fn: this.functions.get(r.name) })),
      introspection: config.graphqlIntrospection ?? false,
    });
    const graphqlWebAcl = protectGraphqlApi(this, this.graphqlApi.api.arn);
    this.functions.grantPublish(this.graphqlApi.api);
    // Every alarm of this region, to the operator (alarms.ts; docs/operations.md, "Alarms").
    const alarms = new OperatorAlarms(this, 'Alarms', { ...(config.alarmEmail ? { email: config.alarmEmail } : {}) });
    const scheduling = new Scheduling(this, 'Schedules', {
      cronJobs,
      oneTimeJobs,
      functionOf: (name) => this.functions.get(name),
      alarms,
    });
    this.functions.grantScheduling(scheduling);

    this.httpApi = new LambdaHttpApi(this, 'Http', {
      apiName: `${this.stackName}-http`,
      routes: catalog.httpRoutes,
      functionOf: (name) => this.functions.get(name),
    });

    this.web = new WebHosting(this, 'Web', {
      webDistPath: config.webDistPath,
      graphqlUrl: this.graphqlApi.graphqlUrl,
      graphqlHost: this.graphqlApi.graphqlHost,
      realtimeHost: this.graphqlApi.realtimeHost,
      httpApiHost: this.httpApi.host,
      httpApiPaths: catalog.httpRoutes.map((r) => r.path),
      originVerifyValue: originVerifySecret.secretValue.unsafeUnwrap(), // a dynamic reference, resolved at deploy
      appVersion: config.appVersion,
      ...(props.cloudFrontWebAclArn ? { webAclArn: props.cloudFrontWebAclArn } : {}),
      fileBuckets: { files: files.filesBucket, public: files.publicBucket },
      accessLogs: accessLogs.bucket,
      ...(config.domainName ? { domainName: config.domainName } : {}),
      ...(config.certificateArn ? { certificateArn: config.certificateArn } : {}),
      ...(config.connectSources ? { extraConnectSources: config.connectSources } : {}),
      ...(config.mapStyleUrl ? { mapStyleUrl: config.mapStyleUrl } : {}),
      site: config.site,
      telemetry: config.telemetry,
    });
    this.functions.setPublicUrl(this.web.siteUrl);

    alarms.functions(this.functions.all);
    alarms.graphqlApi(this.graphqlApi.api);
    alarms.table(this.dataTable.table);
    alarms.serviceBusy();
    alarms.mailReputation();
    alarms.webAclBlocks('Graphql', graphqlWebAcl.webAcl, 'the GraphQL API');

    new OperationsDashboard(this, 'Operations', {
      functions: this.functions.all,
      api: this.graphqlApi.api,
      table: this.dataTable.table,
    });

    new CfnOutput(this, 'SiteUrl', { value: this.web.siteUrl, description: 'The web app' });
    new CfnOutput(this, 'GraphqlUrl', { value: this.graphqlApi.graphqlUrl, description: 'AppSync GraphQL endpoint' });
    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.api.apiEndpoint, description: 'HTTP API (also routed through the site)' });
    new CfnOutput(this, 'TableName', { value: this.dataTable.table.tableName });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
  }
}
