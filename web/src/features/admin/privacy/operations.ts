// Privacy requests handled by administrators (graphql/schema/privacy.graphql, docs/privacy.md): a user's
// data exported or their account deleted on their request, and the log of every request.
import { graphql } from '../../../lib/api/documents';

export const PRIVACY_REQUESTS = graphql(`
  query PrivacyRequests($limit: Int, $nextToken: String) {
    privacyRequests(limit: $limit, nextToken: $nextToken) {
      items {
        id
        kind
        status
        subjectId
        subjectName
        requestedById
        requestedByName
        byAdministrator
        reason
        at
      }
      nextToken
    }
  }
`);

export const ADMIN_EXPORT_USER_DATA = graphql(`
  mutation AdminExportUserData($input: AdminPrivacyRequestInput!) {
    adminExportUserData(input: $input) {
      id
      url
    }
  }
`);

export const ADMIN_DELETE_USER = graphql(`
  mutation AdminDeleteUser($input: AdminPrivacyRequestInput!) {
    adminDeleteUser(input: $input)
  }
`);
