// The terms of use and the privacy policy: Markdown sources in web/legal/<language>/, rendered by
// web/scripts/build-legal-pdfs.ts into the PDFs web/public/legal serves (file names are fixed: the
// footer, the terms dialog and the sign-up form link to them).
import type { UiLanguage } from '@partage/graphql';

export const LEGAL_DOCUMENTS = {
  terms: 'conditions-utilisation',
  privacy: 'politique-confidentialite',
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

/** The version both documents carry; a new text gets a new version, published to users with publishTermsVersion. */
export const LEGAL_DOCUMENTS_VERSION = '2026-01';

/** The site path of a document's PDF in a language, e.g. `/legal/conditions-utilisation-fr.pdf`. */
export const legalDocumentPath = (document: LegalDocument, language: UiLanguage): string =>
  `/legal/${LEGAL_DOCUMENTS[document]}-${language}.pdf`;
