// Runtime configuration (docs/contracts.md): one build serves both hosts, so endpoints are read at boot.

export interface RuntimeConfig {
  mode: 'local' | 'aws';
  graphqlEndpoint: string;
  /** Base of /token, /status and /log; '' means the page's own origin. */
  apiUrl: string;
  region: string;
  version: string;
  /** The MapLibre style of the maps in production; absent, they draw the bundled offline basemap (lib/map/basemap.ts). */
  mapStyleUrl?: string;
  /** Deployment settings (infra/shared/site-settings.ts); a link whose setting is absent is not shown. */
  site?: { partnerName?: string; partnerUrl?: string; contactEmail?: string; videoUrl?: string; privacyOfficer?: string };
  /** Analytics measurement id: absent, analytics never loads. */
  analyticsId?: string;
  /** Error-reporting DSN: absent, client errors go to /log only. */
  errorReportingDsn?: string;
}

let loading: Promise<RuntimeConfig> | undefined;
let current: RuntimeConfig | undefined;

async function fetchConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  const config = (await response.json()) as RuntimeConfig;
  if (typeof config.graphqlEndpoint !== 'string' || typeof config.apiUrl !== 'string') {
    throw new Error('config.json lacks graphqlEndpoint or apiUrl');
  }
  return config;
}

/** Fetches /config.json once; every caller shares the same answer. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetchConfig().then((config) => (current = config));
  return loading;
}

/**
 * URL of an HTTP endpoint of the API root. Both hosts serve it from the page's origin (apiUrl ''), which
 * is also the answer in the instant before config.json arrives.
 */
export function apiUrl(path: string): string {
  return `${current?.apiUrl ?? ''}${path}`;
}

/** The configured MapLibre style of the maps, if any (read once config.json has arrived, as every map is). */
export const mapStyleUrl = (): string | undefined => current?.mapStyleUrl || undefined;

/** Whether config.json has arrived: until then siteSettings() is empty whatever the deployment says. */
export const runtimeConfigLoaded = (): boolean => current !== undefined;

/** The partner, contact address and video of this deployment ({} until config.json has arrived). */
const NO_SITE_SETTINGS: NonNullable<RuntimeConfig['site']> = {};
// The same object while nothing changes (components subscribe to it).
export const siteSettings = (): NonNullable<RuntimeConfig['site']> => current?.site ?? NO_SITE_SETTINGS;
