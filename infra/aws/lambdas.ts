// One Lambda per handler of functions/handlers/catalog.ts (entry functions/handlers/<name>.ts),
// bundled locally by esbuild (never in Docker), with its log group, and exactly the grants and the
// environment its declaration in functions/handlers/access.ts asks for (docs/contracts.md).

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { HandlerAccess } from '@partage/functions/handlers/access';
import { fileAreaPrefix, isPublicArea, type FileArea } from '@partage/functions/domain/files/file-keys';
import { SERVER_EVENTS } from '@partage/functions/domain/events';
import type { PlatformFeeSettings } from '@partage/functions/domain/contracts/platform-fee';
import { TWILIO_BUNDLE_ALIASES } from '@partage/functions/adapters/twilio-bundling';
import { LAMBDA_NODE_TARGET } from '@partage/functions/handlers/node-target';
import { METRICS_NAMESPACE } from '@partage/functions/adapters/metrics';
import { PDF_FONT_FILE_NAMES } from '@partage/functions/domain/contracts/document-fonts';
import { REPO_ROOT, senderAddress } from './config';
import { PLACE_INDEX_ACTIONS } from './place-index';
import type { Scheduling } from './scheduling';
import { acknowledgeWildcardResources } from './audit';

export const HANDLERS_DIR = join(REPO_ROOT, 'functions', 'handlers');
/** Where a bundle carries the web app's server renderer (handlers that declare `pageRenderer`). */
export const PAGE_RENDERER_PATH = '/var/task/page-renderer/server-render.js';
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_24_X;

/** Where a bundle carries the PDF documents' font (handlers that declare `pdfFonts`), and where it is copied from. */
export const PDF_FONTS_PATH = '/var/task/fonts';
const PDF_FONTS_SOURCE = join(REPO_ROOT, 'node_modules', '@fontsource', 'noto-sans', 'files');
const PDF_FONT_FILES = Object.values(PDF_FONT_FILE_NAMES);

/** What the file store does with objects (functions/adapters/s3-file-store.ts): ranged and presigned GET, copy source. */
export const FILE_READ_ACTIONS = ['s3:GetObject'];
/** Presigned POST, copy destination, delete. */
export const FILE_WRITE_ACTIONS = ['s3:PutObject', 's3:DeleteObject'];

/** What the data modules send on the table's items (functions/data): reads, then what writing adds. */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/** The dynamodb:LeadingKeys patterns of a handler's declared partitions (a prefix and anything after it). */
export const leadingKeyPatterns = (partitions: readonly string[]): string[] => partitions.map((prefix) => `${prefix}*`);

/**
 * The table as far as DynamoDB lets a grant follow a handler's declaration (functions/handlers/access.ts):
 * - Items: `ForAllValues:StringLike` on dynamodb:LeadingKeys, which holds the table's partition key of every item a
 *   request names ("the first key attribute of a table", to be used with ForAllValues:
 *   https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/specifying-conditions.html): GetItem, PutItem,
 *   UpdateItem, DeleteItem, each key of BatchGetItem and BatchWriteItem, a Query on the table (its key condition's
 *   partition), and each item of TransactWriteItems and TransactGetItems, which DynamoDB authorizes as the underlying
 *   GetItem, PutItem, UpdateItem, DeleteItem and ConditionCheckItem
 *   (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis-iam.html).
 * - Indexes: a Query on a GSI names the index's partition key, not the table's, and the docs define LeadingKeys on the
 *   table's only; so Query on the index ARNs the handler declares, without the condition: not narrowed within them.
 * - Scan: granted to no Lambda ("Scan returns all items regardless of the leading keys", same page): only the
 *   operator's offline re-index scans (infra/local/reindex-search.ts).
 * The DB tests prove the declarations: functions/data/declared-access.ts refuses there what this would refuse here.
 */
function grantTable(fn: NodejsFunction, name: string, access: HandlerAccess, table: dynamodb.ITable): void {
  if (!access.partitions?.length)
    throw new Error(`Handler "${name}" reads the table but declares no partitions (functions/handlers/access.ts)`);
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: access.table === 'readWrite' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS,
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeyPatterns(access.partitions) } },
    }),
  );
  if (access.indexes?.length) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: access.indexes.map((index) => `${table.tableArn}/index/${index}`),
      }),
    );
  }
}

export function constructIdOf(name: string): string {
  return name.replace(/(^|[^a-zA-Z0-9]+)([a-zA-Z0-9])/g, (_m, _sep: string, c: string) => c.toUpperCase());
}

/**
 * The name of the Lambda that runs one-time jobs of `handler`, known before it exists: the functions
 * that schedule its jobs (itself among them: the payout schedules its own retries) name its ARN from
 * it, not from a reference to the function, which would be a dependency cycle in the stack.
 */
export function jobFunctionName(stackName: string, handler: string): string {
  const name = `${stackName}-${handler}`;
  if (name.length > 64) throw new Error(`The Lambda name ${name} is longer than 64 characters: shorten the stack's name`);
  return name;
}

/** Fails early instead of letting NodejsFunction fall back to Docker bundling. */
function assertLocalEsbuild(): void {
  try {
    createRequire(import.meta.url).resolve('esbuild');
  } catch {
    throw new Error(
      'esbuild is not installed: the Lambdas are bundled locally, never in Docker. Run `npm install` at the repository root.',
    );
  }
}

/** The built renderer: synthesis fails early without it (the pages would answer 500). */
function checkedRendererDir(dir: string): string {
  if (!existsSync(join(dir, 'server-render.js'))) {
    throw new Error(`${dir} has no server-render.js: run \`npm run build -w web\` before synthesising.`);
  }
  return dir;
}

export interface HandlerFunctionsProps {
  /** Handler names (functions/handlers/<name>.ts); duplicates are ignored. */
  names: string[];
  /** The handlers one-time jobs run: their Lambdas are named ahead (jobFunctionName). */
  jobHandlers: string[];
  /** What each handler may touch (functions/handlers/access.ts); a handler absent gets nothing. */
  access: Record<string, HandlerAccess>;
  table: dynamodb.ITable;
  jwtSecret: secretsmanager.ISecret;
  /** The value CloudFront adds to what it forwards to the HTTP API (functions/handlers/shared/http.ts). */
  originVerifySecret: secretsmanager.ISecret;
  /** Twilio Verify's credentials (functions/adapters/twilio-phone-verifier.ts). */
  twilioSecret: secretsmanager.ISecret;
  /** Stripe's secret key and webhook signing secret (functions/adapters/stripe-payment-provider.ts). */
  stripeSecret: secretsmanager.ISecret;
  /** The web app's server renderer as the build leaves it (web/dist-server, beside the web build). */
  pageRendererDir: string;
  /** The file store's buckets (infra/aws/file-storage.ts). */
  fileBuckets: { files: s3.IBucket; public: s3.IBucket };
  /** Amazon Location's place index (infra/aws/place-index.ts). */
  placeIndex: { indexName: string; indexArn: string };
  mailFrom: string;
  /** The team's address (context `partage:contactEmail`): CONTACT_EMAIL of the handlers that declare `contactEmail`. */
  contactEmail?: string;
  /** The contracts' fee (context `partage:platformFee*`): PLATFORM_FEE_* of the handlers that declare `platformFee`. */
  platformFee?: PlatformFeeSettings;
  /** The platform's GST and QST numbers (context `partage:platform*Number`): PLATFORM_*_NUMBER of the same handlers. */
  platformTaxNumbers?: { gstNumber: string; qstNumber: string };
  /** The platform as its invoices name it (context `partage:platformLegalName`, `partage:platformAddress`): of the handlers that declare `platformIdentity`. */
  platformIdentity?: { legalName?: string; address?: string };
  appVersion: string;
}

export class HandlerFunctions extends Construct {
  private readonly byName = new Map<string, NodejsFunction>();
  private readonly access: Record<string, HandlerAccess>;

  constructor(scope: Construct, id: string, props: HandlerFunctionsProps) {
    super(scope, id);
    this.access = props.access;
    assertLocalEsbuild();
    for (const name of new Set(props.names)) this.byName.set(name, this.create(name, props));
  }

  get(name: string): NodejsFunction {
    const fn = this.byName.get(name);
    if (!fn) throw new Error(`No Lambda for handler "${name}"`);
    return fn;
  }

  get all(): [string, NodejsFunction][] {
    return [...this.byName];
  }

  accessOf(name: string): HandlerAccess {
    return this.access[name] ?? {};
  }

  /** Sets PUBLIC_URL on every function whose access asks for it (known only once the site exists). */
  setPublicUrl(url: string): void {
    for (const [name, fn] of this.byName) if (this.accessOf(name).publicUrl) fn.addEnvironment('PUBLIC_URL', url);
  }

  /** Lets each function that publishes call its events' IAM-only mutations, and nothing else. */
  grantPublish(api: appsync.GraphqlApi): void {
    for (const [name, fn] of this.byName) {
      const events = this.accessOf(name).publish ?? [];
      if (!events.length) continue;
      api.grantMutation(fn, ...events.map((event) => SERVER_EVENTS[event].mutation));
      fn.addEnvironment('PUBLISH_ADAPTER', 'appsync').addEnvironment('GRAPHQL_URL', api.graphqlUrl);
    }
  }

  /** Lets each function that schedules create and delete one-time schedules of the group, passing the scheduler's role. */
  grantScheduling(scheduling: Scheduling): void {
    for (const [name, fn] of this.byName) {
      if (!this.accessOf(name).scheduler) continue;
      scheduling.grantScheduleOnce(fn);
      fn.addEnvironment('SCHEDULER_ADAPTER', 'eventbridge');
      for (const [variable, value] of Object.entries(scheduling.environment)) fn.addEnvironment(variable, value);
    }
  }

  private create(name: string, props: HandlerFunctionsProps): NodejsFunction {
    const entry = join(HANDLERS_DIR, `${name}.ts`);
    if (!existsSync(entry)) throw new Error(`Handler "${name}" is in the catalog but ${entry} does not exist`);
    const access = this.accessOf(name);
    const id = constructIdOf(name);

    const logGroup = new logs.LogGroup(this, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Its own role, with inline statements only: writing to its own log group (rather than the managed
    // AWSLambdaBasicExecutionRole's logs:* on every log group of the account), then the grants below.
    const role = new iam.Role(this, `${id}Role`, {
      description: `Partage ${name} handler`,
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    });
    logGroup.grantWrite(role);

    const fn = new NodejsFunction(this, id, {
      ...(props.jobHandlers.includes(name) && { functionName: jobFunctionName(Stack.of(this).stackName, name) }),
      entry,
      handler: 'handler',
      description: `Partage ${name} handler`,
      runtime: LAMBDA_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: access.memorySize ?? 512,
      timeout: Duration.seconds(access.timeoutSeconds ?? 10),
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      role,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        ...(access.table ? { TABLE_NAME: props.table.tableName } : {}),
        ...(access.secrets?.includes('jwt') ? { JWT_SECRET_ARN: props.jwtSecret.secretArn } : {}),
        ...(access.secrets?.includes('originVerify') ? { ORIGIN_VERIFY_SECRET_ARN: props.originVerifySecret.secretArn } : {}),
        ...(access.secrets?.includes('twilio')
          ? { PHONE_VERIFIER_ADAPTER: 'twilio', TWILIO_SECRET_ARN: props.twilioSecret.secretArn }
          : {}),
        ...(access.secrets?.includes('stripe')
          ? { PAYMENT_PROVIDER_ADAPTER: 'stripe', STRIPE_SECRET_ARN: props.stripeSecret.secretArn }
          : {}),
        ...(access.sendEmail ? { MAIL_ADAPTER: 'ses', MAIL_FROM: props.mailFrom } : {}),
        // Absent when the deployment has no contact address: the contact form then answers CONTACT_UNAVAILABLE.
        ...(access.contactEmail && props.contactEmail ? { CONTACT_EMAIL: props.contactEmail } : {}),
        // Absent when the deployment charges no fee (the functions then read 0).
        ...(access.platformFee && props.platformFee
          ? {
              PLATFORM_FEE_BASIS_POINTS: String(props.platformFee.basisPoints),
              PLATFORM_FEE_FIXED_CENTS: String(props.platformFee.fixedCents),
            }
          : {}),
        ...(access.platformFee && props.platformTaxNumbers
          ? { PLATFORM_GST_NUMBER: props.platformTaxNumbers.gstNumber, PLATFORM_QST_NUMBER: props.platformTaxNumbers.qstNumber }
          : {}),
        ...(access.platformIdentity && props.platformIdentity?.legalName ? { PLATFORM_LEGAL_NAME: props.platformIdentity.legalName } : {}),
        ...(access.platformIdentity && props.platformIdentity?.address ? { PLATFORM_ADDRESS: props.platformIdentity.address } : {}),
        ...(access.pdfFonts ? { PDF_FONTS_DIR: PDF_FONTS_PATH } : {}),
        ...(access.files
          ? {
              FILE_STORE_ADAPTER: 's3',
              FILES_BUCKET: props.fileBuckets.files.bucketName,
              PUBLIC_FILES_BUCKET: props.fileBuckets.public.bucketName,
            }
          : {}),
        ...(access.placeIndex ? { PLACES_ADAPTER: 'amazon-location', PLACE_INDEX_NAME: props.placeIndex.indexName } : {}),
        ...(access.pageRenderer ? { PAGE_RENDERER_PATH } : {}),
        APP_VERSION: props.appVersion,
        NODE_OPTIONS: '--enable-source-maps',
        // The logger's and the metrics' (functions/adapters/log.ts, metrics.ts): one service per stack, so a
        // staging stack's metrics stay apart from production's in the one namespace (infra/aws/dashboard.ts).
        POWERTOOLS_SERVICE_NAME: Stack.of(this).stackName,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        METRICS_ADAPTER: 'emf',
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: LAMBDA_NODE_TARGET,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        mainFields: ['module', 'main'],
        // CommonJS dependencies bundled into ESM still call require().
        banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
        externalModules: ['@aws-sdk/*'],
        tsconfig: join(REPO_ROOT, 'functions', 'tsconfig.json'),
        logLevel: LogLevel.WARNING,
        // The renderer and the PDF font are read by path at run time (not bundled): copies beside the handler.
        ...((access.pageRenderer || access.pdfFonts) && {
          commandHooks: {
            beforeBundling: () => [],
            beforeInstall: () => [],
            afterBundling: (_inputDir: string, outputDir: string) => [
              ...(access.pageRenderer ? [`cp -r "${checkedRendererDir(props.pageRendererDir)}" "${outputDir}/page-renderer"`] : []),
              ...(access.pdfFonts
                ? [
                    `mkdir -p "${outputDir}/fonts"`,
                    ...PDF_FONT_FILES.map((file) => `cp "${join(PDF_FONTS_SOURCE, file)}" "${outputDir}/fonts/"`),
                  ]
                : []),
            ],
          },
        }),
        ...(access.secrets?.includes('twilio') && {
          esbuildArgs: Object.fromEntries(Object.entries(TWILIO_BUNDLE_ALIASES).map(([from, to]) => [`--alias:${from}`, to])),
        }),
      },
    });

    // X-Ray's PutTraceSegments and PutTelemetryRecords (tracing: ACTIVE) have no resource to name.
    acknowledgeWildcardResources(
      role,
      ['*'],
      'xray:PutTraceSegments and xray:PutTelemetryRecords (active tracing) support no resource-level permission: their only resource is *.',
    );
    if (access.table) grantTable(fn, name, access, props.table);
    if (access.secrets?.includes('jwt')) props.jwtSecret.grantRead(fn);
    if (access.secrets?.includes('originVerify')) props.originVerifySecret.grantRead(fn);
    if (access.secrets?.includes('twilio')) props.twilioSecret.grantRead(fn);
    if (access.secrets?.includes('stripe')) props.stripeSecret.grantRead(fn);
    const fileBuckets = new Set<s3.IBucket>();
    for (const [area, level] of Object.entries(access.files ?? {}) as [FileArea, 'read' | 'readWrite'][]) {
      const bucket = isPublicArea(area) ? props.fileBuckets.public : props.fileBuckets.files;
      fileBuckets.add(bucket);
      // The object actions the file store uses, on the area's keys only (Bucket.grantReadWrite would
      // add s3:GetBucket*, s3:List*, s3:Abort*, tagging, retention…).
      const areaObjects = bucket.arnForObjects(`${fileAreaPrefix(area)}*`);
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: level === 'readWrite' ? [...FILE_READ_ACTIONS, ...FILE_WRITE_ACTIONS] : FILE_READ_ACTIONS,
          resources: [areaObjects],
        }),
      );
      acknowledgeWildcardResources(
        role,
        [areaObjects],
        `The objects of the file area ${area} only (key prefix ${fileAreaPrefix(area)}, functions/domain/files/file-keys.ts): each upload gets a key of its own, so the area's prefix is the narrowest resource.`,
      );
    }
    // Without s3:ListBucket, S3 answers 403 instead of 404 for a key that does not exist, and the file
    // store's peek() could not tell "nothing was uploaded" from a failure. It lists key names only.
    for (const bucket of fileBuckets) {
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    }
    if (access.placeIndex) {
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: PLACE_INDEX_ACTIONS, resources: [props.placeIndex.indexArn] }));
    }
    if (access.sendEmail) {
      const identities = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          // Identity ARNs: the sender's domain or address, plus (in the SES sandbox) the recipients'.
          resources: [identities],
          conditions: { StringEquals: { 'ses:FromAddress': senderAddress(props.mailFrom) } },
        }),
      );
      acknowledgeWildcardResources(
        role,
        [identities],
        "SES authorizes a send against the sender's identity and, in the SES sandbox, each recipient's: the recipients are not known ahead. The statement's condition ses:FromAddress allows MAIL_FROM as the sender only.",
      );
    }
    return fn;
  }
}
