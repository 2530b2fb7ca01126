// The local file store's HTTP side, standing in for S3 and CloudFront with the same protocol:
// POST /files takes a presigned upload form (policy signature, expiry, every condition checked as
// S3 does; 204 on success, 403 otherwise), streamed to disk as it arrives, GET /files/public/<id>
// serves checked public files with long cache headers, GET /files/private/<id>?expires=&signature=
// (&download=<name>) serves a private file until the signed URL expires (as a download of that
// name when asked). Content types come from the file's own bytes; every answer says `nosniff`.

import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { UPLOAD_RULES } from '@partage/graphql';
import { attachmentDisposition, PUBLIC_CACHE_CONTROL } from '@partage/functions/adapters/file-store';
import {
  DOWNLOAD_NAME_PARAM,
  LOCAL_UPLOAD_PATH,
  signedReadText,
  verifyHmac,
  type UploadPolicy,
} from '@partage/functions/adapters/local-file-store';
import { epochSeconds, now } from '@partage/functions/domain/clock';
import { SNIFF_BYTES, sniffContentType } from '@partage/functions/domain/files/content-type';
import { fileAreaPrefix } from '@partage/functions/domain/files/file-keys';
import { sendText } from './http-io';
import { boundaryOf, MultipartError, readMultipart } from './multipart-stream';

/** The largest upload purpose's limit (graphql UPLOAD_RULES) and room for the form's fields; the policy sets the real one. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((rule) => rule.maxBytes)) + 1024 * 1024;
const FILE_ID = /^[0-9a-f-]{36}$/;

export interface LocalFileRoutesOptions {
  dir: string;
  secret: string;
}

class PolicyError extends Error {}

interface CheckedForm {
  key: string;
  minBytes: number;
  maxBytes: number;
  signature: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** The form's policy checked as S3 does (signature, expiry, every condition), but the size, known once the file is read. */
function checkPolicy(fields: Map<string, string>, secret: string): CheckedForm {
  const encoded = fields.get('Policy');
  const signature = fields.get('X-Amz-Signature');
  if (!encoded || !signature || !verifyHmac(secret, encoded, signature)) throw new PolicyError('Invalid policy signature');
  const policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as UploadPolicy;
  if (!(Date.parse(policy.expiration) > now().getTime())) throw new PolicyError('Policy expired');
  let [minBytes, maxBytes] = [0, Infinity];
  for (const condition of policy.conditions) {
    if (Array.isArray(condition)) {
      const [operator, first, second] = condition;
      if (operator === 'content-length-range') [minBytes, maxBytes] = [first, second];
      if (operator === 'eq' && fields.get(String(first).replace(/^\$/, '')) !== second) throw new PolicyError(`Condition failed: ${first}`);
    } else {
      for (const [name, value] of Object.entries(condition))
        if (fields.get(name) !== value) throw new PolicyError(`Condition failed: ${name}`);
    }
  }
  const key = fields.get('key') ?? '';
  // The signed conditions name the key; this only guards the folder against a policy that did not.
  if (!key.startsWith(fileAreaPrefix('incoming')) || !FILE_ID.test(key.slice(fileAreaPrefix('incoming').length))) {
    throw new PolicyError('Invalid key');
  }
  return { key, minBytes, maxBytes, signature, expiresAt: Date.parse(policy.expiration) };
}

/** An upload being written: the checked form, its part file and the bytes so far. */
interface PartFile {
  form: CheckedForm;
  path: string;
  file: FileHandle;
  size: number;
}

const SIZE_REFUSAL = 'Your proposed upload exceeds the maximum allowed size, or is empty';

async function serveFile(response: ServerResponse, path: string, headers: Record<string, string>): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return sendText(response, 404, 'Not found');
  const handle = createReadStream(path, { start: 0, end: SNIFF_BYTES - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of handle) chunks.push(chunk as Buffer);
  const contentType = sniffContentType(Buffer.concat(chunks)) ?? 'application/octet-stream';
  response.writeHead(200, {
    'content-type': contentType,
    'content-length': String(info.size),
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  createReadStream(path).pipe(response);
}

export function createLocalFileRoutes({ dir, secret }: LocalFileRoutesOptions) {
  // A form stores one file (issue 22, finding 6: re-posting a confirmed upload's form left bytes under
  // incoming/ for good). S3 cannot refuse a second post of a presigned form: there, the bucket's
  // lifecycle rule removes whatever stays under incoming/ (infra/aws/storage.ts). Kept until the
  // form expires: the local host is one process.
  const usedForms = new Map<string, number>();
  const isUsed = (signature: string) => {
    for (const [used, expiresAt] of usedForms) if (expiresAt <= now().getTime()) usedForms.delete(used);
    return usedForms.has(signature);
  };

  /** Streams the file to a part file beside its key, counting against the policy's size range, then renames it into place. */
  async function upload(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const boundary = boundaryOf(request.headers['content-type']);
    if (!boundary) return sendText(response, 400, 'The body must be multipart/form-data');
    const started: { upload?: PartFile } = {};
    let refusal: [status: number, text: string] | undefined;
    try {
      const fileSeen = await readMultipart(request, boundary, MAX_UPLOAD_BYTES, {
        async openFile(fields) {
          const form = checkPolicy(fields, secret);
          if (isUsed(form.signature)) throw new PolicyError('This form was used already');
          const path = `${join(dir, form.key)}.${randomUUID()}.part`;
          await mkdir(dirname(path), { recursive: true });
          const upload: PartFile = { form, path, file: await open(path, 'w'), size: 0 };
          started.upload = upload;
          return {
            async write(chunk) {
              upload.size += chunk.length;
              if (upload.size > form.maxBytes) throw new PolicyError(SIZE_REFUSAL);
              await upload.file.write(chunk);
            },
          };
        },
      });
      const upload = started.upload;
      if (!fileSeen || !upload) return sendText(response, 400, 'The form has no file');
      await upload.file.close();
      if (upload.size < upload.form.minBytes) throw new PolicyError(SIZE_REFUSAL);
      await rename(upload.path, join(dir, upload.form.key));
      delete started.upload;
      usedForms.set(upload.form.signature, upload.form.expiresAt);
    } catch (error) {
      if (!(error instanceof PolicyError || error instanceof SyntaxError || error instanceof MultipartError)) throw error;
      // Read the rest away, so that the client gets the answer rather than a reset connection.
      request.resume();
      refusal = error instanceof MultipartError ? [400, error.message] : [403, `AccessDenied: ${error.message}`];
    } finally {
      if (started.upload) {
        await started.upload.file.close().catch(() => undefined);
        await rm(started.upload.path, { force: true });
      }
    }
    // Answered once the part file is gone: a client told "refused" never finds a piece of it.
    if (refusal) return sendText(response, ...refusal);
    response.writeHead(204).end();
  }

  return {
    /** Whether the request is one of these routes. */
    handles(method: string, pathname: string): boolean {
      return (method === 'POST' && pathname === LOCAL_UPLOAD_PATH) || (method === 'GET' && pathname.startsWith('/files/'));
    },

    async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method === 'POST') return upload(request, response);
      const key = url.pathname.slice(1);
      const [area, id] = [key.slice(0, key.lastIndexOf('/') + 1), key.slice(key.lastIndexOf('/') + 1)];
      if (!FILE_ID.test(id)) return sendText(response, 404, 'Not found');
      if (area === fileAreaPrefix('public')) return serveFile(response, join(dir, key), { 'cache-control': PUBLIC_CACHE_CONTROL });
      if (area !== fileAreaPrefix('private')) return sendText(response, 404, 'Not found');
      const expires = Number(url.searchParams.get('expires'));
      const signature = url.searchParams.get('signature') ?? '';
      const downloadName = url.searchParams.get(DOWNLOAD_NAME_PARAM) ?? undefined;
      if (!verifyHmac(secret, signedReadText(key, expires, downloadName), signature)) {
        return sendText(response, 403, 'AccessDenied: Invalid signature');
      }
      if (!(expires > epochSeconds())) return sendText(response, 403, 'AccessDenied: Request has expired');
      return serveFile(response, join(dir, key), {
        'cache-control': 'private, no-store',
        ...(downloadName ? { 'content-disposition': attachmentDisposition(downloadName) } : {}),
      });
    },
  };
}
