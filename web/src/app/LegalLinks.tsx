// The footer's terms and privacy PDFs, in the reader's language and the other one. Until the footer nears
// the viewport they are the bundled PDFs of the initial version; then the current version's, asked by
// CurrentLegalLinks in its own chunk, so that no page load costs a query or the API client's code for them.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BUNDLED_TERMS_DOCUMENTS, termsDocumentField, type LegalDocument, type UiLanguage } from '@partage/graphql';

const CurrentLegalLinks = lazy(() => import('./CurrentLegalLinks'));

export type LegalUrls = Record<LegalDocument, string>;

const bundledUrls = (language: UiLanguage): LegalUrls => ({
  terms: BUNDLED_TERMS_DOCUMENTS[termsDocumentField('terms', language)],
  privacy: BUNDLED_TERMS_DOCUMENTS[termsDocumentField('privacy', language)],
});

interface Languages {
  language: UiLanguage;
  otherLanguage: UiLanguage;
}

export function LegalLinks({ near, ...languages }: Languages & { near: boolean }) {
  const bundled = <LegalLinkItems urls={bundledUrls(languages.language)} otherUrls={bundledUrls(languages.otherLanguage)} {...languages} />;
  if (!near) return bundled;
  return (
    <Suspense fallback={bundled}>
      <CurrentLegalLinks {...languages} />
    </Suspense>
  );
}

/** One item per document: its PDF in the reader's language, then in the other, named in that language. */
export function LegalLinkItems({ urls, otherUrls, otherLanguage }: Languages & { urls: LegalUrls; otherUrls: LegalUrls }) {
  const { t, i18n } = useTranslation();
  const other = i18n.getFixedT(otherLanguage, 'common');
  return (['terms', 'privacy'] as const).map((document) => (
    <li key={document}>
      <a href={urls[document]} type="application/pdf">
        {t(`footer.${document}`)}
      </a>{' '}
      <a href={otherUrls[document]} type="application/pdf" hrefLang={otherLanguage} lang={otherLanguage}>
        {other(`footer.${document}OtherLanguage`)}
      </a>
    </li>
  ));
}
