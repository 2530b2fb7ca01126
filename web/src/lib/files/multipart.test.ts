import { afterEach, describe, expect, it, vi } from 'vitest';
import { postMultipart, UploadFailed } from './multipart';

/** The last request made, answered by the test. */
let request: FakeRequest;

class FakeRequest {
  method = '';
  url = '';
  status = 0;
  body: FormData | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the test answers the request it made
    request = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('postMultipart', () => {
  it('posts the ticket fields then the file, reporting the progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const progress: number[] = [];
    const file = new Blob(['webp'], { type: 'image/webp' });
    const sent = postMultipart('https://storage.test/', { key: 'k', policy: 'p' }, file, (f) => progress.push(f));
    expect([request.method, request.url]).toEqual(['POST', 'https://storage.test/']);
    expect([...request.body!.keys()]).toEqual(['key', 'policy', 'file']);
    request.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 4 });
    request.status = 204;
    request.onload?.();
    await sent;
    expect(progress).toEqual([0.5]);
  });

  it('fails on a refusal, a network error or an abort', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const refused = postMultipart('https://storage.test/', {}, new Blob(['x']), () => undefined);
    request.status = 403;
    request.onload?.();
    await expect(refused).rejects.toBeInstanceOf(UploadFailed);
    const offline = postMultipart('https://storage.test/', {}, new Blob(['x']), () => undefined);
    request.onerror?.();
    await expect(offline).rejects.toThrow('Network error');
    const controller = new AbortController();
    const aborted = postMultipart('https://storage.test/', {}, new Blob(['x']), () => undefined, controller.signal);
    controller.abort();
    await expect(aborted).rejects.toThrow('Aborted');
  });
});
