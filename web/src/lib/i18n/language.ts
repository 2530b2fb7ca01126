// UI language (spec §9): the `lang` query parameter, else the stored choice, else French.
import { DEFAULT_UI_LANGUAGE, STORAGE_KEYS, UI_LANGUAGES, type UiLanguage } from '@partage/graphql';

const isUiLanguage = (value: string | null): value is UiLanguage => UI_LANGUAGES.includes(value as UiLanguage);

export function pickLanguage(search: string, stored: string | null): UiLanguage {
  const requested = new URLSearchParams(search).get('lang');
  if (isUiLanguage(requested)) return requested;
  return isUiLanguage(stored) ? stored : DEFAULT_UI_LANGUAGE;
}

export function storeLanguage(language: UiLanguage): void {
  localStorage.setItem(STORAGE_KEYS.locale, language);
}

/**
 * The language to start in. A `lang` parameter (links in e-mails carry one) is remembered like a toggle
 * and taken out of the address, so it does not leak into return paths and bookmarks.
 */
export function initialLanguage(): UiLanguage {
  const language = pickLanguage(window.location.search, localStorage.getItem(STORAGE_KEYS.locale));
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    if (url.searchParams.get('lang') === language) storeLanguage(language);
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return language;
}
