// Who may call each root field of files.graphql (see authz.ts). The matrix names no existing file, so
// it proves the role checks; the uploader-or-admin rules on an existing file are tested in
// functions/domain/files and tests/integration/local-file-store.db.test.ts.

import { PUBLIC, SIGNED_IN, type AuthzTable } from './authz';

export const authz: AuthzTable = {
  'Mutation.requestUpload': SIGNED_IN,
  'Mutation.confirmUpload': SIGNED_IN,
  // A public image's URL is anyone's; a private file's only its uploader's or an admin's.
  'Query.fileUrl': PUBLIC,
};
