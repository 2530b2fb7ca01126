// The file store's calls (graphql/schema/files.graphql) an upload makes.
import { graphql } from '../api/documents';

export const REQUEST_UPLOAD = graphql(`
  mutation RequestUpload($input: RequestUploadInput!) {
    requestUpload(input: $input) {
      fileId
      url
      fields
    }
  }
`);

export const CONFIRM_UPLOAD = graphql(`
  mutation ConfirmUpload($fileId: ID!) {
    confirmUpload(fileId: $fileId) {
      id
      publicUrl
    }
  }
`);
