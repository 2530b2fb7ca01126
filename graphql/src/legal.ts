// The terms of use and the privacy policy as PDFs. The initial terms version's are bundled with the
// web app (web/legal/ renders them at these paths); every later version's are public files its
// administrator uploaded (TermsVersion.documents).
import type { UiLanguage } from './enums';
import type { TermsDocuments } from './generated/types';

export const LEGAL_DOCUMENTS = {
  terms: 'conditions-utilisation',
  privacy: 'politique-confidentialite',
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

/** The site path of a bundled document's PDF in a language, e.g. `/legal/conditions-utilisation-fr.pdf`. */
export const legalDocumentPath = (document: LegalDocument, language: UiLanguage): string =>
  `/legal/${LEGAL_DOCUMENTS[document]}-${language}.pdf`;

/** The field of TermsDocuments holding a document in a language. */
export const termsDocumentField = (document: LegalDocument, language: UiLanguage): keyof TermsDocuments =>
  `${document}${language === 'fr' ? 'Fr' : 'En'}`;

/** The bundled PDFs, as the initial version's documents. */
export const BUNDLED_TERMS_DOCUMENTS: TermsDocuments = {
  termsFr: legalDocumentPath('terms', 'fr'),
  termsEn: legalDocumentPath('terms', 'en'),
  privacyFr: legalDocumentPath('privacy', 'fr'),
  privacyEn: legalDocumentPath('privacy', 'en'),
};
