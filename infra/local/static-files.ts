// The built web app (web/dist), served as CloudFront serves it in AWS: files with their content
// type, Vite's content-hashed assets cached for good, the prerendered HTML of the public pages
// (PUBLIC_PAGES: French at the plain path, English at `?lang=en`), and index.html (never cached) for
// every other path so that the SPA's router handles it. Text files go out as the Brotli or gzip copy
// the build wrote beside them (web/scripts/compress.ts) when the browser accepts it.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { DEFAULT_UI_LANGUAGE, prerenderedFile, PUBLIC_PAGES, requestedLanguage } from '@partage/graphql';
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

/** The copies the build writes, best first, with the suffix of their file. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const PUBLIC_PATHS = new Set<string>(PUBLIC_PAGES.map(({ path }) => path));

async function fileAt(path: string) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/** The encodings of an Accept-Encoding header the browser takes (a q of 0 refuses one; `*` stands for the others). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let wildcard = false;
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    const refusedHere = q !== undefined && Number(q) === 0;
    if (name === '*') wildcard = !refusedHere;
    else if (name) (refusedHere ? refused : accepted).add(name);
  }
  if (wildcard) for (const { name } of ENCODINGS) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

/** The file of web/dist a path names: the prerendered page of a public path in the asked language, else the path itself. */
export function fileOfPath(pathname: string, search: string): string {
  return PUBLIC_PATHS.has(pathname) ? prerenderedFile(pathname, requestedLanguage(new URLSearchParams(search).get('lang'))) : pathname;
}

export function createStaticFiles(webDir: string) {
  const root = resolve(webDir);
  const indexPath = join(root, 'index.html');

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    let url: URL;
    let pathname: string;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return sendText(response, 400, 'Bad request');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // A form of a public page that a browser posted by itself (no app to handle it: docs/painted-forms.md)
      // goes back to the page by GET, its body unread, as CloudFront's function answers (spa-rewrite.js).
      request.resume();
      if (request.method === 'POST' && PUBLIC_PATHS.has(pathname)) {
        const lang = url.searchParams.get('lang');
        const language = requestedLanguage(lang);
        response.writeHead(303, { location: language === DEFAULT_UI_LANGUAGE ? pathname : `${pathname}?lang=${language}` });
        response.end();
        return;
      }
      response.setHeader('allow', 'GET, HEAD');
      return sendText(response, 405, 'Method not allowed');
    }
    const requested = resolve(root, `.${fileOfPath(pathname, url.search)}`);
    const requestedFile = requested.startsWith(root + sep) ? await fileAt(requested) : null;
    const path = requestedFile ? requested : indexPath;
    const file = requestedFile ?? (await fileAt(indexPath));
    if (!file) return sendText(response, 404, 'The web app is not built yet: run `npm run build`, then reload.');

    // The same URL answers differently by Accept-Encoding when the build compressed the file.
    const copies = await Promise.all(ENCODINGS.map(async (encoding) => ({ ...encoding, file: await fileAt(path + encoding.suffix) })));
    const compressible = copies.some((copy) => copy.file);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const chosen = copies.find((copy) => copy.file && accepted.has(copy.name));
    const sent = chosen?.file ?? file;

    // Each representation has its own ETag (RFC 9110 §8.8.3): a cache must not answer a gzip request with Brotli.
    const etag = `"${sent.size.toString(16)}-${Math.floor(sent.mtimeMs).toString(16)}${chosen ? `-${chosen.name}` : ''}"`;
    const headers = {
      'content-type': CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': requestedFile && pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      etag,
      'last-modified': file.mtime.toUTCString(),
      'x-content-type-options': 'nosniff',
      ...(compressible ? { vary: 'Accept-Encoding' } : {}),
      ...(chosen ? { 'content-encoding': chosen.name } : {}),
    };
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))) {
      response.writeHead(304, headers);
      response.end();
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': String(sent.size) });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(chosen ? path + chosen.suffix : path).pipe(response);
  };
}
