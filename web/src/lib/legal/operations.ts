// The current terms version and where its PDFs are (Query.termsVersion: anyone may ask).
import { graphql } from '../api/documents';

export const CURRENT_TERMS = graphql(`
  query CurrentTerms {
    termsVersion {
      version
      documents {
        termsFr
        termsEn
        privacyFr
        privacyEn
      }
    }
  }
`);
