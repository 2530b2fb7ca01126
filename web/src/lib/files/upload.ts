// One file to the file store (docs/contracts.md, "File store"): a ticket, a multipart POST straight to
// storage, then the confirmation that makes the server check the bytes. XMLHttpRequest rather than
// fetch: fetch reports no upload progress.
import { graphqlRequest } from '../api/graphql';
import { CONFIRM_UPLOAD, REQUEST_UPLOAD } from './operations';

export class UploadFailed extends Error {
  override readonly name = 'UploadFailed';
}

/** Posts the ticket's form, `file` last as storage requires; `onProgress` gets the fraction sent. */
export function postMultipart(
  url: string,
  fields: Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    Object.entries(fields).forEach(([name, value]) => form.append(name, value));
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new UploadFailed(`Storage answered ${request.status}`));
    request.onerror = () => reject(new UploadFailed('Network error'));
    request.onabort = () => reject(new UploadFailed('Aborted'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

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
