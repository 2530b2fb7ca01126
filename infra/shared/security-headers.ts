// The security headers of every answer, one definition for both hosts: CloudFront's response headers
// policy (infra/aws/web-hosting.ts) and the local server (infra/local/server.ts).
import { ANALYTICS_CONNECT_SOURCES, ANALYTICS_SCRIPT_SOURCES } from '@partage/graphql';
import type { TelemetrySettings } from './site-settings';

import { createHash } from 'node:crypto';
import { PRERENDER_HEAD_SCRIPT } from '@partage/graphql';

/** The CSP source of an inline script or style: its SHA-256, base64. */
export const inlineHash = (code: string): string => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

export interface ContentSecurityPolicyOptions {
  /** Origins the browser may connect to besides its own (AppSync, map tiles, uploads). */
  connectSources?: string[];
  /** Hashes (`'sha256-…'`) of the inline <style> blocks a page may use (the dev mailbox's). */
  styleHashes?: string[];
  /** HTTPS sites only: an http://localhost page would be sent to https:// and break. */
  upgradeInsecureRequests?: boolean;
  /** The configured telemetry: only a configured service gets its origins into the policy. */
  telemetry?: TelemetrySettings;
}

/**
 * What the telemetry of docs/consent-and-telemetry.md needs: the analytics script and collect origins
 * with an analytics id, the error-reporting ingest origin (the DSN's host) with a DSN. The error-reporting
 * code itself is bundled, so it needs no script source. A malformed DSN throws: better a failed
 * deployment than a site whose error reports the browser silently blocks.
 */
export function telemetrySources({ analyticsId, errorReportingDsn }: TelemetrySettings = {}): { script: string[]; connect: string[] } {
  return {
    script: analyticsId ? [...ANALYTICS_SCRIPT_SOURCES] : [],
    connect: [...(analyticsId ? ANALYTICS_CONNECT_SOURCES : []), ...(errorReportingDsn ? [new URL(errorReportingDsn).origin] : [])],
  };
}

// No 'unsafe-inline' for styles: the app has no style attributes nor <style> blocks (React's style
// props go through the CSSOM, which CSP does not restrict), so injected markup cannot restyle a page.
export function contentSecurityPolicy({
  connectSources = [],
  styleHashes = [],
  upgradeInsecureRequests = true,
  telemetry,
}: ContentSecurityPolicyOptions = {}): string {
  const telemetryOrigins = telemetrySources(telemetry);
  return [
    "default-src 'self'",
    // The one inline script: the head script of the pages painted ahead, by its hash (@partage/graphql public-pages.ts).
    `script-src 'self' ${inlineHash(PRERENDER_HEAD_SCRIPT)} ${telemetryOrigins.script.join(' ')}`.trim(),
    `style-src 'self' ${styleHashes.join(' ')}`.trim(),
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...connectSources, ...telemetryOrigins.connect].join(' ')}`.trim(),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    ...(upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Values of the other headers, as CloudFront's response headers policy sets them and the local host sends them. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const FRAME_OPTIONS = 'DENY';
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;

/** The headers the local host adds to every answer (HSTS aside: it serves plain http://localhost). */
export function localSecurityHeaders(options: ContentSecurityPolicyOptions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy({ ...options, upgradeInsecureRequests: false }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
  };
}
