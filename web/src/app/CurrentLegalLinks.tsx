import type { UiLanguage } from '@partage/graphql';
import { useLegalDocumentUrls } from '../lib/legal/legal-documents';
import { LegalLinkItems } from './LegalLinks';

/** The current terms version's PDFs (the footer's LegalLinks loads this chunk when it nears the viewport). */
export default function CurrentLegalLinks({ language, otherLanguage }: { language: UiLanguage; otherLanguage: UiLanguage }) {
  const urls = useLegalDocumentUrls(language);
  const otherUrls = useLegalDocumentUrls(otherLanguage);
  return <LegalLinkItems urls={urls} otherUrls={otherUrls} language={language} otherLanguage={otherLanguage} />;
}
