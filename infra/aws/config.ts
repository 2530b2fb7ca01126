// Deployment settings of the CDK app, read once from the CDK context (cdk.json or `-c key=value`)
// and the environment. Everything the stack needs arrives through PartageConfig, so the tests can
// build the stack with explicit values.

import { existsSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  platformFeeSettingsOf,
  platformTaxRegistrationOf,
  type PlatformFeeSettings,
} from '@partage/functions/domain/contracts/platform-fee';
import type { SiteSettings, TelemetrySettings } from '../shared/site-settings';

/** The repository root (infra/aws/../..). Relative paths in the context are taken from here. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface PartageConfig {
  stackName: string;
  region: string;
  /** Absolute path of the web app's production build (must contain index.html). */
  webDistPath: string;
  /** Sender of every e-mail (`MAIL_FROM`), e.g. `Partage <no-reply@example.ca>`. */
  mailFrom: string;
  /** `APP_VERSION` of the functions and `version` in config.json. */
  appVersion: string;
  /** Optional custom domain of the site; needs certificateArn (an ACM certificate in us-east-1). */
  domainName?: string;
  certificateArn?: string;
  /** More origins the web app may connect to (CSP connect-src), e.g. a map tile server. */
  connectSources?: string[];
  /**
   * The MapLibre style of the maps (`mapStyleUrl` in config.json), an https URL, for another map than
   * the stack's own (street-map.ts: Amazon Location's street map, with an API key the stack creates), which
   * it replaces. Its origin is added to connect-src; tiles, glyphs or sprites on other origins go in
   * connectSources.
   */
  mapStyleUrl?: string;
  /** GraphQL introspection on (a development stack); off unless `partage:graphqlIntrospection` is true. */
  graphqlIntrospection?: boolean;
  /**
   * An existing CloudFront WebACL (us-east-1) to use instead of the one the EdgeSecurityStack
   * creates (`partage:cloudFrontWebAclArn`).
   */
  cloudFrontWebAclArn?: string;
  /** The partner, the team's contact address and the video the site links to (config.json `site`). */
  site?: SiteSettings;
  /** Where the alarms are e-mailed (`partage:alarmEmail`, else the team's contact address); absent, nowhere. */
  alarmEmail?: string;
  /** Analytics id and error-reporting DSN (config.json); each absent, that service never loads. */
  telemetry?: TelemetrySettings;
  /** The platform's fee on contracts (docs/rentals.md); absent, none. */
  platformFee?: PlatformFeeSettings;
  /** The platform's GST and QST numbers, on its fee (docs/payments.md, "Taxes"); absent, its fee carries no taxes. */
  platformTaxNumbers?: { gstNumber: string; qstNumber: string };
  /** The platform's legal name and address on its invoices (docs/payments.md, "Receipts"); absent, the product's name and no address. */
  platformIdentity?: { legalName?: string; address?: string };
}

/** Context keys, all under the `partage:` prefix. */
export const CONTEXT_KEYS = {
  stackName: 'partage:stackName',
  region: 'partage:region',
  webDist: 'partage:webDist',
  mailFrom: 'partage:mailFrom',
  appVersion: 'partage:appVersion',
  domainName: 'partage:domainName',
  certificateArn: 'partage:certificateArn',
  connectSources: 'partage:connectSources',
  mapStyleUrl: 'partage:mapStyleUrl',
  graphqlIntrospection: 'partage:graphqlIntrospection',
  cloudFrontWebAclArn: 'partage:cloudFrontWebAclArn',
  partnerName: 'partage:partnerName',
  partnerUrl: 'partage:partnerUrl',
  contactEmail: 'partage:contactEmail',
  /** The operator's address the alarms are e-mailed to (infra/aws/alarms.ts); else `partage:contactEmail`. */
  alarmEmail: 'partage:alarmEmail',
  videoUrl: 'partage:videoUrl',
  privacyOfficer: 'partage:privacyOfficer',
  analyticsId: 'partage:analyticsId',
  errorReportingDsn: 'partage:errorReportingDsn',
  platformFeeBasisPoints: 'partage:platformFeeBasisPoints',
  platformFeeFixedCents: 'partage:platformFeeFixedCents',
  /** `accepted`: the operator pays Stripe's fee on each charge themself (a fee below it, or none). */
  platformFeeBelowStripe: 'partage:platformFeeBelowStripe',
  platformGstNumber: 'partage:platformGstNumber',
  platformQstNumber: 'partage:platformQstNumber',
  platformLegalName: 'partage:platformLegalName',
  platformAddress: 'partage:platformAddress',
} as const;

type ContextReader = (key: string) => unknown;

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const s = String(value).trim();
  return s === '' ? undefined : s;
}

/**
 * Where the web build is: context `partage:webDist`, else env `WEB_DIST`, else `web/dist`; relative
 * paths are taken from the repository root. Fails with the command to run when it is not built.
 */
export function resolveWebDist(fromContext: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const configured = text(fromContext) ?? text(env.WEB_DIST) ?? 'web/dist';
  const path = isAbsolute(configured) ? configured : resolve(REPO_ROOT, configured);
  if (!existsSync(path) || !statSync(path).isDirectory() || !existsSync(resolve(path, 'index.html'))) {
    throw new Error(
      `The web app build was not found at ${path} (no index.html). ` +
        'Build it first with `npm run build -w web`, or point the CDK app at another build with ' +
        '`-c partage:webDist=<dir>` or the WEB_DIST environment variable.',
    );
  }
  return path;
}

function gitVersion(): string | undefined {
  try {
    return text(execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  } catch {
    return undefined;
  }
}

function httpsUrl(key: string, value: string | undefined): string | undefined {
  if (value && !/^https:\/\/[^/]+/.test(value)) throw new Error(`${key} must be an https URL`);
  return value;
}

/**
 * The local host's demo values (infra/shared/site-settings.ts) and any other stand-in: the names RFC 2606
 * reserves for examples (example.org, *.example, *.test, *.invalid, *.localhost) and a partner called
 * "Exemple.org". A deployment would show them in every footer (issue 23, point 13): the synth stops instead;
 * a setting left out simply hides its link.
 */
function refusePlaceholder(key: string, value: string | undefined): string | undefined {
  const host = value && URL.canParse(value) ? new URL(value).hostname : (value?.split('@')[1] ?? '');
  const placeholder =
    /(^|\.)example\.(org|com|net)$|\.(example|test|invalid|localhost)$/i.test(host) || /^ex[ae]mple\.(org|com|net)$/i.test(value ?? '');
  if (placeholder) throw new Error(`${key} is a placeholder (${value}): set the deployment's own, or leave it out to hide it`);
  return value;
}

function emailAddress(context: ContextReader, key: string): string | undefined {
  const address = text(context(key));
  if (address && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) throw new Error(`${key} must be an e-mail address`);
  return address;
}

function siteSettings(context: ContextReader): SiteSettings {
  const contactEmail = emailAddress(context, CONTEXT_KEYS.contactEmail);
  const settings: SiteSettings = {
    partnerName: refusePlaceholder(CONTEXT_KEYS.partnerName, text(context(CONTEXT_KEYS.partnerName))),
    partnerUrl: refusePlaceholder(CONTEXT_KEYS.partnerUrl, httpsUrl(CONTEXT_KEYS.partnerUrl, text(context(CONTEXT_KEYS.partnerUrl)))),
    contactEmail: refusePlaceholder(CONTEXT_KEYS.contactEmail, contactEmail),
    videoUrl: refusePlaceholder(CONTEXT_KEYS.videoUrl, httpsUrl(CONTEXT_KEYS.videoUrl, text(context(CONTEXT_KEYS.videoUrl)))),
    privacyOfficer: text(context(CONTEXT_KEYS.privacyOfficer)),
  };
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}

function telemetrySettings(context: ContextReader): TelemetrySettings {
  const analyticsId = text(context(CONTEXT_KEYS.analyticsId));
  const errorReportingDsn = httpsUrl(CONTEXT_KEYS.errorReportingDsn, text(context(CONTEXT_KEYS.errorReportingDsn)));
  return { ...(analyticsId ? { analyticsId } : {}), ...(errorReportingDsn ? { errorReportingDsn } : {}) };
}

/** The contracts' fee: integers (basis points of the total, fixed cents); a malformed one stops the synth. */
function platformFee(context: ContextReader): PlatformFeeSettings | undefined {
  const basisPoints = text(context(CONTEXT_KEYS.platformFeeBasisPoints));
  const fixedCents = text(context(CONTEXT_KEYS.platformFeeFixedCents));
  if (basisPoints === undefined && fixedCents === undefined) return undefined;
  try {
    return platformFeeSettingsOf({ PLATFORM_FEE_BASIS_POINTS: basisPoints, PLATFORM_FEE_FIXED_CENTS: fixedCents });
  } catch (error) {
    throw new Error(`${CONTEXT_KEYS.platformFeeBasisPoints} / ${CONTEXT_KEYS.platformFeeFixedCents}: ${(error as Error).message}`);
  }
}

/** The platform's GST and QST numbers: both or neither, of their shapes; otherwise the synth stops. */
function platformTaxNumbers(context: ContextReader): { gstNumber: string; qstNumber: string } | undefined {
  const numbers = {
    PLATFORM_GST_NUMBER: text(context(CONTEXT_KEYS.platformGstNumber)),
    PLATFORM_QST_NUMBER: text(context(CONTEXT_KEYS.platformQstNumber)),
  };
  try {
    return platformTaxRegistrationOf(numbers) ?? undefined;
  } catch (error) {
    throw new Error(`${CONTEXT_KEYS.platformGstNumber} / ${CONTEXT_KEYS.platformQstNumber}: ${(error as Error).message}`);
  }
}

/** The platform's legal name and address as its invoices write them; undefined when neither is set. */
function platformIdentity(context: ContextReader): { legalName?: string; address?: string } | undefined {
  const legalName = text(context(CONTEXT_KEYS.platformLegalName));
  const address = text(context(CONTEXT_KEYS.platformAddress));
  if (!legalName && !address) return undefined;
  return { ...(legalName ? { legalName } : {}), ...(address ? { address } : {}) };
}

/**
 * Stripe's fee on a Canadian card (2.9 % + 30 ¢): with separate charges and transfers the platform
 * pays it on every charge, and a refund does not give it back (issue 37 §8).
 */
export const STRIPE_CARD_FEE: PlatformFeeSettings = { basisPoints: 290, fixedCents: 30 };

/**
 * Refuses a deployment whose fee would not cover Stripe's on every charge (none at all included),
 * unless the operator accepted to pay the difference (`partage:platformFeeBelowStripe: accepted`).
 */
export function assertFeeCoversStripe(fee: PlatformFeeSettings | undefined, context: ContextReader): void {
  if (text(context(CONTEXT_KEYS.platformFeeBelowStripe)) === 'accepted') return;
  if (fee && fee.basisPoints >= STRIPE_CARD_FEE.basisPoints && fee.fixedCents >= STRIPE_CARD_FEE.fixedCents) return;
  throw new Error(
    `The contracts' fee (${CONTEXT_KEYS.platformFeeBasisPoints}, ${CONTEXT_KEYS.platformFeeFixedCents}) must cover Stripe's on each ` +
      `charge, at least ${STRIPE_CARD_FEE.basisPoints} basis points and ${STRIPE_CARD_FEE.fixedCents} cents, or set ` +
      `${CONTEXT_KEYS.platformFeeBelowStripe} to "accepted" to pay the difference (docs/rentals.md).`,
  );
}

/**
 * The stack's name, which also names its Lambdas of one-time jobs, schedule group, APIs, alarms and the
 * `<name>Edge` stack: another name (`PartageStaging`) deploys a second, separate copy beside the first.
 */
function stackName(context: ContextReader): string {
  const name = text(context(CONTEXT_KEYS.stackName)) ?? 'Partage';
  if (!/^[A-Za-z][A-Za-z0-9-]{0,39}$/.test(name))
    throw new Error(`${CONTEXT_KEYS.stackName} must start with a letter and have 40 letters, digits or hyphens at most: ${name}`);
  return name;
}

export function readConfig(context: ContextReader, env: NodeJS.ProcessEnv = process.env): PartageConfig {
  const domainName = text(context(CONTEXT_KEYS.domainName));
  const certificateArn = text(context(CONTEXT_KEYS.certificateArn));
  const cloudFrontWebAclArn = text(context(CONTEXT_KEYS.cloudFrontWebAclArn));
  const mapStyleUrl = text(context(CONTEXT_KEYS.mapStyleUrl));
  if (mapStyleUrl && !/^https:\/\/[^/]+\//.test(mapStyleUrl)) {
    throw new Error(`${CONTEXT_KEYS.mapStyleUrl} must be an https URL of a MapLibre style, e.g. https://tiles.example.ca/style.json`);
  }
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error(
      `Set both ${CONTEXT_KEYS.domainName} and ${CONTEXT_KEYS.certificateArn} (an ACM certificate in us-east-1 for CloudFront), or neither.`,
    );
  }
  // A JSON array in cdk.json, or a space-separated string on the command line.
  const rawSources = context(CONTEXT_KEYS.connectSources);
  const connectSources = (Array.isArray(rawSources) ? rawSources.map(String) : (text(rawSources) ?? '').split(/\s+/)).filter(Boolean);
  const site = siteSettings(context);
  const alarmEmail = emailAddress(context, CONTEXT_KEYS.alarmEmail) ?? site.contactEmail;
  return {
    stackName: stackName(context),
    region: text(context(CONTEXT_KEYS.region)) ?? text(env.CDK_DEFAULT_REGION) ?? 'ca-central-1',
    webDistPath: resolveWebDist(context(CONTEXT_KEYS.webDist), env),
    mailFrom: text(context(CONTEXT_KEYS.mailFrom)) ?? text(env.MAIL_FROM) ?? 'no-reply@example.ca',
    appVersion: text(context(CONTEXT_KEYS.appVersion)) ?? text(env.APP_VERSION) ?? gitVersion() ?? 'dev',
    ...(domainName && certificateArn ? { domainName, certificateArn } : {}),
    ...(connectSources.length ? { connectSources } : {}),
    ...(String(context(CONTEXT_KEYS.graphqlIntrospection)) === 'true' ? { graphqlIntrospection: true } : {}),
    ...(cloudFrontWebAclArn ? { cloudFrontWebAclArn } : {}),
    ...(mapStyleUrl ? { mapStyleUrl } : {}),
    site,
    ...(alarmEmail ? { alarmEmail } : {}),
    telemetry: telemetrySettings(context),
    ...(platformFee(context) ? { platformFee: platformFee(context) } : {}),
    ...(platformTaxNumbers(context) ? { platformTaxNumbers: platformTaxNumbers(context) } : {}),
    ...(platformIdentity(context) ? { platformIdentity: platformIdentity(context) } : {}),
  };
}

/** The bare address of a sender such as `Partage <no-reply@example.ca>`. */
export function senderAddress(mailFrom: string): string {
  const match = /<([^>]+)>/.exec(mailFrom);
  return (match?.[1] ?? mailFrom).trim();
}
