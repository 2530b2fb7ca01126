// The current terms version and where its PDFs are (Query.termsVersion: anyone may ask), and the
// selection of a version's PDFs that every screen listing versions reads (termsDocumentsOf).
import { graphql } from '../api/documents';

export const TERMS_DOCUMENTS_FIELDS = graphql(`
  fragment TermsDocumentsFields on TermsDocuments {
    termsFr
    termsEn
    privacyFr
    privacyEn
  }
`);

export const CURRENT_TERMS = graphql(
  `
    query CurrentTerms {
      termsVersion {
        version
        documents {
          ...TermsDocumentsFields
        }
      }
    }
  `,
  [TERMS_DOCUMENTS_FIELDS],
);
