// The terms administration calls (/gestion-conditions, admin Lambda).
import { graphql } from '../../../lib/api/documents';
import { TERMS_DOCUMENTS_FIELDS } from '../../../lib/legal/operations';

export const TERMS_VERSIONS = graphql(
  `
    query TermsVersions {
      termsVersions {
        version
        publishedAt
        documents {
          ...TermsDocumentsFields
        }
      }
    }
  `,
  [TERMS_DOCUMENTS_FIELDS],
);

export const TERMS_VERSION_ACCEPTANCES = graphql(`
  query TermsVersionAcceptances($version: String!, $limit: Int, $nextToken: String) {
    termsVersionAcceptances(version: $version, limit: $limit, nextToken: $nextToken) {
      items {
        acceptedAt
        user {
          id
          email
          firstName
          lastName
          publicName
          organizationName
        }
      }
      nextToken
    }
  }
`);

export const PUBLISH_TERMS_VERSION = graphql(`
  mutation PublishTermsVersion($input: PublishTermsVersionInput!) {
    publishTermsVersion(input: $input) {
      version
    }
  }
`);
