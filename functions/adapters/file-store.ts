// The file store port. Browsers upload straight to storage with a presigned form; the server then
// reads the object's first bytes (and ranges of it: a ZIP's directory at its tail), moves it between areas (functions/domain/files/file-keys.ts) and
// hands out URLs. Chosen once from FILE_STORE_ADAPTER: `s3` (FILES_BUCKET, PUBLIC_FILES_BUCKET) or
// `local` (FILE_STORE_DIR, FILE_STORE_SECRET; served by the local host with the same form protocol,
// which registers it: local-adapters.ts).

import { chosenOnce } from './chosen-once';
import { S3Client } from '@aws-sdk/client-s3';
import { publicUrl, requireEnv } from './env';
import { localAdapters } from './local-adapters';
import { s3FileStore } from './s3-file-store';

/** POST `fields`, then the file as the last part named `file`, as multipart/form-data to `url`. */
export interface UploadForm {
  url: string;
  fields: Record<string, string>;
}

export interface UploadConditions {
  contentType: string;
  maxBytes: number;
  expiresAt: Date;
}

export interface StoredObject {
  size: number;
  firstBytes: Uint8Array;
}

export interface FileStore {
  /** A form that stores one file at `key`, of that content type and 1..maxBytes bytes, until expiresAt. */
  presignUpload(key: string, conditions: UploadConditions): Promise<UploadForm>;
  /** The object's size and first bytes; null when nothing was uploaded there. */
  peek(key: string, bytes: number): Promise<StoredObject | null>;
  /** `length` bytes of the object from `offset` (a range within it: peek gives its size). */
  read(key: string, offset: number, length: number): Promise<Uint8Array>;
  /** Writes an object the server made itself (the demo ads' pictures), as an upload form would. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Moves an object, setting its content type; public ones get long-lived cache headers. */
  move(from: string, to: string, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** A URL that reads a private object until expiresAt; with a download name, as a download of that name. */
  signedUrl(key: string, expiresAt: Date, options?: SignedUrlOptions): Promise<string>;
  /** The permanent URL of a public object (served by the CDN, or the local host). */
  publicUrl(key: string): string;
}

export interface SignedUrlOptions {
  /** The browser saves the file under this name rather than showing it (chat attachments but images). */
  downloadName?: string;
}

/**
 * `Content-Disposition: attachment` with the name (RFC 6266): an ASCII fallback for old clients,
 * then the exact name in UTF-8 (RFC 8187). Quotes, backslashes and controls never reach the header.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.normalize('NFKD').replace(/[^\x20-\x7e]|["\\%]/g, (char) => (/\p{M}/u.test(char) ? '' : '_'));
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * How long a shared cache (CloudFront, a proxy) serves a public file without asking storage again: a
 * deleted picture (an account's deletion, docs/privacy.md) is unreachable at the site's address within
 * this bound (the CloudFront behaviour caps every copy at it, infra/aws/web-hosting.ts; docs/operations.md).
 */
export const PUBLIC_FILE_SHARED_MAX_AGE_SECONDS = 3600;

/**
 * Public files never change under their id, so a browser that read one keeps it for a year; shared
 * caches ask storage again after PUBLIC_FILE_SHARED_MAX_AGE_SECONDS (a 304 while it exists, gone once deleted).
 */
export const PUBLIC_CACHE_CONTROL = `public, max-age=31536000, s-maxage=${PUBLIC_FILE_SHARED_MAX_AGE_SECONDS}, immutable`;

export const fileStore: () => FileStore = chosenOnce(() => chooseFileStore(requireEnv('FILE_STORE_ADAPTER')));

function chooseFileStore(adapter: string): FileStore {
  if (adapter === 's3') {
    return s3FileStore(new S3Client({}), {
      filesBucket: requireEnv('FILES_BUCKET'),
      publicBucket: requireEnv('PUBLIC_FILES_BUCKET'),
      publicBaseUrl: publicUrl,
    });
  }
  if (adapter === 'local') return localAdapters('FILE_STORE_ADAPTER=local').fileStore();
  throw new Error(`Unknown FILE_STORE_ADAPTER "${adapter}" (expected s3 or local)`);
}
