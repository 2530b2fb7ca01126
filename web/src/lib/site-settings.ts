// The deployment's partner, contact address and video (config.json's `site`) for components. The
// shell renders before config.json arrives, so a reader shows what is known ({} at first, and always
// when rendered outside a browser) and renders again once the settings are there.
import { useEffect, useState } from 'react';
import { loadRuntimeConfig, siteSettings, type RuntimeConfig } from './config';

export type SiteSettings = NonNullable<RuntimeConfig['site']>;

export function useSiteSettings(): SiteSettings {
  const [settings, setSettings] = useState(siteSettings);
  useEffect(() => {
    let mounted = true;
    // The same request as boot's (loadRuntimeConfig shares it); a failure is boot's to report.
    loadRuntimeConfig().then(
      () => mounted && setSettings(siteSettings()),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return settings;
}
