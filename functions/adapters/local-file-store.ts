// The file store on the local host: files under FILE_STORE_DIR at their key, uploaded with the same
// presigned-form protocol as S3 (a base64 JSON policy of conditions and expiry in `Policy`, signed
// in `X-Amz-Signature`, here with an HMAC of the host's secret) and read through HMAC-signed
// expiring URLs. The local host checks both (infra/local/local-file-routes.ts).

import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { epochSeconds } from '../domain/clock';
import type { FileStore } from './file-store';

/** Where the local host accepts upload forms (S3: the bucket's URL). */
export const LOCAL_UPLOAD_PATH = '/files';

/** S3's POST policy: an expiry and conditions, `{ field: value }` or `[operator, ...]`. */
export interface UploadPolicy {
  expiration: string;
  conditions: (Record<string, string> | ['content-length-range', number, number] | ['eq', string, string])[];
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export function verifyHmac(secret: string, text: string, signature: string): boolean {
  const expected = Buffer.from(hmac(secret, text));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const signPolicy = (secret: string, policy: string) => hmac(secret, policy);

/** What a signed read URL signs: the key, its expiry and, when given, the download name. */
export const signedReadText = (key: string, expires: number, downloadName?: string) =>
  downloadName ? `${key}\n${expires}\n${downloadName}` : `${key}\n${expires}`;

/** The signed read URL's query parameter naming the download (as S3's response-content-disposition). */
export const DOWNLOAD_NAME_PARAM = 'download';

export interface LocalFileStoreConfig {
  dir: string;
  secret: string;
  /** The local host's URL (read when needed, as PUBLIC_URL on AWS). */
  baseUrl: () => string;
}

export function localFileStore({ dir, secret, baseUrl }: LocalFileStoreConfig): FileStore {
  const pathOf = (key: string) => join(dir, key);
  return {
    async presignUpload(key, { contentType, maxBytes, expiresAt }) {
      const policy: UploadPolicy = {
        expiration: expiresAt.toISOString(),
        conditions: [{ key }, ['eq', '$Content-Type', contentType], ['content-length-range', 1, maxBytes]],
      };
      const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
      return {
        url: `${baseUrl()}${LOCAL_UPLOAD_PATH}`,
        fields: { key, 'Content-Type': contentType, Policy: encoded, 'X-Amz-Signature': signPolicy(secret, encoded) },
      };
    },
    async peek(key, bytes) {
      const file = await open(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!file) return null;
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await file.read(buffer, 0, bytes, 0);
        return { size: (await file.stat()).size, firstBytes: new Uint8Array(buffer.subarray(0, bytesRead)) };
      } finally {
        await file.close();
      }
    },
    async read(key, offset, length) {
      const file = await open(pathOf(key));
      try {
        const buffer = Buffer.alloc(Math.max(0, length));
        const { bytesRead } = await file.read(buffer, 0, buffer.length, offset);
        return new Uint8Array(buffer.subarray(0, bytesRead));
      } finally {
        await file.close();
      }
    },
    async put(key, bytes) {
      await mkdir(dirname(pathOf(key)), { recursive: true });
      await writeFile(pathOf(key), bytes);
    },
    // The local host serves the content type from the file's signature and public files with
    // long cache headers by their area, so moving the file is all there is to do.
    async move(from, to) {
      await mkdir(dirname(pathOf(to)), { recursive: true });
      await rename(pathOf(from), pathOf(to));
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async signedUrl(key, expiresAt, options) {
      const expires = epochSeconds(expiresAt);
      const name = options?.downloadName;
      const signature = hmac(secret, signedReadText(key, expires, name));
      const download = name ? `&${DOWNLOAD_NAME_PARAM}=${encodeURIComponent(name)}` : '';
      return `${baseUrl()}/${key}?expires=${expires}${download}&signature=${signature}`;
    },
    publicUrl: (key) => `${baseUrl()}/${key}`,
  };
}
