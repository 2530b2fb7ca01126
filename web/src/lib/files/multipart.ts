// The storage half of an upload: the presigned form posted with XMLHttpRequest, because fetch
// reports no upload progress. Its own module so tests replace the network and keep the rest.

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
