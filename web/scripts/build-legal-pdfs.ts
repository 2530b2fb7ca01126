// Writes the terms of use and privacy policy PDFs from their Markdown sources:
//   npx tsx web/scripts/build-legal-pdfs.ts
// The PDFs are committed (web/public/legal), so run this after changing a text in web/legal/.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { UI_LANGUAGES, type UiLanguage } from '@partage/graphql';
import { LEGAL_DOCUMENTS, LEGAL_DOCUMENTS_VERSION, legalDocumentPath, type LegalDocument } from '../legal/documents';
import { renderLegalPdf } from './legal-pdf';

const web = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const META: Record<UiLanguage, { lang: string; footer: (page: number, pages: number) => string }> = {
  fr: { lang: 'fr-CA', footer: (page, pages) => `Version ${LEGAL_DOCUMENTS_VERSION} — page ${page} de ${pages}` },
  en: { lang: 'en-CA', footer: (page, pages) => `Version ${LEGAL_DOCUMENTS_VERSION} — page ${page} of ${pages}` },
};

for (const language of UI_LANGUAGES) {
  for (const document of Object.keys(LEGAL_DOCUMENTS) as LegalDocument[]) {
    const source = await readFile(web(`legal/${language}/${document}.md`), 'utf8');
    const target = web(`public${legalDocumentPath(document, language)}`);
    const pdf = renderLegalPdf(source, { ...META[language], version: LEGAL_DOCUMENTS_VERSION });
    await writeFile(target, pdf);
    console.log(`${target}: ${pdf.length} bytes`);
  }
}
