// What runs beside the app once config.json has arrived (docs/consent-and-telemetry.md): the consent
// banner when analytics is configured, error reporting when a DSN is, each loaded when the browser is
// idle so that neither delays the first page.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { RuntimeConfig } from '../config';
import { describeError, logger } from '../logger';
import { trackPageView } from './analytics';
import { startCookieConsent } from './consent';
import { startErrorReporting } from './error-reporting';

const whenIdle = (task: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(task) : setTimeout(task, 0));

export function startTelemetry(config: RuntimeConfig): void {
  whenIdle(() => {
    void startErrorReporting(config);
    // Without an analytics id there is nothing to ask: the library loads only if the footer's
    // "cookie preferences" is used.
    if (config.analyticsId)
      startCookieConsent(config).catch((error: unknown) => logger.warning(`The cookie consent could not start: ${describeError(error)}`));
  });
}

/** A page view for each address the router shows (sent only while analytics is on). */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => trackPageView(`${pathname}${search}`), [pathname, search]);
}
