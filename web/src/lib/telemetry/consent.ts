// Cookie consent (spec §7, §9): the library comes in its own chunk (lazy/consent-ui.ts) once the page
// has rendered, and only says "analytics" when an analytics id is configured. The footer's "cookie
// preferences" opens its preferences at any time.
import { loadRuntimeConfig, type RuntimeConfig } from '../config';
import { describeError, logger } from '../logger';
import { notify } from '../notifications/store';
import { disableAnalytics, enableAnalytics } from './analytics';
import type { CookieConsentApi } from './lazy/consent-ui';

let running: Promise<CookieConsentApi> | undefined;

/** Starts the consent library once (later calls share it); analytics follows the visitor's choice. */
export function startCookieConsent({ analyticsId }: Pick<RuntimeConfig, 'analyticsId'>): Promise<CookieConsentApi> {
  running ??= import('./lazy/consent-ui')
    .then(({ runCookieConsent }) =>
      runCookieConsent({
        analytics: Boolean(analyticsId),
        onAnalyticsChoice: (granted) => (granted && analyticsId ? enableAnalytics(analyticsId) : disableAnalytics()),
      }),
    )
    .catch((error: unknown) => {
      // A chunk that failed to arrive (offline, a deployment) is asked for again by the next call.
      running = undefined;
      throw error;
    });
  return running;
}

/** The footer's "cookie preferences": the library's preferences box, loading it first if needed. */
export async function openCookiePreferences(): Promise<void> {
  try {
    const consent = await startCookieConsent(await loadRuntimeConfig());
    consent.showPreferences();
  } catch (error) {
    logger.error(`The cookie preferences could not open: ${describeError(error)}`);
    notify({ type: 'error', text: 'cookies.openFailed' });
  }
}
