// The local file store's HTTP side, standing in for S3 and CloudFront with the same protocol:
// POST /files takes a presigned upload form (policy signature, expiry, every condition checked as
// S3 does; 204 on success, 403 otherwise), GET /files/public/<id> serves checked public files with
// long cache headers, GET /files/private/<id>?expires=&signature= serves a private file until the
// signed URL expires. Content types come from the file's own bytes.

import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { PUBLIC_CACHE_CONTROL } from '@partage/functions/adapters/file-store';
import { LOCAL_UPLOAD_PATH, signedReadText, verifyHmac, type UploadPolicy } from '@partage/functions/adapters/local-file-store';
import { epochSeconds, now } from '@partage/functions/domain/clock';
import { SNIFF_BYTES, sniffContentType } from '@partage/functions/domain/files/content-type';
import { fileAreaPrefix } from '@partage/functions/domain/files/file-keys';
import { readBody, sendText } from './http-io';

/** Above every upload purpose's limit (graphql UPLOAD_RULES); the policy sets the real one. */
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const FILE_ID = /^[0-9a-f-]{36}$/;

export interface LocalFileRoutesOptions {
  dir: string;
  secret: string;
}

class PolicyError extends Error {}

function checkPolicy(form: FormData, file: File, secret: string): string {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const encoded = field('Policy');
  const signature = field('X-Amz-Signature');
  if (!encoded || !signature || !verifyHmac(secret, encoded, signature)) throw new PolicyError('Invalid policy signature');
  const policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as UploadPolicy;
  if (!(Date.parse(policy.expiration) > now().getTime())) throw new PolicyError('Policy expired');
  for (const condition of policy.conditions) {
    if (Array.isArray(condition)) {
      const [operator, first, second] = condition;
      if (operator === 'content-length-range' && !(file.size >= first && file.size <= second)) {
        throw new PolicyError('Your proposed upload exceeds the maximum allowed size, or is empty');
      }
      if (operator === 'eq' && field(String(first).replace(/^\$/, '')) !== second) throw new PolicyError(`Condition failed: ${first}`);
    } else {
      for (const [name, value] of Object.entries(condition)) if (field(name) !== value) throw new PolicyError(`Condition failed: ${name}`);
    }
  }
  const key = field('key') ?? '';
  // The signed conditions name the key; this only guards the folder against a policy that did not.
  if (!key.startsWith(fileAreaPrefix('incoming')) || !FILE_ID.test(key.slice(fileAreaPrefix('incoming').length))) {
    throw new PolicyError('Invalid key');
  }
  return key;
}

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
  async function upload(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request, MAX_UPLOAD_BYTES);
    let form: FormData;
    try {
      form = await new Request('http://localhost', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      return sendText(response, 400, 'The body must be multipart/form-data');
    }
    const file = form.get('file');
    if (!(file instanceof File)) return sendText(response, 400, 'The form has no file');
    try {
      const key = checkPolicy(form, file, secret);
      const path = join(dir, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, Buffer.from(await file.arrayBuffer()));
    } catch (error) {
      if (error instanceof PolicyError || error instanceof SyntaxError) return sendText(response, 403, `AccessDenied: ${error.message}`);
      throw error;
    }
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
      if (!verifyHmac(secret, signedReadText(key, expires), signature)) return sendText(response, 403, 'AccessDenied: Invalid signature');
      if (!(expires > epochSeconds())) return sendText(response, 403, 'AccessDenied: Request has expired');
      return serveFile(response, join(dir, key), { 'cache-control': 'private, no-store' });
    },
  };
}
