// Ad texts are kept in both content languages, one of them possibly missing (spec §3): a reader sees
// the text of their language, else the other one marked as such (adFields:otherLanguage).
import type { UiLanguage } from '@partage/graphql';

export interface LocalizedText {
  fr?: string | null;
  en?: string | null;
}

export interface PickedText {
  text: string;
  /** The language `text` is in. */
  language: UiLanguage;
  /** True when the reader's language had no text and the other one is shown. */
  otherLanguage: boolean;
}

const present = (text: string | null | undefined): text is string => Boolean(text?.trim());

/** The text in `language`, else in the other language; null when neither has one. */
export function pickText(value: LocalizedText | null | undefined, language: UiLanguage): PickedText | null {
  const other: UiLanguage = language === 'fr' ? 'en' : 'fr';
  if (present(value?.[language])) return { text: value[language], language, otherLanguage: false };
  if (present(value?.[other])) return { text: value[other], language: other, otherLanguage: true };
  return null;
}

/** The UI language i18next runs in, as the content languages name it. */
export const readerLanguage = (language: string): UiLanguage => (language.startsWith('en') ? 'en' : 'fr');
