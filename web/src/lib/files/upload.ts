// One file to the file store (docs/contracts.md, "File store"): a ticket, a multipart POST straight to
// storage (multipart.ts), then the confirmation that makes the server check the bytes.
import { graphqlRequest } from '../api/graphql';
import { postMultipart, UploadFailed } from './multipart';
import { CONFIRM_UPLOAD, REQUEST_UPLOAD } from './operations';

/** Uploads one public image and returns its confirmed fileId. */
export async function uploadPublicImage(file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  const ticket = await graphqlRequest(REQUEST_UPLOAD, { input: { purpose: 'PUBLIC_IMAGE', contentType: file.type, size: file.size } });
  if (!ticket.requestUpload) throw new UploadFailed('No upload ticket');
  const { fileId, url, fields } = ticket.requestUpload;
  await postMultipart(url, JSON.parse(fields) as Record<string, string>, file, onProgress, signal);
  const confirmed = await graphqlRequest(CONFIRM_UPLOAD, { fileId });
  if (!confirmed.confirmUpload) throw new UploadFailed('Upload not confirmed');
  return fileId;
}
