// The terms versions the signed-in user accepted (Query.tosHistory), shown on /parametres.
import { graphql } from '../../../lib/api/documents';
import { TERMS_DOCUMENTS_FIELDS } from '../../../lib/legal/operations';

export const MY_TOS_HISTORY = graphql(
  `
    query MyTosHistory {
      tosHistory {
        version
        acceptedAt
        documents {
          ...TermsDocumentsFields
        }
      }
    }
  `,
  [TERMS_DOCUMENTS_FIELDS],
);
