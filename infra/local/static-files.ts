// The built web app (web/dist), served as CloudFront serves it in AWS: files with their content
// type, Vite's content-hashed assets cached for good, and index.html (never cached) for every other
// path so that the SPA's router handles it.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { sendText } from './http-io';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.geojson': 'application/geo+json',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pbf': 'application/x-protobuf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/** Vite writes content-hashed file names under assets/: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

async function fileAt(path: string) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

export function createStaticFiles(webDir: string) {
  const root = resolve(webDir);
  const indexPath = join(root, 'index.html');

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      return sendText(response, 400, 'Bad request');
    }
    const requested = resolve(root, `.${pathname}`);
    const requestedFile = requested.startsWith(root + sep) ? await fileAt(requested) : null;
    const path = requestedFile ? requested : indexPath;
    const file = requestedFile ?? (await fileAt(indexPath));
    if (!file) return sendText(response, 404, 'The web app is not built yet: run `npm run build`, then reload.');

    const etag = `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
    const headers = {
      'content-type': CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': requestedFile && pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      etag,
      'last-modified': file.mtime.toUTCString(),
      'x-content-type-options': 'nosniff',
    };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers);
      response.end();
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': String(file.size) });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(path).pipe(response);
  };
}
