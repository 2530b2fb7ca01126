// Links to the terms of use and the privacy policy: the current version's PDFs in the reader's
// language. Until the server answers (or when it cannot), the bundled PDFs of the initial version.
import { useEffect } from 'react';
import {
  BUNDLED_TERMS_DOCUMENTS,
  DEFAULT_UI_LANGUAGE,
  termsDocumentField,
  UI_LANGUAGES,
  type LegalDocument,
  type TermsDocuments,
  type UiLanguage,
} from '@partage/graphql';
import { readFragment, type FragmentOf } from 'gql.tada';
import { useApiQuery } from '../api/queries';
import { CURRENT_TERMS, TERMS_DOCUMENTS_FIELDS } from './operations';

/** A new version is rare: the answer is kept this long before it is asked again. */
const CURRENT_TERMS_STALE_MS = 10 * 60_000;

const uiLanguageOf = (language: string): UiLanguage =>
  UI_LANGUAGES.includes(language as UiLanguage) ? (language as UiLanguage) : DEFAULT_UI_LANGUAGE;

/** A document's PDF, in the UI language (i18next's `language`), among a version's documents. */
export function legalDocumentUrl(documents: TermsDocuments, document: LegalDocument, language: string): string {
  return documents[termsDocumentField(document, uiLanguageOf(language))];
}

/** A version's PDFs as a query selected them (`...TermsDocumentsFields`). */
export const termsDocumentsOf = (selected: FragmentOf<typeof TERMS_DOCUMENTS_FIELDS>): TermsDocuments =>
  readFragment(TERMS_DOCUMENTS_FIELDS, selected);

const urlsIn = (documents: TermsDocuments, language: string): Record<LegalDocument, string> => ({
  terms: legalDocumentUrl(documents, 'terms', language),
  privacy: legalDocumentUrl(documents, 'privacy', language),
});

const useCurrentTerms = () => useApiQuery(CURRENT_TERMS, {}, { staleTime: CURRENT_TERMS_STALE_MS });

/** The current version's PDFs in `language` (the bundled ones while loading or when the query failed). */
export function useLegalDocumentUrls(language: string): Record<LegalDocument, string> {
  const answered = useCurrentTerms().data?.termsVersion;
  return urlsIn(answered ? termsDocumentsOf(answered.documents) : BUNDLED_TERMS_DOCUMENTS, language);
}

/**
 * The PDFs of `version`, the one the reader is asked to accept (the terms dialog), in `language`; null
 * until they are known: never another version's links beside its name. An older answer in the cache is
 * asked again; no version in the table means the bundled initial one.
 */
export function useVersionDocumentUrls(language: string, version: string): Record<LegalDocument, string> | null {
  const current = useCurrentTerms();
  const answered = current.data?.termsVersion;
  const outdated = answered !== undefined && answered !== null && answered.version !== version;
  const { refetch } = current;
  useEffect(() => {
    if (outdated) void refetch();
  }, [outdated, refetch]);
  if (answered === undefined || outdated) return null;
  return urlsIn(answered ? termsDocumentsOf(answered.documents) : BUNDLED_TERMS_DOCUMENTS, language);
}
