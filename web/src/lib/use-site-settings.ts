// The deployment settings (config.json `site`) for a component: the shell renders before config.json has
// arrived, so a page opened directly may render first without them, then again once they are known.
import { useEffect, useState } from 'react';
import { loadRuntimeConfig, runtimeConfigLoaded, siteSettings, type RuntimeConfig } from './config';

/** The settings, or null while config.json has not arrived (a setting is then unknown, not absent). */
export function useSiteSettings(): NonNullable<RuntimeConfig['site']> | null {
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
