import { useTranslation } from 'react-i18next';
import type { TermsDocuments } from '@partage/graphql';

const LINKS = [
  ['termsFr', 'fr'],
  ['termsEn', 'en'],
  ['privacyFr', 'fr'],
  ['privacyEn', 'en'],
] as const satisfies readonly (readonly [keyof TermsDocuments, string])[];

/** The four PDFs of a version, each link naming its version, document and language (the list repeats them). */
export function TermsDocumentLinks({ version, documents }: { version: string; documents: TermsDocuments }) {
  const { t } = useTranslation('terms');
  return (
    <ul className="terms-admin__documents">
      {LINKS.map(([field, language]) => (
        <li key={field}>
          <a href={documents[field]} type="application/pdf" hrefLang={language} target="_blank" rel="noopener noreferrer">
            {t(`documents.${field}`)} <span className="visually-hidden">{t('documents.ofVersion', { version })}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
