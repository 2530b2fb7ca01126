// The pairs of accounts found linked (graphql/schema/admin.graphql, docs/ratings.md): administrators only.
import { graphql } from '../../../lib/api/documents';

export const LINKED_ACCOUNT_PAIRS = graphql(`
  query LinkedAccountPairs($limit: Int, $nextToken: String) {
    linkedAccountPairs(limit: $limit, nextToken: $nextToken) {
      items {
        firstSeenAt
        accounts {
          id
          publicName
          email
          organizationName
        }
        signals {
          signal
          since
        }
      }
      nextToken
    }
  }
`);
