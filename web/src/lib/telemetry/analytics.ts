// Google Analytics 4 (spec §7): gtag.js loads only with a configured id and the visitor's analytics
// consent (consent.ts decides), IP anonymised, one page view per address the router shows, and nothing
// more once consent is withdrawn. Page addresses are scrubbed of personal data (scrub.ts).
import { ANALYTICS_SCRIPT_URL } from '@partage/graphql';
import { scrubPersonalData } from './scrub';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const SCRIPT_ID = 'partage-analytics';
/** The cookies gtag.js sets: `_ga` and `_ga_<container>`. */
const ANALYTICS_COOKIE = /^_ga(_|$)/;

let activeId: string | undefined;

// gtag.js reads each entry of the data layer as an Arguments object, not as an array.
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- gtag.js's documented form: it tells commands by their Arguments type.
  (window.dataLayer ??= []).push(arguments);
}

// gtag.js's switch for one measurement id (Google's opt-out): set, the loaded script sends nothing more.
const setDisabled = (measurementId: string, disabled: boolean) => Object.assign(window, { [`ga-disable-${measurementId}`]: disabled });

const scrubbedLocation = (path: string) => scrubPersonalData(new URL(path, window.location.origin).href);

/** The visitor agreed to analytics: load gtag.js (once) and count the page on screen. */
export function enableAnalytics(measurementId: string): void {
  if (activeId === measurementId) return;
  activeId = measurementId;
  setDisabled(measurementId, false);
  gtag('js', new Date());
  // The page views are ours (trackPageView), so that none goes out with an unscrubbed address.
  gtag('config', measurementId, {
    anonymize_ip: true,
    send_page_view: false,
    page_location: scrubbedLocation(window.location.href),
    page_referrer: document.referrer ? scrubPersonalData(document.referrer) : '',
  });
  if (!document.getElementById(SCRIPT_ID)) {
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = `${ANALYTICS_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
    document.head.append(script);
  }
  trackPageView(`${window.location.pathname}${window.location.search}`);
}

/** The visitor refused or withdrew: nothing more is sent, the script goes and so do its cookies. */
export function disableAnalytics(): void {
  if (activeId) setDisabled(activeId, true);
  activeId = undefined;
  document.getElementById(SCRIPT_ID)?.remove();
  deleteAnalyticsCookies();
}

/** A page view of `path` (pathname and query), when analytics is on. */
export function trackPageView(path: string): void {
  if (!activeId) return;
  gtag('event', 'page_view', { send_to: activeId, page_location: scrubbedLocation(path), page_path: scrubPersonalData(path) });
}

/** gtag.js writes its cookies on the widest domain it may (`cookie_domain: 'auto'`), so each parent domain is tried. */
function deleteAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => ANALYTICS_COOKIE.test(name));
  const labels = window.location.hostname.split('.');
  const domains = ['', ...labels.slice(0, -1).map((_, index) => `; domain=.${labels.slice(index).join('.')}`)];
  for (const name of names) {
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
  }
}
