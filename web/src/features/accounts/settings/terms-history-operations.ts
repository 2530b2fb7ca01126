// The terms versions the signed-in user accepted (Query.tosHistory), shown on /parametres.
import { graphql } from '../../../lib/api/documents';

export const MY_TOS_HISTORY = graphql(`
  query MyTosHistory {
    tosHistory {
      version
      acceptedAt
      documents {
        termsFr
        termsEn
        privacyFr
        privacyEn
      }
    }
  }
`);
