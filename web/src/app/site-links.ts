// The static documents the footer links to. The deployment's own addresses (partner, contact, video)
// come from config.json instead (lib/site-settings.ts).
import { UI_LANGUAGES, DEFAULT_UI_LANGUAGE, type UiLanguage } from '@partage/graphql';
import { legalDocumentPath, type LegalDocument } from '../../legal/documents';

/** The terms of use or privacy policy PDF in the UI language (i18next's `language`). */
export function legalDocumentUrl(document: LegalDocument, language: string): string {
  const uiLanguage = UI_LANGUAGES.includes(language as UiLanguage) ? (language as UiLanguage) : DEFAULT_UI_LANGUAGE;
  return legalDocumentPath(document, uiLanguage);
}
