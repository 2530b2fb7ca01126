// The deployment's partner, contact address and video (config.json's `site`) for components. The shell
// renders before config.json arrives (and the prerenderer never has it), so a page may render first
// without them, then again once they are known.
import { useSyncExternalStore } from 'react';
import { loadRuntimeConfig, runtimeConfigLoaded, siteSettings, type RuntimeConfig } from './config';

export type SiteSettings = NonNullable<RuntimeConfig['site']>;

const UNKNOWN: SiteSettings = {};

// A config.json that fails to load is the boot's failure to show (main.tsx), not a component's.
const whenLoaded = (onLoaded: () => void) => {
  let subscribed = true;
  loadRuntimeConfig().then(
    () => subscribed && onLoaded(),
    () => undefined,
  );
  return () => {
    subscribed = false;
  };
};
const loaded = () => (runtimeConfigLoaded() ? siteSettings() : null);

/**
 * The settings, or null while config.json has not arrived (a setting is then unknown, not absent). A
 * page painted ahead had none: the app adopts it as painted (the server snapshot), then shows them.
 */
export const useLoadedSiteSettings = (): SiteSettings | null => useSyncExternalStore(whenLoaded, loaded, () => null);

/** The settings as far as known: a link whose setting is absent or not known yet is simply not shown. */
export const useSiteSettings = (): SiteSettings => useLoadedSiteSettings() ?? UNKNOWN;
