// One file to the file store (docs/contracts.md, "File store"): a ticket, a multipart POST straight to
// storage (multipart.ts), then the confirmation that makes the server check the bytes.
import type { UploadPurpose } from '@partage/graphql';
import { graphqlRequest } from '../api/graphql';
import { postMultipart, UploadFailed } from './multipart';
import { CONFIRM_UPLOAD, REQUEST_UPLOAD } from './operations';

/** Uploads one public image and returns its confirmed fileId. */
export const uploadPublicImage = (file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> =>
  uploadFile(file, 'PUBLIC_IMAGE', onProgress, signal);

/**
 * Uploads one file for `purpose` and returns its confirmed fileId. The confirmation is where the
 * server judges the bytes: a refused file fails with its rule (fileForbidden, fileContent).
 */
export async function uploadFile(
  file: Blob,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const ticket = await graphqlRequest(REQUEST_UPLOAD, { input: { purpose, contentType: file.type, size: file.size } });
  if (!ticket.requestUpload) throw new UploadFailed('No upload ticket');
  const { fileId, url, fields } = ticket.requestUpload;
  await postMultipart(url, JSON.parse(fields) as Record<string, string>, file, onProgress, signal);
  const confirmed = await graphqlRequest(CONFIRM_UPLOAD, { fileId });
  if (!confirmed.confirmUpload) throw new UploadFailed('Upload not confirmed');
  return fileId;
}
