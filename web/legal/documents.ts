// The terms of use and the privacy policy: Markdown sources in web/legal/<language>/, rendered by
// web/scripts/build-legal-pdfs.ts into the PDFs web/public/legal serves. Those are the initial terms
// version's; the paths are shared with the server (@partage/graphql legal.ts), which answers them as
// that version's documents.
export { LEGAL_DOCUMENTS, legalDocumentPath, type LegalDocument } from '@partage/graphql';

/** The version both documents carry; a later version's PDFs are uploaded at /gestion-conditions. */
export const LEGAL_DOCUMENTS_VERSION = '2026-01';
