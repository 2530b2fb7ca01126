import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { s3FileStore } from './s3-file-store';

const s3 = mockClient(S3Client);
const client = new S3Client({ region: 'ca-central-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });
const store = s3FileStore(client, {
  filesBucket: 'files-bucket',
  publicBucket: 'public-bucket',
  publicBaseUrl: () => 'https://partage.example',
});
afterEach(() => s3.reset());

describe('S3 file store', () => {
  it('presigns a POST to the files bucket limited to the key, the content type and the size, until the expiry', async () => {
    const expiresAt = new Date(Date.now() + 600_000);
    const form = await store.presignUpload('files/incoming/f1', { contentType: 'image/png', maxBytes: 1234, expiresAt });
    expect(form.url).toBe('https://files-bucket.s3.ca-central-1.amazonaws.com/');
    expect(form.fields).toMatchObject({ key: 'files/incoming/f1', 'Content-Type': 'image/png', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    const policy = JSON.parse(Buffer.from(form.fields.Policy!, 'base64').toString()) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 1234],
        ['eq', '$Content-Type', 'image/png'],
        { bucket: 'files-bucket' },
        { key: 'files/incoming/f1' },
      ]),
    );
    expect(Math.abs(Date.parse(policy.expiration) - expiresAt.getTime())).toBeLessThan(2_000);
  });

  it('puts what the server made in the files bucket, or the public one with long cache headers', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    await store.put('files/incoming/f1', bytes, 'image/webp');
    await store.put('files/public/f2', bytes, 'image/webp');
    expect(s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input)).toEqual([
      { Bucket: 'files-bucket', Key: 'files/incoming/f1', Body: bytes, ContentType: 'image/webp' },
      {
        Bucket: 'public-bucket',
        Key: 'files/public/f2',
        Body: bytes,
        ContentType: 'image/webp',
        CacheControl: 'public, max-age=31536000, s-maxage=3600, immutable',
      },
    ]);
  });

  it('reads the first bytes and the whole size with a ranged GET; nothing uploaded is null', async () => {
    // The SDK's streaming body, reduced to the method the adapter reads it with.
    const body = { transformToByteArray: async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47]) } as never;
    s3.on(GetObjectCommand)
      .resolvesOnce({ Body: body, ContentRange: 'bytes 0-3/52311' })
      .rejectsOnce(new NoSuchKey({ message: 'none', $metadata: {} }));
    expect(await store.peek('files/incoming/f1', 16)).toEqual({ size: 52311, firstBytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) });
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'files-bucket',
      Key: 'files/incoming/f1',
      Range: 'bytes=0-15',
    });
    expect(await store.peek('files/incoming/f2', 16)).toBeNull();
  });

  it('reads a range of an object with a ranged GET (a ZIP directory at its tail), nothing for an empty range', async () => {
    const body = { transformToByteArray: async () => new Uint8Array([0x50, 0x4b, 0x05, 0x06]) } as never;
    s3.on(GetObjectCommand).resolves({ Body: body, ContentRange: 'bytes 52290-52311/52312' });
    expect(await store.read('files/incoming/f1', 52_290, 22)).toEqual(new Uint8Array([0x50, 0x4b, 0x05, 0x06]));
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'files-bucket',
      Key: 'files/incoming/f1',
      Range: 'bytes=52290-52311',
    });
    expect(await store.read('files/incoming/f1', 100, 0)).toEqual(new Uint8Array());
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(1);
  });

  it('moves a checked public image to the public bucket with long cache headers, then deletes the upload', async () => {
    s3.on(CopyObjectCommand).resolves({}).on(DeleteObjectCommand).resolves({});
    await store.move('files/incoming/f1', 'files/public/f1', 'image/png');
    expect(s3.commandCalls(CopyObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'public-bucket',
      Key: 'files/public/f1',
      CopySource: 'files-bucket/files/incoming/f1',
      MetadataDirective: 'REPLACE',
      ContentType: 'image/png',
      CacheControl: 'public, max-age=31536000, s-maxage=3600, immutable',
    });
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toEqual({ Bucket: 'files-bucket', Key: 'files/incoming/f1' });
    await store.move('files/incoming/f2', 'files/private/f2', 'application/pdf');
    expect(s3.commandCalls(CopyObjectCommand)[1]!.args[0].input).not.toHaveProperty('CacheControl');
  });

  it('hands out a presigned GET for a private file and the site URL for a public one', async () => {
    const url = new URL(await store.signedUrl('files/private/f2', new Date(Date.now() + 300_000)));
    expect(url.host).toBe('files-bucket.s3.ca-central-1.amazonaws.com');
    expect(url.pathname).toBe('/files/private/f2');
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(295);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(store.publicUrl('files/public/f1')).toBe('https://partage.example/files/public/f1');
    expect(url.searchParams.has('response-content-disposition')).toBe(false);
  });

  it('asks S3 to answer a signed GET as a download of the given name, encoded for any client', async () => {
    const url = new URL(
      await store.signedUrl('files/private/f3', new Date(Date.now() + 300_000), { downloadName: 'Fiche "technique" été.pdf' }),
    );
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="Fiche _technique_ ete.pdf"; filename*=UTF-8''Fiche%20%22technique%22%20%C3%A9t%C3%A9.pdf`,
    );
    // The parameter is signed: S3 refuses the URL if anyone changes the name.
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
