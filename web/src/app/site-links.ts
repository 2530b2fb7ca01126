// Addresses owned by the operator, set at build time (e.g. in web/.env). None is invented here:
// a link without an address is simply not shown.
import { UI_LANGUAGES, DEFAULT_UI_LANGUAGE, type UiLanguage } from '@partage/graphql';
import { legalDocumentPath, type LegalDocument } from '../../legal/documents';

export const SITE_LINKS = {
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL ?? '',
  partnerUrl: import.meta.env.VITE_PARTNER_URL ?? '',
  faqUrl: import.meta.env.VITE_FAQ_URL ?? '',
};

/** The terms of use or privacy policy PDF in the UI language (i18next's `language`). */
export function legalDocumentUrl(document: LegalDocument, language: string): string {
  const uiLanguage = UI_LANGUAGES.includes(language as UiLanguage) ? (language as UiLanguage) : DEFAULT_UI_LANGUAGE;
  return legalDocumentPath(document, uiLanguage);
}
