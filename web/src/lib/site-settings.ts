// The deployment's partner, contact address and video (config.json's `site`) for components. The shell
// renders before config.json arrives (and the prerenderer never has it), so a page may render first
// without them, then again once they are known.
import { useEffect, useState } from 'react';
import { loadRuntimeConfig, runtimeConfigLoaded, siteSettings, type RuntimeConfig } from './config';

export type SiteSettings = NonNullable<RuntimeConfig['site']>;

const UNKNOWN: SiteSettings = {};

/** The settings, or null while config.json has not arrived (a setting is then unknown, not absent). */
export function useLoadedSiteSettings(): SiteSettings | null {
  const [settings, setSettings] = useState(() => (runtimeConfigLoaded() ? siteSettings() : null));
  useEffect(() => {
    if (settings) return;
    let mounted = true;
    // A config.json that fails to load is the boot's failure to show (main.tsx), not this component's.
    loadRuntimeConfig().then(
      () => mounted && setSettings(siteSettings()),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [settings]);
  return settings;
}

/** The settings as far as known: a link whose setting is absent or not known yet is simply not shown. */
export const useSiteSettings = (): SiteSettings => useLoadedSiteSettings() ?? UNKNOWN;
