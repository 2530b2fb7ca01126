// Runtime configuration (docs/contracts.md): one build serves both hosts, so endpoints are read at boot.

export interface RuntimeConfig {
  mode: 'local' | 'aws';
  graphqlEndpoint: string;
  /** Base of /token, /status and /log; '' means the page's own origin. */
  apiUrl: string;
  region: string;
  version: string;
}

let current: RuntimeConfig | null = null;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  const config = (await response.json()) as RuntimeConfig;
  if (typeof config.graphqlEndpoint !== 'string' || typeof config.apiUrl !== 'string') {
    throw new Error('config.json lacks graphqlEndpoint or apiUrl');
  }
  current = config;
  return config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration is not loaded yet');
  return current;
}

/** Absolute or same-origin URL of an HTTP endpoint of the API root. */
export function apiUrl(path: string): string {
  return `${current?.apiUrl ?? ''}${path}`;
}
