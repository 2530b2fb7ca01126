// Privacy rights from /parametres (graphql/schema/privacy.graphql, docs/privacy.md): the caller's data
// exports, and the deletion of their account.
import { graphql } from '../../../lib/api/documents';

export const MY_DATA_EXPORTS = graphql(`
  query MyDataExports {
    myDataExports {
      id
      createdAt
      expiresAt
      url
    }
  }
`);

export const REQUEST_MY_DATA_EXPORT = graphql(`
  mutation RequestMyDataExport {
    requestMyDataExport {
      id
      url
    }
  }
`);

export const DELETE_MY_ACCOUNT = graphql(`
  mutation DeleteMyAccount($input: DeleteMyAccountInput!) {
    deleteMyAccount(input: $input)
  }
`);
