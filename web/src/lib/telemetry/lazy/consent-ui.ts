// The cookie-consent library (vanilla-cookieconsent) and its styles: a chunk of its own, loaded by
// consent.ts after the first render, so neither is part of the JavaScript a page starts with.
import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent-theme.css';
import { CONSENT_COOKIE_DAYS, UI_LANGUAGES } from '@partage/graphql';
import { i18n } from '../../i18n/i18n';

export type CookieConsentApi = typeof CookieConsent;

export interface CookieConsentOptions {
  /** Whether analytics is configured: without it there is nothing to consent to (docs/consent-and-telemetry.md). */
  analytics: boolean;
  /** Told the visitor's analytics choice when it is known (a stored choice at start, then each change). */
  onAnalyticsChoice: (granted: boolean) => void;
}

/** The library's texts in `language`, from the `consent` namespace of our locales. */
async function translation(language: string, analytics: boolean): Promise<CookieConsent.Translation> {
  if (!i18n.hasResourceBundle(language, 'consent')) await i18n.reloadResources([language], ['consent']);
  const t = i18n.getFixedT(language, 'consent');
  const choices = analytics
    ? {
        acceptAllBtn: t('preferences.acceptAll'),
        acceptNecessaryBtn: t('preferences.rejectAll'),
        savePreferencesBtn: t('preferences.save'),
      }
    : {};
  return {
    consentModal: {
      title: t('banner.title'),
      description: t('banner.description', { days: CONSENT_COOKIE_DAYS }),
      acceptAllBtn: t('banner.accept'),
      acceptNecessaryBtn: t('banner.reject'),
      showPreferencesBtn: t('banner.preferences'),
    },
    preferencesModal: {
      title: t('preferences.title'),
      closeIconLabel: t('preferences.close'),
      ...choices,
      sections: [
        { description: analytics ? t('preferences.intro', { days: CONSENT_COOKIE_DAYS }) : t('preferences.noAnalytics') },
        { title: t('preferences.necessary.title'), description: t('preferences.necessary.description'), linkedCategory: 'necessary' },
        ...(analytics
          ? [{ title: t('preferences.analytics.title'), description: t('preferences.analytics.description'), linkedCategory: 'analytics' }]
          : []),
      ],
    },
  };
}

/**
 * Starts the library. With analytics configured, the banner shows until the visitor chooses, and again
 * once the choice is CONSENT_COOKIE_DAYS old; without, nothing shows unless the visitor opens the
 * preferences, which then only say what the site keeps, with nothing to save.
 */
export async function runCookieConsent({ analytics, onAnalyticsChoice }: CookieConsentOptions): Promise<CookieConsentApi> {
  const reportChoice = () => onAnalyticsChoice(CookieConsent.acceptedCategory('analytics'));
  await CookieConsent.run({
    autoShow: analytics,
    // A small box in a corner over the page: the page neither moves nor waits for an answer.
    disablePageInteraction: false,
    guiOptions: {
      consentModal: { layout: 'box', position: 'bottom left', equalWeightButtons: true },
      preferencesModal: { layout: 'box', equalWeightButtons: true },
    },
    cookie: {
      expiresAfterDays: CONSENT_COOKIE_DAYS,
      // http://localhost (the local host) would drop a Secure cookie in some browsers.
      secure: window.location.protocol === 'https:',
    },
    categories: { necessary: { enabled: true, readOnly: true }, ...(analytics ? { analytics: {} } : {}) },
    onConsent: reportChoice,
    onChange: reportChoice,
    language: {
      default: i18n.language,
      translations: Object.fromEntries(UI_LANGUAGES.map((language) => [language, () => translation(language, analytics)])),
    },
  });
  // The texts follow the language toggle, also in an open banner or preferences box.
  i18n.on('languageChanged', (language) => void CookieConsent.setLanguage(language));
  return CookieConsent;
}
