// One Lambda per handler of functions/handlers/catalog.ts (entry functions/handlers/<name>.ts),
// bundled locally by esbuild (never in Docker), with its log group, its environment (docs/contracts.md)
// and only the grants its handler needs.

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
import { Construct } from 'constructs';
import { REPO_ROOT, senderAddress } from './config';

export const HANDLERS_DIR = join(REPO_ROOT, 'functions', 'handlers');
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_22_X;

/** What a handler may touch. */
export interface HandlerAccess {
  table: 'none' | 'read' | 'readWrite';
  /** Read the JWT signing key (sign or verify tokens). */
  jwtSecret: boolean;
  /** ses:SendEmail, only from MAIL_FROM. */
  sendEmail: boolean;
  /** Gets PUBLIC_URL (the site's URL, for links in e-mails). */
  publicUrl: boolean;
  memorySize?: number;
}

/** Resolver capabilities and any handler not listed below: the table, e-mail, links. */
export const DEFAULT_ACCESS: HandlerAccess = { table: 'readWrite', jwtSecret: false, sendEmail: true, publicUrl: true };

/**
 * The handlers that need less (or more) than the default. The authorizer only verifies tokens: it
 * gets no PUBLIC_URL, which would also make a dependency cycle (authorizer -> distribution -> CSP ->
 * AppSync API -> authorizer).
 */
export const HANDLER_ACCESS: Record<string, Partial<HandlerAccess>> = {
  // Reads the session (refresh family) and the user's lock, so revoked sessions stop within its cache TTL.
  authorizer: { table: 'read', jwtSecret: true, sendEmail: false, publicUrl: false },
  token: { jwtSecret: true, memorySize: 1024 }, // scrypt password hashing wants CPU
  accounts: { memorySize: 1024 }, // scrypt (changePassword)
  status: { table: 'read', sendEmail: false, publicUrl: false },
  log: { sendEmail: false, publicUrl: false }, // table: its rate limit per source address
};

export function accessOf(name: string): HandlerAccess {
  return { ...DEFAULT_ACCESS, ...HANDLER_ACCESS[name] };
}

export function constructIdOf(name: string): string {
  return name.replace(/(^|[^a-zA-Z0-9]+)([a-zA-Z0-9])/g, (_m, _sep: string, c: string) => c.toUpperCase());
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

export interface HandlerFunctionsProps {
  /** Handler names (functions/handlers/<name>.ts); duplicates are ignored. */
  names: string[];
  table: dynamodb.ITable;
  jwtSecret: secretsmanager.ISecret;
  mailFrom: string;
  appVersion: string;
}

export class HandlerFunctions extends Construct {
  private readonly byName = new Map<string, NodejsFunction>();

  constructor(scope: Construct, id: string, props: HandlerFunctionsProps) {
    super(scope, id);
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

  /** Sets PUBLIC_URL on every function whose access asks for it (known only once the site exists). */
  setPublicUrl(url: string): void {
    for (const [name, fn] of this.byName) if (accessOf(name).publicUrl) fn.addEnvironment('PUBLIC_URL', url);
  }

  private create(name: string, props: HandlerFunctionsProps): NodejsFunction {
    const entry = join(HANDLERS_DIR, `${name}.ts`);
    if (!existsSync(entry)) throw new Error(`Handler "${name}" is in the catalog but ${entry} does not exist`);
    const access = accessOf(name);
    const id = constructIdOf(name);

    const logGroup = new logs.LogGroup(this, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const fn = new NodejsFunction(this, id, {
      entry,
      handler: 'handler',
      description: `Partage ${name} handler`,
      runtime: LAMBDA_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: access.memorySize ?? 512,
      timeout: Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        TABLE_NAME: props.table.tableName,
        JWT_SECRET_ARN: props.jwtSecret.secretArn,
        MAIL_ADAPTER: 'ses',
        MAIL_FROM: props.mailFrom,
        APP_VERSION: props.appVersion,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        mainFields: ['module', 'main'],
        // CommonJS dependencies bundled into ESM still call require().
        banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
        externalModules: ['@aws-sdk/*'],
        tsconfig: join(REPO_ROOT, 'functions', 'tsconfig.json'),
        logLevel: LogLevel.WARNING,
      },
    });

    if (access.table === 'readWrite') props.table.grantReadWriteData(fn);
    if (access.table === 'read') props.table.grantReadData(fn);
    if (access.jwtSecret) props.jwtSecret.grantRead(fn);
    if (access.sendEmail) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          // Identity ARNs: the sender's domain or address, plus (in the SES sandbox) the recipients'.
          resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
          conditions: { StringEquals: { 'ses:FromAddress': senderAddress(props.mailFrom) } },
        }),
      );
    }
    return fn;
  }
}
