// The file store on S3: presigned POST with content-length-range and Content-Type conditions,
// ranged GETs to read the first bytes or any range, copy + delete to move, presigned GET for private files.
// Public files sit in their own bucket, which only CloudFront reads, at the path the site serves.

import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { now } from '../domain/clock';
import { fileAreaPrefix } from '../domain/files/file-keys';
import { attachmentDisposition, PUBLIC_CACHE_CONTROL, type FileStore } from './file-store';

export interface S3FileStoreConfig {
  filesBucket: string;
  publicBucket: string;
  /** The site's URL: CloudFront serves the public bucket's keys under it. Read when needed: handlers that never hand out URLs (housekeeping) have no PUBLIC_URL. */
  publicBaseUrl: () => string;
}

const secondsUntil = (instant: Date) => Math.max(1, Math.ceil((instant.getTime() - now().getTime()) / 1000));

export function s3FileStore(client: S3Client, config: S3FileStoreConfig): FileStore {
  const isPublic = (key: string) => key.startsWith(fileAreaPrefix('public'));
  const bucketOf = (key: string) => (isPublic(key) ? config.publicBucket : config.filesBucket);
  return {
    async presignUpload(key, { contentType, maxBytes, expiresAt }) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucketOf(key),
        Key: key,
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: secondsUntil(expiresAt),
      });
      return { url, fields };
    },
    async peek(key, bytes) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucketOf(key), Key: key, Range: `bytes=0-${bytes - 1}` }));
        const size = Number(/\/(\d+)$/.exec(object.ContentRange ?? '')?.[1] ?? object.ContentLength ?? 0);
        return { size, firstBytes: (await object.Body?.transformToByteArray()) ?? new Uint8Array() };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async read(key, offset, length) {
      if (length <= 0) return new Uint8Array();
      const object = await client.send(
        new GetObjectCommand({ Bucket: bucketOf(key), Key: key, Range: `bytes=${offset}-${offset + length - 1}` }),
      );
      return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
    },
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucketOf(key),
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ...(isPublic(key) ? { CacheControl: PUBLIC_CACHE_CONTROL } : {}),
        }),
      );
    },
    async move(from, to, contentType) {
      await client.send(
        new CopyObjectCommand({
          Bucket: bucketOf(to),
          Key: to,
          CopySource: `${bucketOf(from)}/${from}`,
          MetadataDirective: 'REPLACE',
          ContentType: contentType,
          ...(isPublic(to) ? { CacheControl: PUBLIC_CACHE_CONTROL } : {}),
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket: bucketOf(from), Key: from }));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucketOf(key), Key: key }));
    },
    signedUrl: (key, expiresAt, options) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucketOf(key),
          Key: key,
          // S3 answers with this header when the signed URL asks for it (and signs the request).
          ...(options?.downloadName ? { ResponseContentDisposition: attachmentDisposition(options.downloadName) } : {}),
        }),
        { expiresIn: secondsUntil(expiresAt) },
      ),
    publicUrl: (key) => `${config.publicBaseUrl()}/${key}`,
  };
}
