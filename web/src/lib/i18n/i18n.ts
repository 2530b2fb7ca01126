// i18next set-up. `common` (the shell's words) ships with the app so the first render needs no
// download; every other namespace is a JSON file per language, loaded on first use (its own chunk).
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FAVOURITES_PER_USER_MAX,
  formatPriceRange,
  PASSWORD_MIN_LENGTH,
  PHONE_CODE_INTERVAL_MS,
  PHONE_CODE_LENGTH,
  UI_LANGUAGES,
  type PriceRange,
  type UiLanguage,
} from '@partage/graphql';
import commonEn from '../../locales/en/common.json';
import commonFr from '../../locales/fr/common.json';

const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*/*.json', '!../../locales/*/common.json']);

const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init: () => undefined,
  read: (language: string, namespace: string) => {
    const load = localeFiles[`../../locales/${language}/${namespace}.json`];
    if (!load) return Promise.reject(new Error(`No translations for ${language}/${namespace}`));
    return load().then((module) => module.default);
  },
};

// The page's `lang` follows the UI language, for screen readers, hyphenation and spell-checkers (in the
// browser: the build's prerendering writes it into each page, src/prerender.tsx).
if (typeof document !== 'undefined') {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
}

/** Ready when it returns (common is bundled); other namespaces load when a screen asks for them. */
export function initI18n(language: UiLanguage): Promise<unknown> {
  const ready = i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      resources: { fr: { common: commonFr }, en: { common: commonEn } },
      partialBundledLanguages: true,
      initAsync: false,
      // Both languages are complete (locales.test.ts), so the other one is never downloaded as a fallback.
      fallbackLng: false,
      supportedLngs: [...UI_LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      // Shared limits appear in messages; they are filled in from the constants, never retyped.
      interpolation: {
        escapeValue: false, // React escapes
        defaultVariables: {
          passwordMinLength: PASSWORD_MIN_LENGTH,
          phoneCodeLength: PHONE_CODE_LENGTH,
          phoneCodeIntervalSeconds: PHONE_CODE_INTERVAL_MS / 1000,
          favouritesMax: FAVOURITES_PER_USER_MAX,
        },
      },
    });
  // A price bucket in a sentence (`{{range, priceRange}}`) is written by the one money format (graphql/src/money.ts).
  i18n.services.formatter?.add('priceRange', (range: PriceRange, lng) => formatPriceRange(range, lng === 'en' ? 'en' : 'fr'));
  return ready;
}

export { i18n };
