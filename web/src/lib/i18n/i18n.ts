// i18next set-up: one JSON file per language and namespace, each loaded on first use (its own chunk).
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, PHONE_CODE_INTERVAL_MS, PHONE_CODE_LENGTH, UI_LANGUAGES, type UiLanguage } from '@partage/graphql';

// emails.json holds the server's e-mail texts; the browser never needs them.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*/*.json', '!../../locales/*/emails.json']);

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

// The page's `lang` follows the UI language, for screen readers, hyphenation and spell-checkers.
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export async function initI18n(language: UiLanguage): Promise<void> {
  await i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
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
        },
      },
    });
}

export { i18n };
