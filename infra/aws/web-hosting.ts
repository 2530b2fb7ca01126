// The web app: a private S3 bucket behind CloudFront (Origin Access Control), public pages rewritten to
// their prerendered HTML and other SPA routes to /index.html by a CloudFront Function, text compressed by
// CloudFront (Brotli or gzip, as the viewer accepts; the build's own .br/.gz copies are not uploaded), security headers on every response, the HTTP API's paths
// routed to API Gateway on the same origin, checked public files under /files/public/* (cached, an hour at most at the edge),
// and the build plus the runtime config.json deployed.

import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_UI_LANGUAGE, PAGE_SHARED_MAX_AGE_SECONDS, PUBLIC_PAGES, UI_LANGUAGES } from '@partage/graphql';
import { PUBLIC_FILE_SHARED_MAX_AGE_SECONDS } from '@partage/functions/adapters/file-store';
import { ORIGIN_VERIFY_HEADER } from '@partage/functions/handlers/shared/http';
import type { SiteSettings, TelemetrySettings } from '../shared/site-settings';
import { contentSecurityPolicy, FRAME_OPTIONS, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY } from '../shared/security-headers';
import { StreetMap, streetMapOrigin } from './street-map';
import { ACCESS_LOG_PREFIXES } from './access-logs';
import { acknowledge, acknowledgeWildcardActions, acknowledgeWildcardResources } from './audit';

export const SPA_REWRITE_CODE_PATH = fileURLToPath(new URL('./spa-rewrite.js', import.meta.url));

/** The CloudFront Function's code with the public pages and languages filled in (a function imports nothing). */
export function spaRewriteCode(): string {
  const filled = [
    ['PRERENDERED_PATHS', PUBLIC_PAGES.map(({ path }) => path)],
    ['LANGUAGES', UI_LANGUAGES],
    ['DEFAULT_LANGUAGE', DEFAULT_UI_LANGUAGE],
  ] as const;
  return filled.reduce(
    (code, [name, value]) => {
      const declaration = new RegExp(`^var ${name} = .*;$`, 'm');
      if (!declaration.test(code)) throw new Error(`spa-rewrite.js lacks var ${name}`);
      return code.replace(declaration, () => `var ${name} = ${JSON.stringify(value)};`);
    },
    readFileSync(SPA_REWRITE_CODE_PATH, 'utf8'),
  );
}

/**
 * The build's precompressed copies (web/scripts/compress.ts) serve the local host only: CloudFront compresses
 * itself (`compress: true`), which keeps S3's Content-Type and Content-Encoding metadata out of the question.
 */
export const PRECOMPRESSED_COPIES = ['**/*.br', '**/*.gz'];

/** The runtime configuration the web app fetches at /config.json (docs/contracts.md). */
export interface WebRuntimeConfig {
  mode: 'aws';
  graphqlEndpoint: string;
  apiUrl: string;
  region: string;
  version: string;
  /** The maps' MapLibre style: the configured one, else the stack's Amazon Location street map. */
  mapStyleUrl: string;
  site: SiteSettings;
  analyticsId?: string;
  errorReportingDsn?: string;
}

export interface WebHostingProps {
  webDistPath: string;
  graphqlUrl: string;
  /** Host names of the AppSync HTTPS and real-time endpoints (for the CSP's connect-src). */
  graphqlHost: string;
  realtimeHost: string;
  /** Host of the HTTP API and the paths it serves (GET/POST routes of the catalog). */
  httpApiHost: string;
  httpApiPaths: string[];
  /** The value CloudFront adds as ORIGIN_VERIFY_HEADER to what it forwards to the HTTP API. */
  originVerifyValue: string;
  appVersion: string;
  domainName?: string;
  certificateArn?: string;
  /** More sources the browser may connect to (map tiles, uploads). */
  extraConnectSources?: string[];
  /**
   * The maps' MapLibre style (config.json), its origin added to connect-src. Absent, the stack creates
   * Amazon Location's street map (street-map.ts) and allows its origin only.
   */
  mapStyleUrl?: string;
  /** The partner, contact address and video the site links to (config.json `site`). */
  site?: SiteSettings;
  telemetry?: TelemetrySettings;
  /** AWS WAF WebACL (us-east-1) with the rate limits of the site and of the HTTP API routes. */
  webAclArn?: string;
  /** The file store (file-storage.ts): public files are served from it, uploads are posted to it. */
  fileBuckets?: { files: s3.IBucket; public: s3.IBucket };
  /** Where CloudFront's standard logs and the site bucket's server access logs go (access-logs.ts). */
  accessLogs: s3.IBucket;
}

/** Where CloudFront serves public files: the key prefix they have in their bucket. */
export const PUBLIC_FILES_PATH_PATTERN = '/files/public/*';

/**
 * The pages the server paints (handlers/seo.ts: the search, an ad's page, the app's shell for the other paths
 * under /annonces/), whose behaviours keep each answer as long as its Cache-Control says (s-maxage: a minute
 * for a painted page, nothing for a shell or a redirect), keyed by path and query (criteria, language).
 */
export const SERVER_PAGE_PATH_PATTERNS = ['/annonces', '/annonces/*'];

/** The payment provider's webhooks (handlers/stripe-webhook.ts), whose behaviour forwards the signature header. */
export const WEBHOOKS_PATH_PATTERN = '/webhooks/*';

/** CloudFront path patterns for API paths: `/token/login` -> `/token/*`, `/status` -> `/status`. */
export function apiPathPatterns(paths: string[]): string[] {
  const patterns = paths.map((path) => {
    const segments = path.split('/').filter(Boolean);
    return segments.length > 1 ? `/${segments[0]}/*` : `/${segments[0] ?? ''}`;
  });
  return [...new Set(patterns)];
}

/** The site's CSP (shared with the local host): its own origin, the given connect sources, the configured telemetry's origins. */
export const siteContentSecurityPolicy = (connectSources: string[], telemetry?: TelemetrySettings): string =>
  contentSecurityPolicy({ connectSources, telemetry });

export class WebHosting extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** https://<custom domain or CloudFront domain> */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIXES.webBucket,
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Serves the prerendered public pages by language, /index.html for other SPA routes',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(spaRewriteCode()),
    });

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers of the Partage site',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        // CDK's enums are the header values themselves; the local host sends the same strings.
        frameOptions: { frameOption: FRAME_OPTIONS as cloudfront.HeadersFrameOption, override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy, override: true },
        contentSecurityPolicy: {
          contentSecurityPolicy: siteContentSecurityPolicy(
            [
              `https://${props.graphqlHost}`,
              `wss://${props.realtimeHost}`,
              ...(props.fileBuckets ? [`https://${props.fileBuckets.files.bucketRegionalDomainName}`] : []),
              ...(props.extraConnectSources ?? []),
              props.mapStyleUrl ? new URL(props.mapStyleUrl).origin : streetMapOrigin(Stack.of(this).region),
            ],
            props.telemetry,
          ),
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(self), payment=()', override: true },
        ],
      },
    });

    const apiOrigin = new origins.HttpOrigin(props.httpApiHost, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifyValue },
    });
    // The JSON bodies' type, and the viewer's address: the HTTP API itself only sees CloudFront's edge,
    // and the limits per source count the viewer (functions/handlers/shared/http.ts sourceAddressOf).
    const apiRequestPolicy = new cloudfront.OriginRequestPolicy(this, 'ApiRequestPolicy', {
      comment: 'Partage HTTP API: content type and viewer address',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList('Content-Type', 'CloudFront-Viewer-Address'),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: apiRequestPolicy,
      responseHeadersPolicy: securityHeaders,
      // The ad pages' HTML and the sitemap are text worth compressing (a CachingDisabled behaviour compresses too).
      compress: true,
    };

    // Every answer is a visitor's view (the server never knows who asks: no cookie, no authorization header),
    // so one cached copy serves everyone; the origin says how long (PAGE_SHARED_MAX_AGE_SECONDS).
    const pageBehavior: cloudfront.BehaviorOptions = {
      ...apiBehavior,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: new cloudfront.CachePolicy(this, 'ServerPageCachePolicy', {
        comment: 'Partage pages painted by the server: kept as long as their Cache-Control says, by path and query',
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.seconds(0),
        maxTtl: Duration.seconds(PAGE_SHARED_MAX_AGE_SECONDS),
        queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
        headerBehavior: cloudfront.CacheHeaderBehavior.none(),
        cookieBehavior: cloudfront.CacheCookieBehavior.none(),
        enableAcceptEncodingBrotli: true,
        enableAcceptEncodingGzip: true,
      }),
    };

    // Stripe's webhook needs its signature header at the origin; only that route receives it.
    const webhookBehavior: cloudfront.BehaviorOptions = {
      ...apiBehavior,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      originRequestPolicy: new cloudfront.OriginRequestPolicy(this, 'WebhookRequestPolicy', {
        comment: 'Partage payment webhooks: content type, viewer address and Stripe-Signature',
        headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList('Content-Type', 'CloudFront-Viewer-Address', 'Stripe-Signature'),
        queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
        cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
      }),
    };

    const certificate = props.certificateArn ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn) : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Partage web app and auth endpoints',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        // Brotli or gzip by Accept-Encoding (CachingOptimized keys the cache on both).
        compress: true,
        // POST reaches the function, which answers a form a browser posted by itself (spa-rewrite.js); the
        // bucket never sees another method than GET and HEAD.
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        ...Object.fromEntries(
          apiPathPatterns(props.httpApiPaths).map((pattern) => [
            pattern,
            pattern === WEBHOOKS_PATH_PATTERN ? webhookBehavior : SERVER_PAGE_PATH_PATTERNS.includes(pattern) ? pageBehavior : apiBehavior,
          ]),
        ),
        // Objects carry PUBLIC_CACHE_CONTROL (new id for new content): browsers keep them a year, CloudFront
        // at most PUBLIC_FILE_SHARED_MAX_AGE_SECONDS, whatever an object says, so a deleted picture stops
        // being served within that bound without an invalidation (docs/operations.md, "Deleted pictures").
        ...(props.fileBuckets
          ? {
              [PUBLIC_FILES_PATH_PATTERN]: {
                origin: origins.S3BucketOrigin.withOriginAccessControl(props.fileBuckets.public),
                viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                cachePolicy: new cloudfront.CachePolicy(this, 'PublicFilesCachePolicy', {
                  comment: 'Partage public files (ad pictures): kept at the edge at most an hour, so a deleted one stops being served',
                  minTtl: Duration.seconds(0),
                  defaultTtl: Duration.seconds(PUBLIC_FILE_SHARED_MAX_AGE_SECONDS),
                  maxTtl: Duration.seconds(PUBLIC_FILE_SHARED_MAX_AGE_SECONDS),
                  queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
                  headerBehavior: cloudfront.CacheHeaderBehavior.none(),
                  cookieBehavior: cloudfront.CacheCookieBehavior.none(),
                }),
                responseHeadersPolicy: securityHeaders,
              },
            }
          : {}),
      },
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: ACCESS_LOG_PREFIXES.cloudFront,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // The security policy applies to a custom certificate only (the default one is fixed).
      ...(props.domainName && certificate
        ? { domainNames: [props.domainName], certificate, minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
    });
    this.siteUrl = `https://${props.domainName ?? this.distribution.distributionDomainName}`;
    acknowledge(
      this.distribution,
      'CFR1',
      "No geographic restriction: Stripe's webhooks (/webhooks/*) come from Stripe's servers outside Canada, and the site's visitors include people travelling; WAF limits each address instead.",
    );
    if (!(props.domainName && certificate)) {
      acknowledge(
        this.distribution,
        'CFR4',
        "Without a custom domain the site is served on CloudFront's default certificate (*.cloudfront.net), whose security policy CloudFront fixes and cannot be raised; with partage:domainName and partage:certificateArn the distribution requires TLSv1.2_2021.",
      );
    }

    // The singleton Lambda of the three deployments below: its own log group with a retention, and a
    // role with inline statements only (no AWSLambdaBasicExecutionRole).
    const deploymentLogs = new logs.LogGroup(this, 'DeploymentLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const deploymentRole = new iam.Role(this, 'DeploymentRole', {
      description: 'Copies the web build into the site bucket at deployment (CDK BucketDeployment)',
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    });
    deploymentLogs.grantWrite(deploymentRole);
    const deploymentHandler = { role: deploymentRole, logGroup: deploymentLogs };

    // The build as one asset (an archive in the CDK bootstrap bucket), read by two deployments.
    const webBuildAsset = new s3assets.Asset(this, 'WebBuild', { path: props.webDistPath, exclude: PRECOMPRESSED_COPIES });
    const webBuild = s3deploy.Source.bucket(webBuildAsset.bucket, webBuildAsset.s3ObjectKey);
    // Hashed build files: cached for a year, never pruned (a tab still running the previous
    // version may lazy-load its chunks during a deployment).
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      ...deploymentHandler,
      sources: [webBuild],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [
        s3deploy.CacheControl.setPublic(),
        s3deploy.CacheControl.maxAge(Duration.days(365)),
        s3deploy.CacheControl.immutable(),
      ],
      memoryLimit: 512,
    });

    // index.html and the other unhashed files: always revalidated.
    const shell = new s3deploy.BucketDeployment(this, 'DeployShell', {
      ...deploymentHandler,
      sources: [webBuild],
      destinationBucket: this.bucket,
      exclude: ['assets/*', 'config.json'],
      prune: true,
      cacheControl: [s3deploy.CacheControl.noCache()],
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    shell.node.addDependency(assets);

    const runtimeConfig: WebRuntimeConfig = {
      mode: 'aws',
      graphqlEndpoint: props.graphqlUrl,
      apiUrl: '', // CloudFront routes the HTTP API's paths on the site's own origin
      region: Stack.of(this).region,
      version: props.appVersion,
      mapStyleUrl: props.mapStyleUrl ?? new StreetMap(this, 'StreetMap', { siteUrl: this.siteUrl }).styleUrl,
      site: props.site ?? {},
      ...props.telemetry,
    };
    const config = new s3deploy.BucketDeployment(this, 'DeployRuntimeConfig', {
      ...deploymentHandler,
      sources: [s3deploy.Source.jsonData('config.json', runtimeConfig)],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      memoryLimit: 512, // same as the other deployments: one shared handler
      distribution: this.distribution,
      distributionPaths: ['/config.json'],
    });
    config.node.addDependency(shell);

    // What CDK's BucketDeployment grants its Lambda: reading the archives in the bootstrap bucket
    // (grantRead), writing and pruning the site bucket (grantReadWrite).
    acknowledgeWildcardActions(
      deploymentRole,
      ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'],
      "CDK's BucketDeployment grants: read the build's archives in the CDK bootstrap bucket, then copy them into the site bucket and delete the files the build no longer has (prune). The Lambda runs during deployments only.",
    );
    acknowledgeWildcardResources(
      deploymentRole,
      ['*'],
      "cloudfront:CreateInvalidation and GetInvalidation after the shell's and config.json's copies, on * as CDK's BucketDeployment grants them (it does not name the distribution); the Lambda runs during deployments only.",
    );
    acknowledgeWildcardResources(
      deploymentRole,
      [webBuildAsset.bucket.arnForObjects('*'), this.bucket.arnForObjects('*')],
      "The deployment reads archives of the CDK bootstrap bucket (keys are content hashes, known only at publishing) and writes every file of the site bucket, whose keys are the build's file names.",
    );
    // The singleton's function, made at the stack's root by the first deployment.
    const deploymentFunction = Stack.of(this).node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (deploymentFunction) {
      acknowledge(
        deploymentFunction,
        'L1',
        "The runtime of CDK's BucketDeployment Lambda is chosen by aws-cdk-lib (it carries the AWS CLI in a layer), upgraded with aws-cdk-lib; it runs only during deployments and serves no request.",
      );
    }
  }
}
