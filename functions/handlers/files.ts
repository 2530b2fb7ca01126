// Uploads and file URLs (functions/domain/files/uploads.ts).

import type { MutationConfirmUploadArgs, MutationRequestUploadArgs, QueryFileUrlArgs } from '@partage/graphql';
import { confirmUpload, fileUrl, requestUpload } from '../domain/files/uploads';
import { ADMIN_ONLY, requireRole, SIGNED_IN, type Identity } from '../domain/identity';
import { resolverHandler, type FieldMap } from './shared/resolver';
import { observed } from './shared/observed';

/** The fields of the files Lambda. */
export const filesFields = {
  // Legal documents are the site's own words, published for everyone: administrators only upload them.
  'Mutation.requestUpload': ({ input }: MutationRequestUploadArgs, identity: Identity) =>
    requestUpload(requireRole(identity, input?.purpose === 'LEGAL_DOCUMENT' ? ADMIN_ONLY : SIGNED_IN), input),

  'Mutation.confirmUpload': ({ fileId }: MutationConfirmUploadArgs, identity: Identity) => {
    requireRole(identity, SIGNED_IN);
    return confirmUpload(identity, fileId);
  },

  // Anonymous visitors may ask for a public image's URL; mayRead decides for the rest.
  'Query.fileUrl': ({ fileId }: QueryFileUrlArgs, identity: Identity) => fileUrl(identity, fileId),
} satisfies FieldMap;

export const handler = observed('files', resolverHandler(filesFields));
