// The synthesized stack (one synthesis for the whole file, Lambdas bundled once): every resource
// that matters, checked against the handler catalog and the table shape rather than hard-coded lists.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZER, FIELD_RESOLVER_MAX_BATCH_SIZE, HTTP_ROUTES, RESOLVER_LAMBDAS } from '@partage/functions/handlers/catalog';
import { MAX_CACHE_SECONDS as AUTHORIZER_CACHE_SECONDS } from '@partage/functions/handlers/authorizer';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '@partage/functions/data/table';
import { SCHEMA_PATH } from '@partage/graphql/schema';
import { REPO_ROOT } from './config';
import { FILE_READ_ACTIONS, FILE_WRITE_ACTIONS, leadingKeyPatterns, TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS } from './lambdas';
import { PUBLISH_RESOLVER_CODE_PATH, RESOLVER_CODE_PATH } from './graphql-api';
import { HANDLER_ACCESS, type HandlerAccess } from '@partage/functions/handlers/access';
import { CRON_JOBS, ONE_TIME_JOBS } from '@partage/functions/handlers/schedules';
import { SERVER_EVENTS } from '@partage/functions/domain/events';
import { FILE_AREAS, fileKey } from '@partage/functions/domain/files/file-keys';
import { HANDLER_CATALOG, PartageStack, type HandlerCatalog } from './stack';
import { GRAPHQL_LIMITS } from '../shared/graphql-limits';
import { ROUTE_THROTTLE_DEFAULT, ROUTE_THROTTLES } from './http-api';
import { APPSYNC_RATE_RULES, EdgeSecurityStack, RATE_WINDOW_SECONDS, SITE_RATE_RULES } from './waf';
import { PUBLIC_FILES_PATH_PATTERN, SERVER_PAGE_PATH_PATTERNS, spaRewriteCode, WEBHOOKS_PATH_PATTERN } from './web-hosting';
import { inlineHash } from '../shared/security-headers';
import { auditAcknowledgements, auditFindings } from './audit';
import { ALARM_THRESHOLDS, TABLE_OPERATIONS } from './alarms';
import { ACCESS_LOG_DAYS, ACCESS_LOG_PREFIXES } from './access-logs';
import { PAGE_SHARED_MAX_AGE_SECONDS, PRERENDER_HEAD_SCRIPT } from '@partage/graphql';
import { BUSINESS_METRICS, METRICS_NAMESPACE } from '@partage/functions/adapters/metrics';
import { PUBLIC_CACHE_CONTROL, PUBLIC_FILE_SHARED_MAX_AGE_SECONDS } from '@partage/functions/adapters/file-store';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const MAIL_FROM = 'Partage <no-reply@exemple.ca>';
const CONTACT_EMAIL = 'equipe@exemple.ca';
const ALARM_EMAIL = 'exploitation@exemple.ca';
const MAP_STYLE_URL = 'https://tuiles.exemple.ca/styles/quebec.json';

type Resources = Record<string, { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] }>;

let workDir: string;
let outdir: string;
let stack: PartageStack;
let template: Template;
let resources: Resources;
let edgeTemplate: Template;
let edge: EdgeSecurityStack;

// The real catalog, plus a one-time job of a handler that has none, and another handler allowed to schedule it.
const TEST_ONE_TIME_JOB = { job: 'test-once', handler: 'housekeeping', description: 'Synthesis test job' };
const CATALOG: HandlerCatalog = {
  ...HANDLER_CATALOG,
  oneTimeJobs: [...ONE_TIME_JOBS, TEST_ONE_TIME_JOB],
  access: { ...HANDLER_ACCESS, files: { ...HANDLER_ACCESS.files, scheduler: true } },
};
const accessOf = (name: string): HandlerAccess => CATALOG.access?.[name] ?? {};
/** A declaration without the table's partitions and indexes (their grant has a test of its own). */
const beyondTable = ({ partitions: _partitions, indexes: _indexes, ...rest }: HandlerAccess): HandlerAccess => rest;
const handlerNames = [
  ...new Set([
    AUTHORIZER,
    ...RESOLVER_LAMBDAS.map((r) => r.name),
    ...HTTP_ROUTES.map((r) => r.name),
    ...[...CRON_JOBS, ...ONE_TIME_JOBS].map((j) => j.handler),
  ]),
];
const publishMutations = Object.values(SERVER_EVENTS).map((event) => event.mutation);
const catalogFields = RESOLVER_LAMBDAS.flatMap((r) => r.fields.map((field) => ({ capability: r.name, field })));

function ofType(type: string): [string, Resources[string]][] {
  return Object.entries(resources).filter(([, r]) => r.Type === type);
}

function functionOf(name: string): [string, Resources[string]] {
  const found = ofType('AWS::Lambda::Function').filter(([, r]) => r.Properties.Description === `Partage ${name} handler`);
  expect(found, `one Lambda for handler ${name}`).toHaveLength(1);
  return found[0]!;
}

/** The IAM statements of a handler's role, as text. */
function statementsOf(name: string): string {
  const [, fn] = functionOf(name);
  const role = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return JSON.stringify(ofType('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(role)));
}
/** The name a one-time job's Lambda is given ahead, which the schedulers' targets are built from. */
const jobFunctionNameOf = (name: string) => functionOf(name)[1].Properties.FunctionName as string;
const envOf = (name: string) => (functionOf(name)[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'partage-cdk-'));
  const webDist = join(workDir, 'web-dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app");');
  // The build's precompressed copies, which only the local host serves.
  writeFileSync(join(webDist, 'index.html.br'), 'brotli');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js.gz'), 'gzip');
  // The server renderer the build writes beside it (web/dist-server), which the pages' Lambda carries.
  const pageRenderer = join(workDir, 'dist-server');
  mkdirSync(pageRenderer);
  writeFileSync(join(pageRenderer, 'server-render.js'), 'export const renderServerPage = () => "<html></html>";');
  writeFileSync(join(pageRenderer, 'manifest.json'), '{}');
  outdir = join(workDir, 'cdk.out');

  const { context } = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const app = new App({ outdir, context });
  edge = new EdgeSecurityStack(app, 'PartageTestEdge', { account: '123456789012', alarmEmail: ALARM_EMAIL });
  stack = new PartageStack(app, 'PartageTest', {
    env: { account: '123456789012', region: 'ca-central-1' },
    config: {
      webDistPath: webDist,
      mailFrom: MAIL_FROM,
      appVersion: '1.2.3-test',
      mapStyleUrl: MAP_STYLE_URL,
      site: { contactEmail: CONTACT_EMAIL },
      alarmEmail: ALARM_EMAIL,
      platformFee: { basisPoints: 250, fixedCents: 30 },
      platformTaxNumbers: { gstNumber: '987654321RT0001', qstNumber: '9876543210TQ0001' },
      platformIdentity: { legalName: 'Partage inc.', address: '1 rue de la Plateforme, Montréal (Québec)' },
    },
    crossRegionReferences: true,
    cloudFrontWebAclArn: edge.webAclArn,
    catalog: CATALOG,
  });
  app.synth();
  template = Template.fromStack(stack);
  edgeTemplate = Template.fromStack(edge);
  resources = template.toJSON().Resources as Resources;
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the stack', () => {
  it('synthesizes without error annotations (every catalog field is in the schema)', () => {
    Annotations.fromStack(stack).hasNoError('*', Match.anyValue());
  });
});

describe("the stack's audit (cdk-nag AwsSolutions; docs/operations.md)", () => {
  it('leaves no finding unacknowledged in either stack', () => {
    // The pack walks the constructs of the synthesis above (a tenth of a second): no second synthesis.
    const findings = [stack, edge].flatMap((scope) => auditFindings(scope));
    const byRule = findings.map(({ severity, rule, paths }) => `${severity} ${rule} ×${paths.length}: ${paths.join(', ')}`);
    expect(byRule, 'fix each finding, or acknowledge it on its construct with the reason (infra/aws/audit.ts)').toEqual([]);
  });

  it('acknowledges on single resources, never a stack, each with its reason', () => {
    const acknowledged = [stack, edge].flatMap((scope) => auditAcknowledgements(scope));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { path, rule, reason } of acknowledged) {
      expect(rule, path).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(path.split('/').length, `${rule} on ${path}: not on a stack`).toBeGreaterThan(1);
      expect(reason.length, `${rule} on ${path}: a reason a reviewer can check`).toBeGreaterThan(40);
    }
    // AwsSolutions-IAM5 is acknowledged wildcard by wildcard (`[Resource::…]`, `[Action::…]`), never as a whole.
    expect(acknowledged.filter(({ rule }) => rule === 'AwsSolutions-IAM5')).toEqual([]);
  });

  it("grants on * only what has no resource to name: X-Ray, and the deployment's CloudFront invalidations", () => {
    // What the acknowledgements of AwsSolutions-IAM5[Resource::*] say (lambdas.ts, web-hosting.ts).
    const onEverything = ofType('AWS::IAM::Policy').flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement.filter(
        (statement) => [statement.Resource].flat().includes('*'),
      ).flatMap((statement) => [statement.Action].flat()),
    );
    expect([...new Set(onEverything)].sort()).toEqual([
      'cloudfront:CreateInvalidation',
      'cloudfront:GetInvalidation',
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ]);
  });

  it('uses no AWS managed policy and no LogRetention custom resource', () => {
    for (const [id, role] of ofType('AWS::IAM::Role')) expect(role.Properties.ManagedPolicyArns, id).toBeUndefined();
    expect(ofType('Custom::LogRetention')).toEqual([]);
  });

  it('gives every Lambda a log group of the stack, and every log group a retention', () => {
    for (const [id, fn] of ofType('AWS::Lambda::Function')) {
      const ref = (fn.Properties.LoggingConfig as { LogGroup?: { Ref: string } } | undefined)?.LogGroup?.Ref;
      expect(ref && resources[ref]?.Type, `${id} log group`).toBe('AWS::Logs::LogGroup');
    }
    for (const [id, group] of ofType('AWS::Logs::LogGroup')) expect(group.Properties.RetentionInDays, id).toBeGreaterThan(0);
    template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: { 'Fn::Join': ['', ['/aws/appsync/apis/', { 'Fn::GetAtt': [ofType('AWS::AppSync::GraphQLApi')[0]![0], 'ApiId'] }]] },
    });
    template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      LogConfig: { FieldLogLevel: 'ERROR', ExcludeVerboseContent: true, CloudWatchLogsRoleArn: Match.anyValue() },
    });
  });

  it('logs the accesses of CloudFront and of every bucket to a private, encrypted log bucket that expires them', () => {
    const [logBucket, logBucketResource] = ofType('AWS::S3::Bucket').find(([id]) => id.startsWith('AccessLogsBucket'))!;
    expect(logBucketResource.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: ACCESS_LOG_DAYS, Status: 'Enabled' }] },
    });
    for (const [id, bucket] of ofType('AWS::S3::Bucket')) {
      if (id === logBucket) continue;
      expect(bucket.Properties.LoggingConfiguration, id).toMatchObject({ DestinationBucketName: { Ref: logBucket } });
    }
    const distribution = ofType('AWS::CloudFront::Distribution')[0]![1];
    expect((distribution.Properties.DistributionConfig as { Logging?: unknown }).Logging).toMatchObject({
      Bucket: { 'Fn::GetAtt': [logBucket, 'RegionalDomainName'] },
      Prefix: ACCESS_LOG_PREFIXES.cloudFront,
    });
  });
});

describe('DynamoDB table', () => {
  it('has the keys, GSIs, TTL, PITR, on-demand billing and encryption of functions/data/table.ts', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      SSESpecification: { SSEEnabled: true },
      DeletionProtectionEnabled: true,
      GlobalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('is retained when the stack goes', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('secrets', () => {
  it('are generated Secrets Manager secrets: the JWT signing key, the CloudFront origin-verify value, the Twilio and Stripe credentials', () => {
    template.resourceCountIs('AWS::SecretsManager::Secret', 4);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Description: Match.stringLikeRegexp('JWT_SECRET_ARN'),
      GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }),
    });
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Description: Match.stringLikeRegexp('ORIGIN_VERIFY_SECRET_ARN'),
      GenerateSecretString: Match.objectLike({ PasswordLength: 48, ExcludePunctuation: true }),
    });
    // Only a placeholder is generated: the operator sets the account's credentials; none is in the template.
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Description: Match.stringLikeRegexp('TWILIO_SECRET_ARN'),
      GenerateSecretString: Match.objectLike({ SecretStringTemplate: '{"accountSid":"","serviceSid":""}', GenerateStringKey: 'authToken' }),
    });
    // The same for Stripe: the operator sets the secret key and the endpoint's signing secret (docs/payments.md).
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Description: Match.stringLikeRegexp('STRIPE_SECRET_ARN'),
      GenerateSecretString: Match.objectLike({ SecretStringTemplate: '{"secretKey":""}', GenerateStringKey: 'webhookSecret' }),
    });
  });

  it('are each in the deploy guide, by their name and the variable their description names', () => {
    const guide = readFileSync(join(REPO_ROOT, 'docs', 'deploy.md'), 'utf8');
    const secrets = stack.node.findAll().filter((c): c is secretsmanager.Secret => c instanceof secretsmanager.Secret);
    expect(secrets).toHaveLength(ofType('AWS::SecretsManager::Secret').length);
    for (const secret of secrets) {
      const description = String(resources[stack.getLogicalId(secret.node.defaultChild as CfnElement)]!.Properties.Description);
      expect(guide, secret.node.id).toContain(`\`${secret.node.id}\``);
      expect(guide, secret.node.id).toContain(`\`${/\(([A-Z_]+)\)/.exec(description)![1]}\``);
    }
  });
});

describe('Lambdas', () => {
  it('declares the phone Lambda: the table and the Twilio credentials, nothing else', () => {
    expect(beyondTable(accessOf('phone'))).toEqual({ table: 'readWrite', secrets: ['twilio'] });
    functionOf('phone');
  });

  it('bundles the phone Lambda without form-data (functions/adapters/twilio-bundling.ts): under 500 KB minified', () => {
    const [, fn] = functionOf('phone');
    const { S3Key } = fn.Properties.Code as { S3Key: string };
    const code = readFileSync(join(outdir, `asset.${S3Key.replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8');
    // (booleans: a failure would print the whole bundle)
    expect(code.includes('1d-interleaved-parityfec'), "mime-db, form-data's MIME table").toBe(false);
    expect(code.includes('/VerificationCheck'), 'the Verify client').toBe(true);
    expect(Buffer.byteLength(code)).toBeLessThan(500 * 1024);
  });

  it('has one function per handler of the catalog, Node 22 on ARM64, ESM', () => {
    for (const name of handlerNames) {
      const [, fn] = functionOf(name);
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
      });
    }
  });

  it("sets only the environment each handler's access implies (docs/contracts.md)", () => {
    const secretOf = (description: string) =>
      ofType('AWS::SecretsManager::Secret').find(([, r]) => String(r.Properties.Description).includes(description))![0];
    const secret = secretOf('JWT_SECRET_ARN');
    const originSecret = secretOf('ORIGIN_VERIFY_SECRET_ARN');
    const twilioSecret = secretOf('TWILIO_SECRET_ARN');
    const stripeSecret = secretOf('STRIPE_SECRET_ARN');
    const table = ofType('AWS::DynamoDB::Table')[0]![0];
    const apiId = ofType('AWS::AppSync::GraphQLApi')[0]![0];
    for (const name of handlerNames) {
      const [, fn] = functionOf(name);
      const access = accessOf(name);
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const has = (variable: string) => env[variable] !== undefined;
      expect(env.APP_VERSION).toBe('1.2.3-test');
      // Logs and metrics (functions/adapters/log.ts, metrics.ts): the stack's own service, EMF metrics.
      expect([env.POWERTOOLS_SERVICE_NAME, env.POWERTOOLS_METRICS_NAMESPACE, env.METRICS_ADAPTER], `${name} observability`).toEqual([
        'PartageTest',
        METRICS_NAMESPACE,
        'emf',
      ]);
      expect(env.TABLE_NAME, `${name} TABLE_NAME`).toEqual(access.table ? { Ref: table } : undefined);
      expect(env.JWT_SECRET_ARN, `${name} JWT_SECRET_ARN`).toEqual(access.secrets?.includes('jwt') ? { Ref: secret } : undefined);
      expect(env.ORIGIN_VERIFY_SECRET_ARN, `${name} ORIGIN_VERIFY_SECRET_ARN`).toEqual(
        access.secrets?.includes('originVerify') ? { Ref: originSecret } : undefined,
      );
      expect([env.PHONE_VERIFIER_ADAPTER, env.TWILIO_SECRET_ARN], `${name} phone verifier`).toEqual(
        access.secrets?.includes('twilio') ? ['twilio', { Ref: twilioSecret }] : [undefined, undefined],
      );
      expect([env.PAYMENT_PROVIDER_ADAPTER, env.STRIPE_SECRET_ARN], `${name} payment provider`).toEqual(
        access.secrets?.includes('stripe') ? ['stripe', { Ref: stripeSecret }] : [undefined, undefined],
      );
      expect([env.MAIL_ADAPTER, env.MAIL_FROM], `${name} mail`).toEqual(access.sendEmail ? ['ses', MAIL_FROM] : [undefined, undefined]);
      expect(env.CONTACT_EMAIL, `${name} CONTACT_EMAIL`).toBe(access.contactEmail ? CONTACT_EMAIL : undefined);
      expect([env.PLATFORM_FEE_BASIS_POINTS, env.PLATFORM_FEE_FIXED_CENTS], `${name} platform fee`).toEqual(
        access.platformFee ? ['250', '30'] : [undefined, undefined],
      );
      expect([env.PLATFORM_GST_NUMBER, env.PLATFORM_QST_NUMBER], `${name} platform tax numbers`).toEqual(
        access.platformFee ? ['987654321RT0001', '9876543210TQ0001'] : [undefined, undefined],
      );
      expect([env.PLATFORM_LEGAL_NAME, env.PLATFORM_ADDRESS], `${name} platform identity`).toEqual(
        access.platformIdentity ? ['Partage inc.', '1 rue de la Plateforme, Montréal (Québec)'] : [undefined, undefined],
      );
      expect(env.PDF_FONTS_DIR, `${name} PDF fonts`).toBe(access.pdfFonts ? '/var/task/fonts' : undefined);
      if (access.publicUrl) expect(JSON.stringify(env.PUBLIC_URL)).toContain('DomainName');
      else expect(env.PUBLIC_URL).toBeUndefined();
      expect(has('PUBLISH_ADAPTER') && has('GRAPHQL_URL'), `${name} publish`).toBe(!!access.publish?.length);
      if (access.publish?.length)
        expect(env).toMatchObject({ PUBLISH_ADAPTER: 'appsync', GRAPHQL_URL: { 'Fn::GetAtt': [apiId, 'GraphQLUrl'] } });
      expect(
        ['SCHEDULER_ADAPTER', 'SCHEDULE_GROUP', 'SCHEDULER_ROLE_ARN', 'SCHEDULE_TARGETS', 'SCHEDULE_DEAD_LETTER_ARN'].map(has),
        `${name} scheduler`,
      ).toEqual(Array(5).fill(!!access.scheduler));
      expect(['FILE_STORE_ADAPTER', 'FILES_BUCKET', 'PUBLIC_FILES_BUCKET'].map(has), `${name} files`).toEqual(
        Array(3).fill(!!access.files),
      );
      expect([env.PLACES_ADAPTER, env.PLACE_INDEX_NAME], `${name} places`).toEqual(
        access.placeIndex ? ['amazon-location', 'PartageTest-places'] : [undefined, undefined],
      );
    }
  });

  it('gives each function a log group with a retention', () => {
    for (const name of handlerNames) {
      const [, fn] = functionOf(name);
      const ref = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(resources[ref]).toMatchObject({ Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } });
    }
  });

  it('grants only what each handler needs', () => {
    const policies = ofType('AWS::IAM::Policy');
    for (const name of handlerNames) {
      const [, fn] = functionOf(name);
      const role = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const statements = JSON.stringify(
        policies.filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(role)).map(([, p]) => p.Properties.PolicyDocument),
      );
      const access = accessOf(name);
      expect(statements.includes('dynamodb:PutItem'), `${name} writes the table`).toBe(access.table === 'readWrite');
      expect(statements.includes('dynamodb:GetItem'), `${name} reads the table`).toBe(access.table !== undefined);
      expect(statements.includes('secretsmanager:GetSecretValue'), `${name} reads a secret`).toBe(!!access.secrets?.length);
      const twilioSecret = ofType('AWS::SecretsManager::Secret').find(([, r]) =>
        String(r.Properties.Description).includes('TWILIO_SECRET_ARN'),
      )![0];
      expect(statements.includes(`"Ref":"${twilioSecret}"`), `${name} reads the Twilio credentials`).toBe(
        !!access.secrets?.includes('twilio'),
      );
      const stripeSecret = ofType('AWS::SecretsManager::Secret').find(([, r]) =>
        String(r.Properties.Description).includes('STRIPE_SECRET_ARN'),
      )![0];
      expect(statements.includes(`"Ref":"${stripeSecret}"`), `${name} reads the Stripe keys`).toBe(!!access.secrets?.includes('stripe'));
      expect(statements.includes('ses:SendEmail'), `${name} sends e-mail`).toBe(!!access.sendEmail);
      if (access.sendEmail) expect(statements).toContain('"ses:FromAddress":"no-reply@exemple.ca"');
      expect(statements.includes('appsync:GraphQL'), `${name} publishes`).toBe(!!access.publish?.length);
      for (const mutation of publishMutations) {
        const allowed = !!access.publish?.some((event) => SERVER_EVENTS[event].mutation === mutation);
        expect(statements.includes(`/types/Mutation/fields/${mutation}`), `${name} publishes ${mutation}`).toBe(allowed);
      }
      expect(statements.includes('scheduler:CreateSchedule'), `${name} schedules`).toBe(!!access.scheduler);
      expect(statements.includes('"geo:'), `${name} searches places`).toBe(!!access.placeIndex);
      expect(statements.includes('iam:PassRole'), `${name} passes the scheduler role`).toBe(!!access.scheduler);
      const s3Statements = (JSON.parse(statements) as { Statement: { Action: string | string[]; Resource: unknown }[] }[])
        .flatMap((doc) => doc.Statement)
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:')));
      for (const area of FILE_AREAS) {
        const level = access.files?.[area];
        expect(statements.includes(`/files/${area}/*`), `${name} reaches files/${area}/`).toBe(!!level);
        if (!level) continue;
        const areaActions = s3Statements
          .filter((statement) => JSON.stringify(statement.Resource).includes(`/files/${area}/*`))
          .flatMap((statement) => [statement.Action].flat());
        expect(areaActions.sort(), `${name} on files/${area}/`).toEqual(
          (level === 'readWrite' ? [...FILE_READ_ACTIONS, ...FILE_WRITE_ACTIONS] : FILE_READ_ACTIONS).sort(),
        );
      }
      // Nothing else on the buckets but listing key names (404 rather than 403 for a missing key).
      const beyondAreas = s3Statements.filter(
        (statement) => !FILE_AREAS.some((area) => JSON.stringify(statement.Resource).includes(`/files/${area}/*`)),
      );
      expect(
        beyondAreas.flatMap((statement) => [statement.Action].flat()),
        `${name} on the buckets`,
      ).toEqual(beyondAreas.length ? beyondAreas.map(() => 's3:ListBucket') : []);
    }
  });

  it("narrows each handler's table grant to its declared partitions and indexes (functions/data/declared-access.ts proves them)", () => {
    const [table] = ofType('AWS::DynamoDB::Table')[0]!;
    const tableArn = { 'Fn::GetAtt': [table, 'Arn'] };
    type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };
    const sorted = (values: string[]) => [...values].sort();
    for (const name of handlerNames) {
      const [, fn] = functionOf(name);
      const role = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const statements = ofType('AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(role))
        .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:')));
      const access = accessOf(name);
      if (!access.table) {
        expect(statements, `${name} has no table grant`).toEqual([]);
        continue;
      }
      const onItems = statements.filter((statement) => JSON.stringify(statement.Resource) === JSON.stringify(tableArn));
      expect(onItems, `${name}: one statement on the table's items`).toHaveLength(1);
      expect(sorted([onItems[0]!.Action].flat()), `${name} item actions`).toEqual(
        sorted(access.table === 'readWrite' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS),
      );
      expect(onItems[0]!.Condition, `${name} partitions`).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeyPatterns(access.partitions ?? []) },
      });
      const onIndexes = statements.filter((statement) => !onItems.includes(statement));
      expect(
        onIndexes.flatMap((statement) => [statement.Action].flat()).every((action) => action === 'dynamodb:Query'),
        name,
      ).toBe(true);
      expect(
        onIndexes.every((statement) => statement.Condition === undefined),
        name,
      ).toBe(true);
      const indexArns = onIndexes.flatMap((statement) => [statement.Resource].flat()).map((arn) => JSON.stringify(arn));
      expect(sorted(indexArns), `${name} indexes`).toEqual(
        sorted((access.indexes ?? []).map((index) => JSON.stringify({ 'Fn::Join': ['', [tableArn, `/index/${index}`]] }))),
      );
    }
    // Every partition declared is one the declarations' check knows (a prefix, never a pattern of its own).
    for (const access of Object.values(HANDLER_ACCESS))
      for (const prefix of access.partitions ?? []) expect(prefix).toMatch(/^[A-Z_]+(#|$)/);
  });

  it('bundled every handler into an ESM file with a source map', () => {
    for (const name of handlerNames) {
      const [, fn] = functionOf(name);
      const key = (fn.Properties.Code as { S3Key: string }).S3Key;
      const assetDir = join(outdir, `asset.${key.replace(/\.zip$/, '')}`);
      expect(existsSync(join(assetDir, 'index.mjs')), `${name} bundle`).toBe(true);
      expect(existsSync(join(assetDir, 'index.mjs.map')), `${name} source map`).toBe(true);
    }
  });
});

describe('AppSync GraphQL API', () => {
  it('uses the schema file and the Lambda authorizer as default auth, IAM as second mode, with X-Ray and error logs', () => {
    template.resourceCountIs('AWS::AppSync::GraphQLApi', 1);
    const [authorizerId] = functionOf(AUTHORIZER);
    template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      AuthenticationType: 'AWS_LAMBDA',
      LambdaAuthorizerConfig: {
        AuthorizerUri: { 'Fn::GetAtt': [authorizerId, 'Arn'] },
        AuthorizerResultTtlInSeconds: AUTHORIZER_CACHE_SECONDS,
      },
      AdditionalAuthenticationProviders: [{ AuthenticationType: 'AWS_IAM' }],
      XrayEnabled: true,
      LogConfig: Match.objectLike({ FieldLogLevel: 'ERROR' }),
    });
    template.hasResourceProperties('AWS::AppSync::GraphQLSchema', { Definition: readFileSync(SCHEMA_PATH, 'utf8') });
  });

  it('has one Lambda data source per resolver capability', () => {
    expect(ofType('AWS::AppSync::DataSource').filter(([, r]) => r.Properties.Type === 'AWS_LAMBDA')).toHaveLength(RESOLVER_LAMBDAS.length);
    for (const { name } of RESOLVER_LAMBDAS) {
      const [fnId] = functionOf(name);
      template.hasResourceProperties('AWS::AppSync::DataSource', {
        Type: 'AWS_LAMBDA',
        LambdaConfig: { LambdaFunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] } },
      });
    }
  });

  it('has one APPSYNC_JS unit resolver per catalog field, on its capability data source', () => {
    const code = readFileSync(RESOLVER_CODE_PATH, 'utf8');
    const resolvers = ofType('AWS::AppSync::Resolver');
    expect(resolvers).toHaveLength(catalogFields.length + publishMutations.length);
    const dataSources = Object.fromEntries(ofType('AWS::AppSync::DataSource').map(([, r]) => [r.Properties.Name as string, r.Properties]));
    for (const { capability, field } of catalogFields) {
      const [typeName, fieldName] = field.split('.');
      const found = resolvers.filter(([, r]) => r.Properties.TypeName === typeName && r.Properties.FieldName === fieldName);
      expect(found, field).toHaveLength(1);
      const props = found[0]![1].Properties;
      expect(props).toMatchObject({ Kind: 'UNIT', Runtime: { Name: 'APPSYNC_JS', RuntimeVersion: '1.0.0' }, Code: code });
      const [fnId] = functionOf(capability);
      expect(dataSources[props.DataSourceName as string]).toMatchObject({
        LambdaConfig: { LambdaFunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] } },
      });
    }
  });

  it('batches the resolvers of type fields (BatchInvoke with a max batch size), not those of root fields', () => {
    expect(readFileSync(RESOLVER_CODE_PATH, 'utf8')).toMatch(/\? 'Invoke' : 'BatchInvoke'/);
    const resolvers = ofType('AWS::AppSync::Resolver').map(([, r]) => r.Properties);
    const typeFields = resolvers.filter((r) => !['Query', 'Mutation', 'Subscription'].includes(r.TypeName as string));
    expect(typeFields.map((r) => `${r.TypeName}.${r.FieldName}`)).toContain('UserSummary.acceptedTos');
    for (const r of typeFields) expect(r.MaxBatchSize, `${r.TypeName}.${r.FieldName}`).toBe(FIELD_RESOLVER_MAX_BATCH_SIZE);
    for (const r of resolvers.filter((r) => !typeFields.includes(r))) expect(r.MaxBatchSize).toBeUndefined();
  });
});

describe('server events', () => {
  it('resolves each IAM-only publish mutation on one NONE data source with the publish resolver code', () => {
    const none = ofType('AWS::AppSync::DataSource').filter(([, r]) => r.Properties.Type === 'NONE');
    expect(none).toHaveLength(1);
    const noneName = none[0]![1].Properties.Name;
    const schema = readFileSync(SCHEMA_PATH, 'utf8');
    for (const mutation of publishMutations) {
      expect(schema).toMatch(new RegExp(`${mutation}\\(data: AWSJSON!\\): \\w+ @aws_iam\\n`));
      const found = ofType('AWS::AppSync::Resolver').filter(
        ([, r]) => r.Properties.TypeName === 'Mutation' && r.Properties.FieldName === mutation,
      );
      expect(found, mutation).toHaveLength(1);
      expect(found[0]![1].Properties).toMatchObject({
        DataSourceName: noneName,
        Runtime: { Name: 'APPSYNC_JS', RuntimeVersion: '1.0.0' },
        Code: readFileSync(PUBLISH_RESOLVER_CODE_PATH, 'utf8'),
      });
    }
  });
});

describe('schedules', () => {
  it('runs each cron job by an EventBridge rule on its handler, with the job event', () => {
    const rules = ofType('AWS::Events::Rule');
    expect(rules).toHaveLength(CRON_JOBS.length);
    for (const job of CRON_JOBS) {
      const rule = rules.find(([, r]) => r.Properties.ScheduleExpression === `cron(${job.cron})`);
      expect(rule, job.job).toBeDefined();
      const [fnId] = functionOf(job.handler);
      const [target] = rule![1].Properties.Targets as {
        Arn: unknown;
        InputTransformer: { InputTemplate: string; InputPathsMap: unknown };
      }[];
      expect(target!.Arn).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
      expect(target!.InputTransformer.InputPathsMap).toEqual({ time: '$.time' });
      expect(target!.InputTransformer.InputTemplate).toBe(`{"job":"${job.job}","scheduledAt":<time>,"payload":{}}`);
    }
  });

  it('has a one-time schedule group and a role only EventBridge Scheduler assumes, which may invoke the one-time jobs and leave an undelivered event in the failed jobs only', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    const roles = ofType('AWS::IAM::Role').filter(([, r]) =>
      JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    );
    expect(roles).toHaveLength(1);
    const [roleId] = roles[0]!;
    const policies = ofType('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(roleId));
    const statements = policies.flatMap(
      ([, p]) => (p.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
    );
    expect(statements.map((s) => s.Action)).toEqual([
      ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
      'lambda:InvokeFunction',
    ]);
    const [fnId] = functionOf(TEST_ONE_TIME_JOB.handler);
    expect(JSON.stringify(statements[1]!.Resource)).toContain(fnId);
  });

  it('keeps every job that failed for good in a queue whose first message raises an alarm to the operator', () => {
    const [queueId] = ofType('AWS::SQS::Queue').find(([id]) => id.includes('FailedJobs'))!;
    template.hasResourceProperties('AWS::SQS::Queue', { MessageRetentionPeriod: 14 * 86_400, SqsManagedSseEnabled: true });
    // A cron rule's event that could not be delivered.
    for (const [, rule] of ofType('AWS::Events::Rule'))
      for (const target of rule.Properties.Targets as { DeadLetterConfig?: { Arn: unknown } }[])
        expect(JSON.stringify(target.DeadLetterConfig?.Arn)).toContain(queueId);
    // A job's Lambda whose asynchronous run failed its retries.
    const [payoutsFnId] = functionOf(TEST_ONE_TIME_JOB.handler);
    const invokeConfigs = ofType('AWS::Lambda::EventInvokeConfig').map(([, c]) => JSON.stringify(c.Properties));
    expect(invokeConfigs.find((c) => c.includes(payoutsFnId))).toContain(queueId);
    // The alarm, to the Alarms topic, at the first message.
    const [, alarm] = ofType('AWS::CloudWatch::Alarm').find(([id]) => id.includes('FailedJobsAlarm'))!;
    expect(alarm.Properties).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
    });
    expect(JSON.stringify(alarm.Properties.AlarmActions)).toContain('Alarms');
  });

  it('lets a scheduling handler create schedules in the group only, with the role and the targets in its environment', () => {
    const [, fn] = functionOf('files');
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.SCHEDULER_ADAPTER).toBe('eventbridge');
    expect(JSON.stringify(env.SCHEDULE_TARGETS)).toContain(`"test-once`);
    const role = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const policy = JSON.stringify(ofType('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(role)));
    expect(policy).toContain(':schedule/');
    expect(policy).toContain('"iam:PassedToService":"scheduler.amazonaws.com"');
  });
});

describe("alarms (docs/operations.md, 'Alarms')", () => {
  type Alarm = Resources[string]['Properties'] & {
    MetricName?: string;
    Namespace?: string;
    Dimensions?: { Name: string; Value: unknown }[];
  };
  const alarmsOf = (stackResources: Resources) =>
    Object.entries(stackResources)
      .filter(([, r]) => r.Type === 'AWS::CloudWatch::Alarm')
      .map(([id, r]) => [id, r.Properties as Alarm] as const);
  const alarms = () => alarmsOf(resources);
  /** The alarms on one metric, with these dimensions among theirs. */
  const alarmsOn = (metricName: string, dimensions: Record<string, unknown> = {}) =>
    alarms().filter(
      ([, a]) =>
        a.MetricName === metricName &&
        Object.entries(dimensions).every(([name, value]) =>
          a.Dimensions?.some((d) => d.Name === name && JSON.stringify(d.Value) === JSON.stringify(value)),
        ),
    );
  /** The metrics of a metric-math alarm: [metric name, dimensions]. */
  const mathMetricsOf = (alarm: Alarm) =>
    ((alarm.Metrics ?? []) as { MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string; Value: unknown }[] } } }[])
      .filter((m) => m.MetricStat)
      .map((m) => m.MetricStat!.Metric);

  it("e-mails every alarm of both stacks to the operator's address, when it fires and when it is back to OK, on one TLS-only topic per region", () => {
    for (const [stackTemplate, name] of [
      [template, 'main'],
      [edgeTemplate, 'edge'],
    ] as const) {
      const stackResources = stackTemplate.toJSON().Resources as Resources;
      const topics = Object.entries(stackResources).filter(([, r]) => r.Type === 'AWS::SNS::Topic');
      expect(topics, `${name}: one topic`).toHaveLength(1);
      const [topicId] = topics[0]!;
      stackTemplate.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: ALARM_EMAIL,
        TopicArn: { Ref: topicId },
      });
      stackTemplate.hasResourceProperties('AWS::SNS::TopicPolicy', {
        PolicyDocument: { Statement: [Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })] },
      });
      const stackAlarms = alarmsOf(stackResources);
      expect(stackAlarms.length, name).toBeGreaterThan(0);
      for (const [id, alarm] of stackAlarms) {
        expect(alarm.AlarmActions, id).toEqual([{ Ref: topicId }]);
        expect(alarm.OKActions, id).toEqual([{ Ref: topicId }]);
        expect(JSON.stringify(alarm.AlarmName), id).toContain(name === 'main' ? 'PartageTest-' : 'PartageTestEdge-');
        expect(alarm.AlarmDescription, id).toContain('docs/operations.md, "Alarms"');
        expect(alarm.TreatMissingData, id).toBe('notBreaching');
      }
    }
  });

  it("alarms each handler Lambda's errors and throttles, on that function", () => {
    for (const name of handlerNames) {
      const [fnId] = functionOf(name);
      const errors = alarmsOn('Errors', { FunctionName: { Ref: fnId } });
      expect(errors, `${name} errors`).toHaveLength(1);
      expect(errors[0]![1]).toMatchObject({
        Namespace: 'AWS/Lambda',
        Statistic: 'Sum',
        Period: 300,
        Threshold: ALARM_THRESHOLDS.functionErrors,
      });
      const throttles = alarmsOn('Throttles', { FunctionName: { Ref: fnId } });
      expect(throttles, `${name} throttles`).toHaveLength(1);
      expect(throttles[0]![1].Threshold).toBe(ALARM_THRESHOLDS.functionThrottles);
    }
  });

  it("alarms every queue's depth at its first message (every queue of the stack is a dead-letter queue)", () => {
    const queues = ofType('AWS::SQS::Queue');
    expect(queues.length).toBeGreaterThan(0);
    for (const [queueId] of queues) {
      const depth = alarmsOn('ApproximateNumberOfMessagesVisible', { QueueName: { 'Fn::GetAtt': [queueId, 'QueueName'] } });
      expect(depth, queueId).toHaveLength(1);
      expect(depth[0]![1]).toMatchObject({ Statistic: 'Maximum', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
  });

  it('alarms the requests answered SERVICE_BUSY, which no Lambda error counts', () => {
    expect(alarmsOn('ServiceBusy', { service: 'PartageTest' })[0]?.[1]).toMatchObject({
      Namespace: 'Partage',
      Statistic: 'Sum',
      Threshold: ALARM_THRESHOLDS.serviceBusy,
    });
  });

  it("alarms AppSync's 5xx and its p95 latency held 15 minutes", () => {
    const [apiId] = ofType('AWS::AppSync::GraphQLApi')[0]!;
    const api = { 'Fn::GetAtt': [apiId, 'ApiId'] };
    expect(alarmsOn('5XXError', { GraphQLAPIId: api })[0]?.[1]).toMatchObject({
      Namespace: 'AWS/AppSync',
      Statistic: 'Sum',
      Threshold: ALARM_THRESHOLDS.graphql5xx,
    });
    expect(alarmsOn('Latency', { GraphQLAPIId: api })[0]?.[1]).toMatchObject({
      ExtendedStatistic: 'p95',
      Threshold: ALARM_THRESHOLDS.graphqlP95Ms,
      EvaluationPeriods: 3,
    });
  });

  it("alarms the table's throttled requests and system errors over every operation the functions call", () => {
    const [tableId] = ofType('AWS::DynamoDB::Table')[0]!;
    for (const metricName of ['ThrottledRequests', 'SystemErrors']) {
      const found = alarms().filter(([, a]) => mathMetricsOf(a).some((m) => m.MetricName === metricName));
      expect(found, metricName).toHaveLength(1);
      const metrics = mathMetricsOf(found[0]![1]);
      expect(metrics.length, `${metricName}: an alarm's metric math sums 10 metrics at most`).toBeLessThanOrEqual(10);
      for (const metric of metrics) expect(metric.Dimensions).toContainEqual({ Name: 'TableName', Value: { Ref: tableId } });
      const operations = metrics.map((m) => m.Dimensions.find((d) => d.Name === 'Operation')!.Value);
      expect(operations.sort()).toEqual([...TABLE_OPERATIONS].sort());
    }
    // Every DynamoDB command of the functions (lib-dynamodb's `GetCommand` is GetItem) is among the operations.
    const called = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules') walk(path);
        } else if (/(?<!\.test)\.ts$/.test(entry.name)) {
          for (const [, command] of readFileSync(path, 'utf8').matchAll(/new (\w+?)(?:Item)?Command\(/g)) called.add(command!);
        }
      }
    };
    walk(join(REPO_ROOT, 'functions'));
    const asOperation: Record<string, string> = {
      Get: 'GetItem',
      BatchGet: 'BatchGetItem',
      Put: 'PutItem',
      Update: 'UpdateItem',
      Delete: 'DeleteItem',
      BatchWrite: 'BatchWriteItem',
      TransactWrite: 'TransactWriteItems',
      TransactGet: 'TransactGetItems',
      Query: 'Query',
      Scan: 'Scan',
      ExecuteStatement: 'ExecuteStatement',
      BatchExecuteStatement: 'BatchExecuteStatement',
      ExecuteTransaction: 'ExecuteTransaction',
    };
    const dynamoCommands = [...called].filter((command) => command in asOperation);
    expect(dynamoCommands).toContain('TransactWrite');
    for (const command of dynamoCommands) expect(TABLE_OPERATIONS, command).toContain(asOperation[command]);
  });

  it("alarms SES's bounce and complaint rates of the account before SES reviews it", () => {
    expect(alarmsOn('Reputation.BounceRate')[0]?.[1]).toMatchObject({ Namespace: 'AWS/SES', Threshold: ALARM_THRESHOLDS.bounceRate });
    expect(alarmsOn('Reputation.ComplaintRate')[0]?.[1]).toMatchObject({ Namespace: 'AWS/SES', Threshold: ALARM_THRESHOLDS.complaintRate });
    expect(ALARM_THRESHOLDS.bounceRate).toBeLessThan(0.05);
    expect(ALARM_THRESHOLDS.complaintRate).toBeLessThan(0.001);
  });

  it('alarms a spike of blocked requests on both WebACLs, each in its own region', () => {
    // WAF's metrics name a WebACL by its name, the first part of its Ref (name|id|scope).
    const nameOf = (aclId: string) => ({ 'Fn::Select': [0, { 'Fn::Split': ['|', { Ref: aclId }] }] });
    const [regionalAcl] = ofType('AWS::WAFv2::WebACL').find(([, acl]) => acl.Properties.Scope === 'REGIONAL')!;
    const regional = alarmsOn('BlockedRequests', { WebACL: nameOf(regionalAcl), Rule: 'ALL', Region: 'ca-central-1' });
    expect(regional).toHaveLength(1);
    expect(regional[0]![1]).toMatchObject({ Namespace: 'AWS/WAFV2', Statistic: 'Sum', Threshold: ALARM_THRESHOLDS.webAclBlocked });
    const edgeResources = edgeTemplate.toJSON().Resources as Resources;
    const [siteAcl] = Object.entries(edgeResources).find(([, r]) => r.Type === 'AWS::WAFv2::WebACL')!;
    const site = alarmsOf(edgeResources).filter(([, a]) => a.MetricName === 'BlockedRequests');
    expect(site).toHaveLength(1);
    // CloudFront's WAF metrics (us-east-1) carry no Region.
    expect(site[0]![1].Dimensions).toEqual([
      { Name: 'Rule', Value: 'ALL' },
      { Name: 'WebACL', Value: nameOf(siteAcl) },
    ]);
  });

  it('gives every asynchronous invocation and every rule target a dead-letter queue or an on-failure destination', () => {
    const lambdaIds = ofType('AWS::Lambda::Function').map(([id]) => id);
    const functionsIn = (value: unknown) => lambdaIds.filter((id) => JSON.stringify(value).includes(`"${id}"`));
    const asyncPrincipals = /^(events|scheduler|s3|sns|ses|logs|iot|cloudwatch|pipes)\.amazonaws\.com$/;
    const invokedAsync = new Set<string>();
    // Services allowed to invoke a function (each invokes asynchronously).
    for (const [, permission] of ofType('AWS::Lambda::Permission')) {
      if (asyncPrincipals.test(String(permission.Properties.Principal)))
        functionsIn(permission.Properties.FunctionName).forEach((id) => invokedAsync.add(id));
    }
    // Roles such a service assumes (EventBridge Scheduler's), and what they may invoke.
    for (const [roleId, role] of ofType('AWS::IAM::Role')) {
      const principals = JSON.stringify(role.Properties.AssumeRolePolicyDocument).match(/[a-z0-9-]+\.amazonaws\.com/g) ?? [];
      if (!principals.some((principal) => asyncPrincipals.test(principal))) continue;
      for (const [, policy] of ofType('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))) {
        const statements = (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement;
        for (const statement of statements.filter((st) => [st.Action].flat().includes('lambda:InvokeFunction')))
          functionsIn(statement.Resource).forEach((id) => invokedAsync.add(id));
      }
    }
    // A rule's target that cannot be delivered goes to the target's dead-letter queue.
    for (const [ruleId, rule] of ofType('AWS::Events::Rule')) {
      for (const target of rule.Properties.Targets as { Arn: unknown; DeadLetterConfig?: { Arn: unknown } }[]) {
        expect(target.DeadLetterConfig?.Arn, `${ruleId} target`).toBeDefined();
        functionsIn(target.Arn).forEach((id) => invokedAsync.add(id));
      }
    }
    for (const [id, schedule] of ofType('AWS::Scheduler::Schedule'))
      expect((schedule.Properties.Target as { DeadLetterConfig?: unknown }).DeadLetterConfig, id).toBeDefined();
    for (const [id, subscription] of ofType('AWS::SNS::Subscription'))
      if (['lambda', 'sqs'].includes(String(subscription.Properties.Protocol)))
        expect(subscription.Properties.RedrivePolicy, id).toBeDefined();

    // The walk finds the scheduled jobs' Lambdas (cron rules and one-time schedules)...
    for (const job of [...CRON_JOBS, ...ONE_TIME_JOBS]) expect([...invokedAsync]).toContain(functionOf(job.handler)[0]);
    // ...and each asynchronously invoked function sends a run whose retries failed somewhere.
    const onFailure = ofType('AWS::Lambda::EventInvokeConfig').filter(
      ([, config]) =>
        (config.Properties.DestinationConfig as { OnFailure?: { Destination?: unknown } } | undefined)?.OnFailure?.Destination,
    );
    for (const id of invokedAsync) {
      const configured = onFailure.some(([, config]) => functionsIn(config.Properties.FunctionName).includes(id));
      const deadLetter = (resources[id]!.Properties.DeadLetterConfig as { TargetArn?: unknown } | undefined)?.TargetArn;
      expect(
        configured || deadLetter,
        `${id}: invoked asynchronously without an on-failure destination or a dead-letter queue`,
      ).toBeTruthy();
    }
  });
});

describe('file store', () => {
  it('keeps uploads in a private bucket the browser may POST to, quarantined files 30 days, and nothing under incoming/ past 2 days', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['POST'] })] },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'files/quarantine/', ExpirationInDays: 30 }),
          Match.objectLike({ Prefix: 'files/incoming/', ExpirationInDays: 2 }),
        ]),
      },
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true, RestrictPublicBuckets: true }),
    });
  });

  it('serves public files from their own bucket through CloudFront, cached, and CloudFront reads no other file', () => {
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const config = distribution.Properties.DistributionConfig as {
      Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
      CacheBehaviors: { PathPattern: string; TargetOriginId: string; CachePolicyId: unknown }[];
    };
    const behavior = config.CacheBehaviors.find((b) => b.PathPattern === PUBLIC_FILES_PATH_PATTERN);
    // A deleted picture (an account's deletion) stops being served within the bound docs/operations.md states:
    // the edge keeps no copy longer, whatever the object's own Cache-Control says (a year for browsers).
    const [policyId, policy] = ofType('AWS::CloudFront::CachePolicy').find(([id]) => id.includes('PublicFilesCachePolicy'))!;
    expect(behavior?.CachePolicyId).toEqual({ Ref: policyId });
    expect(policy.Properties.CachePolicyConfig).toMatchObject({ MinTTL: 0, MaxTTL: PUBLIC_FILE_SHARED_MAX_AGE_SECONDS });
    expect(PUBLIC_FILE_SHARED_MAX_AGE_SECONDS).toBeLessThanOrEqual(3600);
    expect(PUBLIC_CACHE_CONTROL).toContain(`s-maxage=${PUBLIC_FILE_SHARED_MAX_AGE_SECONDS}`);
    const origin = config.Origins.find((o) => o.Id === behavior!.TargetOriginId)!;
    expect(origin.OriginAccessControlId).toBeDefined();
    const bucketId = (origin.DomainName as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const policies = ofType('AWS::S3::BucketPolicy');
    const cloudFrontReads = policies.filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('cloudfront.amazonaws.com'));
    const readBuckets = cloudFrontReads.map(([, p]) => (p.Properties.Bucket as { Ref: string }).Ref);
    expect(readBuckets).toContain(bucketId);
    const uploadsBucket = ofType('AWS::S3::Bucket').find(([, b]) => b.Properties.CorsConfiguration)![0];
    expect(readBuckets).not.toContain(uploadsBucket);
  });
});

describe('places', () => {
  it('has an Esri place index for stored results, which only the places Lambda may search, and only that way', () => {
    const indexes = ofType('AWS::Location::PlaceIndex');
    expect(indexes).toHaveLength(1);
    const [indexId, index] = indexes[0]!;
    expect(index.Properties).toMatchObject({
      IndexName: 'PartageTest-places',
      DataSource: 'Esri',
      DataSourceConfiguration: { IntendedUse: 'Storage' },
    });
    const geoStatements = ofType('AWS::IAM::Policy').flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement.filter(
        (statement) => JSON.stringify(statement.Action).includes('geo:'),
      ).map((statement) => ({ ...statement, roles: policy.Properties.Roles })),
    );
    const [, places] = functionOf('places');
    expect(geoStatements).toEqual([
      {
        Effect: 'Allow',
        Action: 'geo:SearchPlaceIndexForText',
        Resource: { 'Fn::GetAtt': [indexId, 'Arn'] },
        roles: [{ Ref: (places.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0] }],
      },
    ]);
  });
});

describe('ads', () => {
  it('has a Lambda that writes the table, e-mails the new owner of a transferred ad and reads no file but public ones', () => {
    const [, fn] = functionOf('ads');
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toMatchObject({ MAIL_ADAPTER: 'ses', FILE_STORE_ADAPTER: 's3' });
    expect(JSON.stringify(env.PUBLIC_URL)).toContain('DomainName');
    const statements = statementsOf('ads');
    expect(statements).toContain('dynamodb:PutItem');
    expect(statements).toContain('ses:SendEmail');
    expect(statements).toContain('/files/public/*');
    for (const area of FILE_AREAS.filter((a) => a !== 'public')) expect(statements, area).not.toContain(`/files/${area}/*`);
    expect(statements).not.toContain('s3:PutObject');
  });

  it("resolves Ad.contact on the ads data source, batched (one BatchInvoke per level's ads)", () => {
    const [fnId] = functionOf('ads');
    const resolver = ofType('AWS::AppSync::Resolver').find(
      ([, r]) => r.Properties.TypeName === 'Ad' && r.Properties.FieldName === 'contact',
    );
    expect(resolver![1].Properties.MaxBatchSize).toBe(FIELD_RESOLVER_MAX_BATCH_SIZE);
    const dataSource = ofType('AWS::AppSync::DataSource').find(([, r]) => r.Properties.Name === resolver![1].Properties.DataSourceName);
    expect(dataSource![1].Properties).toMatchObject({ LambdaConfig: { LambdaFunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] } } });
  });

  it('serves ad images (public files at files/public/<id>) through the cached public files behaviour', () => {
    const imagePath = `/${fileKey('public', 'an-image-id')}`;
    const pattern = new RegExp(`^${PUBLIC_FILES_PATH_PATTERN.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
    expect(imagePath).toMatch(pattern);
  });
});

describe('chat', () => {
  it('has a Lambda that publishes chat events only, schedules reminders, and reads attachments without writing any file', () => {
    const env = envOf('chat');
    expect(env).toMatchObject({ PUBLISH_ADAPTER: 'appsync', SCHEDULER_ADAPTER: 'eventbridge', FILE_STORE_ADAPTER: 's3' });
    expect(env.MAIL_ADAPTER).toBeUndefined();
    const statements = statementsOf('chat');
    expect(statements).toContain('/types/Mutation/fields/publishChatEvent');
    expect(statements).not.toContain('/types/Mutation/fields/publishFirstLoginModalClosed');
    expect(statements).toContain('scheduler:CreateSchedule');
    expect(statements).toContain('/files/private/*');
    expect(statements).not.toContain('/files/incoming/*');
    expect(statements).not.toContain('s3:PutObject');
    expect(statements).not.toContain('ses:SendEmail');
  });

  it("schedules the reminder job on a Lambda of its own, which e-mails and which the scheduler's role may invoke", () => {
    const [reminderFnId] = functionOf('chat-reminders');
    expect(JSON.stringify(envOf('chat').SCHEDULE_TARGETS)).toContain('chat-reminder');
    expect(JSON.stringify(envOf('chat').SCHEDULE_TARGETS)).toContain(`:function:${jobFunctionNameOf('chat-reminders')}`);
    expect(envOf('chat-reminders')).toMatchObject({ MAIL_ADAPTER: 'ses' });
    const reminderStatements = statementsOf('chat-reminders');
    expect(reminderStatements).toContain('ses:SendEmail');
    expect(reminderStatements).not.toContain('appsync:GraphQL');
    expect(reminderStatements).not.toContain('scheduler:CreateSchedule');
    const schedulerRole = ofType('AWS::IAM::Role').find(([, r]) =>
      JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    )![0];
    const schedulerPolicy = JSON.stringify(
      ofType('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(schedulerRole)),
    );
    expect(schedulerPolicy).toContain(reminderFnId);
  });

  it('resolves the chat fields on the chat data source: Conversation.ad batched, the subscription filtered, ChatEvent.message from its parent', () => {
    const [fnId] = functionOf('chat');
    const resolverOf = (typeName: string, fieldName: string) =>
      ofType('AWS::AppSync::Resolver').find(([, r]) => r.Properties.TypeName === typeName && r.Properties.FieldName === fieldName)?.[1];
    const dataSourceOf = (resolver: Resources[string]) =>
      ofType('AWS::AppSync::DataSource').find(([, r]) => r.Properties.Name === resolver.Properties.DataSourceName)![1];
    for (const [typeName, fieldName] of [
      ['Mutation', 'sendMessage'],
      ['Subscription', 'onChatEvent'],
      ['Conversation', 'ad'],
    ] as const) {
      const resolver = resolverOf(typeName, fieldName);
      expect(resolver, `${typeName}.${fieldName}`).toBeDefined();
      expect(dataSourceOf(resolver!).Properties).toMatchObject({ LambdaConfig: { LambdaFunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] } } });
    }
    expect(resolverOf('Conversation', 'ad')!.Properties.MaxBatchSize).toBe(FIELD_RESOLVER_MAX_BATCH_SIZE);
    expect(resolverOf('Subscription', 'onChatEvent')!.Properties.MaxBatchSize).toBeUndefined();
    expect(resolverOf('ChatEvent', 'message')).toBeUndefined();
  });
});

describe('contracts', () => {
  it('has a Lambda that e-mails the tenant, publishes contract events and chat lines only, and reads private files without writing any', () => {
    const env = envOf('contracts');
    expect(env).toMatchObject({
      PUBLISH_ADAPTER: 'appsync',
      MAIL_ADAPTER: 'ses',
      FILE_STORE_ADAPTER: 's3',
      PAYMENT_PROVIDER_ADAPTER: 'stripe',
    });
    expect(env.SCHEDULER_ADAPTER).toBeUndefined();
    const statements = statementsOf('contracts');
    expect(statements).toContain('/types/Mutation/fields/publishContractEvent');
    expect(statements).toContain('/types/Mutation/fields/publishChatEvent');
    expect(statements).not.toContain('/types/Mutation/fields/publishFirstLoginModalClosed');
    expect(statements).toContain('ses:SendEmail');
    expect(statements).toContain('/files/private/*');
    expect(statements).not.toContain('s3:PutObject');
    expect(statements).not.toContain('scheduler:CreateSchedule');
  });

  it('resolves the contract fields on the contracts data source', () => {
    const [fnId] = functionOf('contracts');
    for (const fieldName of ['proposeContract', 'updateContract', 'cancelContract', 'acceptAndPayContract']) {
      const resolver = ofType('AWS::AppSync::Resolver').find(
        ([, r]) => r.Properties.TypeName === 'Mutation' && r.Properties.FieldName === fieldName,
      )?.[1];
      const dataSource = ofType('AWS::AppSync::DataSource').find(([, r]) => r.Properties.Name === resolver?.Properties.DataSourceName)?.[1];
      expect(dataSource?.Properties, fieldName).toMatchObject({ LambdaConfig: { LambdaFunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] } } });
    }
  });
});

describe('alerts', () => {
  it('has a resolver Lambda that writes the table, e-mails confirmations and signs link tokens with the JWT key, and nothing else', () => {
    expect(envOf('alerts')).toMatchObject({ MAIL_ADAPTER: 'ses', JWT_SECRET_ARN: expect.anything() });
    const statements = statementsOf('alerts');
    expect(statements).toContain('ses:SendEmail');
    expect(statements).toContain('secretsmanager:GetSecretValue');
    for (const absent of ['scheduler:CreateSchedule', 'appsync:GraphQL', 's3:GetObject']) expect(statements).not.toContain(absent);
  });

  it('runs the weekly digest on Mondays: a cron Lambda that only schedules the shard jobs, run by a Lambda of 15 minutes that e-mails', () => {
    const [cronFnId] = functionOf('alert-digest');
    const [, shardFn] = functionOf('alert-digest-shards');
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 11 ? * MON *)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [cronFnId, 'Arn'] } })],
    });
    const cron = statementsOf('alert-digest');
    expect(cron).toContain('scheduler:CreateSchedule');
    for (const absent of ['dynamodb:', 'ses:SendEmail', 'secretsmanager:GetSecretValue']) expect(cron).not.toContain(absent);
    expect(JSON.stringify(envOf('alert-digest').SCHEDULE_TARGETS)).toContain('alert-digest-shard');
    expect(JSON.stringify(envOf('alert-digest').SCHEDULE_TARGETS)).toContain(`:function:${jobFunctionNameOf('alert-digest-shards')}`);
    expect(shardFn.Properties.Timeout).toBe(900);
    const shard = statementsOf('alert-digest-shards');
    expect(shard).toContain('ses:SendEmail');
    expect(shard).toContain('dynamodb:Query');
    expect(shard).not.toContain('scheduler:CreateSchedule');
    expect(shard).not.toContain('s3:PutObject');
  });

  it('routes the one-click unsubscribe (POST) and its page redirect (GET) to a Lambda that checks CloudFront’s header', () => {
    for (const method of ['GET', 'POST']) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${method} /alerts/unsubscribe` });
    }
    expect(envOf('alert-unsubscribe')).toMatchObject({ ORIGIN_VERIFY_SECRET_ARN: expect.anything(), JWT_SECRET_ARN: expect.anything() });
    expect(envOf('alert-unsubscribe').MAIL_ADAPTER).toBeUndefined();
  });
});

describe('payments', () => {
  it('has a resolver Lambda that calls Stripe with its keys and writes the table, and nothing else', () => {
    expect(beyondTable(accessOf('payments'))).toEqual({ table: 'readWrite', secrets: ['stripe'], publicUrl: true });
    const statements = statementsOf('payments');
    expect(statements).not.toContain('ses:SendEmail');
    expect(statements).not.toContain('s3:');
  });

  it('routes POST /webhooks/stripe to a Lambda that checks CloudFront’s header and Stripe’s signature', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /webhooks/stripe' });
    expect(beyondTable(accessOf('stripe-webhook'))).toEqual({
      table: 'readWrite',
      secrets: ['originVerify', 'stripe'],
      sendEmail: true,
      publicUrl: true,
      publish: ['contractEvent', 'chatEvent'],
      scheduler: true,
      contactEmail: true,
      platformIdentity: true,
    });
    expect(envOf('stripe-webhook')).toMatchObject({
      ORIGIN_VERIFY_SECRET_ARN: expect.anything(),
      STRIPE_SECRET_ARN: expect.anything(),
      PAYMENT_PROVIDER_ADAPTER: 'stripe',
      SCHEDULER_ADAPTER: 'eventbridge',
    });
    // It schedules the contract-paid job of a paid contract (which schedules the payout), run by the contract-payouts Lambda.
    expect(JSON.stringify(envOf('stripe-webhook').SCHEDULE_TARGETS)).toContain(`:function:${jobFunctionNameOf('contract-payouts')}`);
  });

  it('runs the payout, its retries and the closing in a Lambda that calls Stripe and schedules its own retries without a cycle', () => {
    expect(envOf('contract-payouts')).toMatchObject({
      PAYMENT_PROVIDER_ADAPTER: 'stripe',
      MAIL_ADAPTER: 'ses',
      PUBLISH_ADAPTER: 'appsync',
      SCHEDULER_ADAPTER: 'eventbridge',
    });
    expect(statementsOf('contract-payouts')).toContain('scheduler:CreateSchedule');
    // Its own ARN in its environment comes from the name it is given ahead, not from a reference to it.
    const [fnId] = functionOf('contract-payouts');
    const targets = JSON.stringify(envOf('contract-payouts').SCHEDULE_TARGETS);
    expect(targets).toContain(`:function:${jobFunctionNameOf('contract-payouts')}`);
    expect(targets).not.toContain(fnId);
  });
});

describe('HTTP API', () => {
  it('routes every HTTP_ROUTES entry to its handler with payload 2.0', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    template.resourceCountIs('AWS::ApiGatewayV2::Route', HTTP_ROUTES.length);
    const integrations = Object.fromEntries(ofType('AWS::ApiGatewayV2::Integration').map(([id, r]) => [id, r.Properties]));
    expect(Object.keys(integrations)).toHaveLength(new Set(HTTP_ROUTES.map((r) => r.name)).size);
    for (const route of HTTP_ROUTES) {
      const found = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.RouteKey === `${route.method} ${route.path}`);
      expect(found, `${route.method} ${route.path}`).toHaveLength(1);
      const target = JSON.stringify(found[0]![1].Properties.Target);
      const integrationId = Object.keys(integrations).find((id) => target.includes(id));
      const [fnId] = functionOf(route.name);
      expect(integrations[integrationId!]).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [fnId, 'Arn'] },
      });
    }
  });

  it('has an auto-deployed default stage with throttling', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() }),
    });
  });
});

describe('web hosting', () => {
  it('keeps the bucket private and SSL-only', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      }),
    });
  });

  it('serves the bucket through CloudFront with Origin Access Control, index.html at the root, no error masking', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2); // the site and the public files
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const config = distribution.Properties.DistributionConfig as Record<string, unknown>;
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    const origins = config.Origins as { Id: string; OriginAccessControlId?: unknown; S3OriginConfig?: unknown }[];
    expect(origins.filter((o) => o.OriginAccessControlId && o.S3OriginConfig)).toHaveLength(2);
  });

  it('rewrites SPA routes with a CloudFront Function on the default behaviour only', () => {
    const functions = ofType('AWS::CloudFront::Function');
    expect(functions).toHaveLength(1);
    const [fnId, fn] = functions[0]!;
    expect(fn.Properties).toMatchObject({
      FunctionCode: spaRewriteCode(),
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
    });
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const config = distribution.Properties.DistributionConfig as {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
    };
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } },
    ]);
    for (const behavior of config.CacheBehaviors) expect(behavior.FunctionAssociations).toBeUndefined();
  });

  it('routes the HTTP API paths to API Gateway, uncached, with the viewer headers except Host', () => {
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const config = distribution.Properties.DistributionConfig as {
      Origins: { Id: string; DomainName: unknown; CustomOriginConfig?: { OriginProtocolPolicy: string }; OriginCustomHeaders?: unknown }[];
      CacheBehaviors: Record<string, unknown>[];
    };
    const apiId = ofType('AWS::ApiGatewayV2::Api')[0]![0];
    const apiOrigin = config.Origins.find((o) => JSON.stringify(o.DomainName).includes(apiId));
    expect(apiOrigin?.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
    const apiBehaviors = config.CacheBehaviors.filter((b) => b.PathPattern !== PUBLIC_FILES_PATH_PATTERN);
    const patterns = apiBehaviors.map((b) => b.PathPattern);
    expect(patterns.sort()).toEqual([
      '/alerts/*',
      '/annonces',
      '/annonces/*',
      '/documents/*',
      '/log',
      '/ratings/*',
      '/sitemap.xml',
      '/status',
      '/token/*',
      WEBHOOKS_PATH_PATTERN,
    ]);
    for (const route of HTTP_ROUTES) {
      expect(patterns.some((p) => p === route.path || (String(p).endsWith('/*') && route.path.startsWith(String(p).slice(0, -1))))).toBe(
        true,
      );
    }
    // CloudFront proves itself to the HTTP API with a secret header (a dynamic reference, never the value).
    const originSecret = ofType('AWS::SecretsManager::Secret').find(([, r]) =>
      String(r.Properties.Description).includes('ORIGIN_VERIFY_SECRET_ARN'),
    )![0];
    expect(apiOrigin?.OriginCustomHeaders).toEqual([
      {
        HeaderName: 'x-origin-verify',
        HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: originSecret }, ':SecretString:::}}']] },
      },
    ]);
    // Only the JSON type and the viewer's address reach the API: its source is CloudFront's edge. The
    // payment webhooks' behaviour adds Stripe's signature header, and nothing else.
    const policies = ofType('AWS::CloudFront::OriginRequestPolicy');
    const policyWith = (headers: string[]) =>
      policies.find(([, p]) =>
        JSON.stringify((p.Properties.OriginRequestPolicyConfig as { HeadersConfig: unknown }).HeadersConfig).includes(
          JSON.stringify(headers),
        ),
      )!;
    const [policyId, policy] = policyWith(['Content-Type', 'CloudFront-Viewer-Address']);
    const [webhookPolicyId, webhookPolicy] = policyWith(['Content-Type', 'CloudFront-Viewer-Address', 'Stripe-Signature']);
    expect(policies).toHaveLength(2);
    for (const { Properties } of [policy, webhookPolicy])
      expect(Properties.OriginRequestPolicyConfig).toMatchObject({
        HeadersConfig: { HeaderBehavior: 'whitelist' },
        CookiesConfig: { CookieBehavior: 'none' },
      });
    // Every HTTP route's handler checks that header (functions/handlers/shared/http.ts).
    for (const route of HTTP_ROUTES) expect(accessOf(route.name).secrets, route.name).toContain('originVerify');
    for (const behavior of apiBehaviors.filter((b) => !SERVER_PAGE_PATH_PATTERNS.includes(String(b.PathPattern)))) {
      expect(behavior).toMatchObject({
        TargetOriginId: apiOrigin!.Id,
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: { Ref: behavior.PathPattern === WEBHOOKS_PATH_PATTERN ? webhookPolicyId : policyId },
        AllowedMethods: expect.arrayContaining(['GET', 'POST']),
        ViewerProtocolPolicy: 'https-only',
      });
    }
    // The pages the server paints: read-only, kept at most PAGE_SHARED_MAX_AGE_SECONDS as their Cache-Control
    // says, one copy per path and query whoever asks (no cookie or header in the key).
    const [pagePolicyId] = ofType('AWS::CloudFront::CachePolicy').find(([, p]) =>
      String((p.Properties.CachePolicyConfig as { Comment: string }).Comment).includes('painted by the server'),
    )!;
    for (const pattern of SERVER_PAGE_PATH_PATTERNS) {
      expect(apiBehaviors.find((b) => b.PathPattern === pattern)).toMatchObject({
        TargetOriginId: apiOrigin!.Id,
        CachePolicyId: { Ref: pagePolicyId },
        OriginRequestPolicyId: { Ref: policyId },
        AllowedMethods: ['GET', 'HEAD'],
        ViewerProtocolPolicy: 'https-only',
      });
    }
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: {
        Comment: Match.stringLikeRegexp('painted by the server'),
        MinTTL: 0,
        DefaultTTL: 0,
        MaxTTL: PAGE_SHARED_MAX_AGE_SECONDS,
        ParametersInCacheKeyAndForwardedToOrigin: {
          QueryStringsConfig: { QueryStringBehavior: 'all' },
          HeadersConfig: { HeaderBehavior: 'none' },
          CookiesConfig: { CookieBehavior: 'none' },
          EnableAcceptEncodingBrotli: true,
          EnableAcceptEncodingGzip: true,
        },
      },
    });
  });

  it("compresses at CloudFront, and uploads none of the build's precompressed copies", () => {
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const config = distribution.Properties.DistributionConfig as {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
    };
    expect(config.DefaultCacheBehavior.Compress).toBe(true);
    for (const behavior of config.CacheBehaviors) expect(behavior.Compress, String(behavior.PathPattern)).toBe(true);
    const staged = readdirSync(outdir).filter((name) => name.startsWith('asset.') && existsSync(join(outdir, name, 'index.html')));
    expect(staged.length).toBeGreaterThan(0);
    for (const dir of staged) {
      expect(existsSync(join(outdir, dir, 'assets', 'index-abc123.js'))).toBe(true);
      expect(existsSync(join(outdir, dir, 'index.html.br'))).toBe(false);
      expect(existsSync(join(outdir, dir, 'assets', 'index-abc123.js.gz'))).toBe(false);
    }
  });

  it('serves the painted pages and the sitemap from a Lambda that carries the server renderer, reads the files’ names only, and checks CloudFront’s header', () => {
    for (const path of ['/annonces', '/annonces/{proxy+}', '/sitemap.xml']) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `GET ${path}` });
    }
    // readWrite: the search's limits per source address are counted in the table.
    expect(beyondTable(accessOf('seo'))).toEqual({
      table: 'readWrite',
      secrets: ['originVerify'],
      publicUrl: true,
      files: { public: 'read' },
      pageRenderer: true,
      memorySize: 1024,
    });
    expect(envOf('seo')).toHaveProperty('PUBLIC_URL');
    expect(envOf('seo')).toMatchObject({ PAGE_RENDERER_PATH: '/var/task/page-renderer/server-render.js' });
    // The bundle's asset holds the renderer where that variable names it.
    const { S3Key } = functionOf('seo')[1].Properties.Code as { S3Key: string };
    const assetDir = join(outdir, `asset.${S3Key.replace(/\.zip$/, '')}`);
    expect(existsSync(join(assetDir, 'page-renderer', 'server-render.js'))).toBe(true);
    expect(existsSync(join(assetDir, 'page-renderer', 'manifest.json'))).toBe(true);
    expect(envOf('ads')).not.toHaveProperty('PAGE_RENDERER_PATH');
  });

  it('sends security headers, with a CSP that lets the app reach AppSync over https and wss', () => {
    template.resourceCountIs('AWS::CloudFront::ResponseHeadersPolicy', 1);
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        }),
      }),
    });
    const [, policy] = ofType('AWS::CloudFront::ResponseHeadersPolicy')[0]!;
    const csp = JSON.stringify(
      (policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: { ContentSecurityPolicy: unknown } }).SecurityHeadersConfig
        .ContentSecurityPolicy,
    );
    const apiId = ofType('AWS::AppSync::GraphQLApi')[0]![0];
    expect(csp).toContain("connect-src 'self' https://");
    expect(csp).toContain(`"Fn::GetAtt":["${apiId}","GraphQLDns"]`);
    expect(csp).toContain(' wss://');
    expect(csp).toContain(`"Fn::GetAtt":["${apiId}","RealtimeDns"]`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp, 'the head script of the pages painted ahead').toContain(`script-src 'self' ${inlineHash(PRERENDER_HEAD_SCRIPT)}`);
    expect(csp, 'the map style origin').toContain(' https://tuiles.exemple.ca');
    expect(csp, "the operator's style replaces Amazon Location's street map").not.toContain('maps.geo.');
    const uploadsBucket = ofType('AWS::S3::Bucket').find(([, b]) => b.Properties.CorsConfiguration)![0];
    expect(csp).toContain(`"Fn::GetAtt":["${uploadsBucket}","RegionalDomainName"]`);
  });

  it('deploys the build and a no-cache config.json with the GraphQL endpoint', () => {
    const deployments = ofType('Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(3);
    const apiId = ofType('AWS::AppSync::GraphQLApi')[0]![0];
    const configDeployment = deployments.find(([, d]) => JSON.stringify(d.Properties.SourceMarkers ?? []).includes('GraphQLUrl'));
    expect(configDeployment, 'config.json deployment').toBeDefined();
    const props = configDeployment![1].Properties as {
      SourceObjectKeys: string[];
      SourceMarkers: Record<string, unknown>[];
      SystemMetadata: Record<string, string>;
      Prune: boolean;
    };
    expect(props.SystemMetadata['cache-control']).toBe('no-cache');
    expect(props.Prune).toBe(false);
    const assetDir = join(outdir, `asset.${props.SourceObjectKeys[0]!.replace(/\.zip$/, '')}`);
    const written = JSON.parse(readFileSync(join(assetDir, 'config.json'), 'utf8')) as Record<string, string>;
    const markers = Object.assign({}, ...props.SourceMarkers) as Record<string, unknown>;
    expect(markers[written.graphqlEndpoint!]).toEqual({ 'Fn::GetAtt': [apiId, 'GraphQLUrl'] });
    expect(written).toMatchObject({ mode: 'aws', apiUrl: '', region: 'ca-central-1', version: '1.2.3-test', mapStyleUrl: MAP_STYLE_URL });
    // With an operator's style, no street map key (street-map.test.ts covers the stack's own).
    template.resourceCountIs('AWS::Location::APIKey', 0);

    const shell = deployments.find(([, d]) => (d.Properties.Exclude as string[] | undefined)?.includes('config.json'));
    expect(shell?.[1].Properties).toMatchObject({ Prune: true, DistributionPaths: ['/*'] });
  });

  it('outputs the site and GraphQL URLs', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(JSON.stringify(outputs.SiteUrl?.Value)).toContain('DomainName');
    expect(outputs.GraphqlUrl?.Value).toEqual({ 'Fn::GetAtt': [ofType('AWS::AppSync::GraphQLApi')[0]![0], 'GraphQLUrl'] });
  });
});

describe('limits against abuse', () => {
  const rateRule = (name: string, limit: number) =>
    Match.objectLike({
      Name: name,
      Statement: {
        RateBasedStatement: Match.objectLike({ Limit: limit, AggregateKeyType: 'IP', EvaluationWindowSec: RATE_WINDOW_SECONDS }),
      },
      Action: {
        Block: {
          CustomResponse: Match.objectLike({
            ResponseCode: 429,
            ResponseHeaders: [{ Name: 'retry-after', Value: String(RATE_WINDOW_SECONDS) }],
          }),
        },
      },
    });

  it('puts a us-east-1 WebACL of per-address rate rules on CloudFront, the HTTP API routes included', () => {
    expect(edgeTemplate.toJSON()).toBeDefined();
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: SITE_RATE_RULES.map((rule) => rateRule(rule.name, rule.limit)),
    });
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'token-endpoints',
          Statement: {
            RateBasedStatement: Match.objectLike({
              ScopeDownStatement: {
                ByteMatchStatement: Match.objectLike({ SearchString: '/token/', PositionalConstraint: 'STARTS_WITH' }),
              },
            }),
          },
        }),
      ]),
    });
    const distribution = ofType('AWS::CloudFront::Distribution')[0]![1];
    expect((distribution.Properties.DistributionConfig as { WebACLId?: unknown }).WebACLId).toBeDefined();
  });

  it('associates a REGIONAL WebACL of per-address rate rules with the AppSync API', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'REGIONAL',
      Rules: APPSYNC_RATE_RULES.map((rule) => rateRule(rule.name, rule.limit)),
    });
    const [apiId] = ofType('AWS::AppSync::GraphQLApi')[0]!;
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', { ResourceArn: { 'Fn::GetAtt': [apiId, 'Arn'] } });
  });

  it('throttles every HTTP API route on its own, under the stage', () => {
    const stage = ofType('AWS::ApiGatewayV2::Stage')[0]![1];
    expect(stage.Properties.RouteSettings).toEqual(
      Object.fromEntries(
        HTTP_ROUTES.map(({ method, path }) => {
          const { rateLimit, burstLimit } = ROUTE_THROTTLES[`${method} ${path}`] ?? ROUTE_THROTTLE_DEFAULT;
          return [`${method} ${path}`, { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit }];
        }),
      ),
    );
    expect(ROUTE_THROTTLES['POST /token/login']!.rateLimit).toBeLessThan(ROUTE_THROTTLE_DEFAULT.rateLimit);
  });

  it('limits GraphQL query depth and resolvers per request, and turns introspection off', () => {
    template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      QueryDepthLimit: GRAPHQL_LIMITS.queryDepth,
      ResolverCountLimit: GRAPHQL_LIMITS.resolverCount,
      IntrospectionConfig: 'DISABLED',
    });
  });
});

describe('operations dashboard', () => {
  it("shows every business metric of the stack's service, every Lambda's errors, AppSync's latency and errors, DynamoDB's throttling", () => {
    const dashboards = ofType('AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]![1].Properties.DashboardBody);
    for (const metric of BUSINESS_METRICS)
      expect(body).toContain(`\\"${METRICS_NAMESPACE}\\",\\"${metric}\\",\\"service\\",\\"PartageTest\\"`);
    for (const name of handlerNames) {
      const [id] = functionOf(name);
      expect(body, `${name} errors`).toMatch(new RegExp(`Errors.*?${id}`));
    }
    for (const metric of ['Latency', '5XXError', 'ReadThrottleEvents', 'WriteThrottleEvents']) expect(body).toContain(metric);
  });
});
