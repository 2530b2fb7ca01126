// The error-reporting SDK (@sentry/browser): a chunk of its own, loaded by error-reporting.ts only when a
// DSN is configured, so a site without one never downloads it.
import * as Sentry from '@sentry/browser';
import { ERROR_REPORTING_TRACES_SAMPLE_RATE } from '@partage/graphql';
import type { RuntimeConfig } from '../../config';
import { scrubPersonalData } from '../scrub';

// Events, transactions and breadcrumbs are plain JSON (it is how they travel): scrubbing their text
// reaches every URL, message and breadcrumb at once.
const scrubbed = <T>(value: T): T => JSON.parse(scrubPersonalData(JSON.stringify(value))) as T;

/** Starts the SDK; the answer reports what the logger logs at Error and Critical. */
export function initErrorReporting({
  errorReportingDsn,
  version,
  mode,
}: Pick<RuntimeConfig, 'errorReportingDsn' | 'version' | 'mode'>): (level: 'Error' | 'Critical', message: string) => void {
  Sentry.init({
    dsn: errorReportingDsn,
    release: version,
    environment: mode,
    // Its default integrations report uncaught errors and unhandled rejections; this one traces page loads and navigations.
    integrations: [Sentry.browserTracingIntegration()],
    tracesSampleRate: ERROR_REPORTING_TRACES_SAMPLE_RATE,
    // No trace headers on the API's requests: AppSync's CORS would refuse them, and they tell nothing the API needs.
    tracePropagationTargets: [],
    // No user, cookies, headers, bodies, query strings nor GraphQL variables: reports are about the
    // code, not the visitor (what is left goes through scrubPersonalData below).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      graphQL: { document: false, variables: false },
    },
    beforeSend: (event) => scrubbed(event),
    beforeSendTransaction: (event) => scrubbed(event),
    beforeBreadcrumb: (breadcrumb) => scrubbed(breadcrumb),
  });
  return (level, message) => void Sentry.captureMessage(message, level === 'Critical' ? 'fatal' : 'error');
}
