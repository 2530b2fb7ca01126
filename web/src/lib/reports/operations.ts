// Reporting an item (docs/moderation.md): shared by the screens that show a reportable item (an ad, a
// public profile, a message), which are features of their own.
import { graphql } from '../api/documents';

export const REPORT_ITEM = graphql(`
  mutation ReportItem($input: ReportInput!) {
    reportItem(input: $input) {
      kind
      itemId
      alreadyReported
    }
  }
`);
