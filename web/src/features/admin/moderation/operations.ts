// The moderation queue's calls (/moderation, moderation Lambda; docs/moderation.md).
import { graphql } from '../../../lib/api/documents';

export const MODERATION_QUEUE = graphql(`
  query ModerationQueue($limit: Int, $nextToken: String) {
    moderationQueue(limit: $limit, nextToken: $nextToken) {
      items {
        id
        kind
        itemId
        subjectUserId
        subjectName
        subjectOrganization
        reportCount
        lastReportedAt
        reports {
          reporterId
          reason
          note
          reportedAt
          content
        }
      }
      nextToken
    }
  }
`);

export const MODERATE_CASE = graphql(`
  mutation ModerateCase($input: ModerateCaseInput!) {
    moderateCase(input: $input) {
      id
      status
    }
  }
`);
