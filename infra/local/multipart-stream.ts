// A multipart/form-data body read as it arrives, as S3 reads a presigned POST: the fields come
// first and are kept (FIELDS_MAX_BYTES in all), then the part named `file` is handed over chunk
// by chunk, never held whole in memory. Parts after the file are read and ignored.

import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError } from './http-io';

/** The form's text fields (key, Content-Type, Policy, signature) take far less. */
const FIELDS_MAX_BYTES = 64 * 1024;
const HEADERS_MAX_BYTES = 8 * 1024;

export class MultipartError extends Error {}

export interface FileSink {
  /** Called with each piece of the file, in order; awaited (back pressure). */
  write(chunk: Buffer): Promise<void>;
}

export interface MultipartHandlers {
  /** The file part starts: the fields sent before it, and where its bytes go. */
  openFile(fields: Map<string, string>): Promise<FileSink>;
}

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  const match = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2])! : null;
}

const NAME = /\bname="([^"]*)"/i;
const FILENAME = /\bfilename\*?=/i;

/** Reads the whole body (at most `maxBytes`); whether a file part was found. */
export async function readMultipart(
  request: IncomingMessage,
  boundary: string,
  maxBytes: number,
  handlers: MultipartHandlers,
): Promise<boolean> {
  // With a line break in front, every boundary, the first one included, is CRLF "--" boundary.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.from('\r\n');
  let state = 'preamble' as 'preamble' | 'afterDelimiter' | 'headers' | 'field' | 'file' | 'ignored' | 'done';
  const fields = new Map<string, string>();
  let fieldBytes = 0;
  let field: { name: string; chunks: Buffer[] } | null = null;
  let sink: FileSink | null = null;
  let fileSeen = false;
  let total = 0;

  const take = async (data: Buffer) => {
    if (data.length === 0) return;
    if (state === 'file') await sink!.write(data);
    else if (state === 'field') {
      fieldBytes += data.length;
      if (fieldBytes > FIELDS_MAX_BYTES) throw new MultipartError('Form fields too large');
      field!.chunks.push(data);
    }
  };

  /** Moves through the buffer as far as it can; false when it needs more bytes. */
  const step = async (): Promise<boolean> => {
    switch (state) {
      case 'preamble':
      case 'field':
      case 'file':
      case 'ignored': {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          // Keep what could be the start of a delimiter cut by the chunk's end.
          const safe = Math.max(0, buffer.length - delimiter.length + 1);
          if (state !== 'preamble') await take(buffer.subarray(0, safe));
          buffer = buffer.subarray(safe);
          return false;
        }
        if (state !== 'preamble') await take(buffer.subarray(0, at));
        if (state === 'field') fields.set(field!.name, Buffer.concat(field!.chunks).toString('utf8'));
        if (state === 'file') sink = null;
        buffer = buffer.subarray(at + delimiter.length);
        state = 'afterDelimiter';
        return true;
      }
      case 'afterDelimiter': {
        if (buffer.length < 2) return false;
        const next = buffer.subarray(0, 2).toString('latin1');
        if (next === '--') state = 'done';
        else if (next === '\r\n') state = 'headers';
        else throw new MultipartError('Malformed boundary');
        buffer = buffer.subarray(2);
        return true;
      }
      case 'headers': {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buffer.length > HEADERS_MAX_BYTES) throw new MultipartError('Part headers too large');
          return false;
        }
        const headers = buffer.subarray(0, end).toString('utf8');
        buffer = buffer.subarray(end + 4);
        const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
        const name = NAME.exec(disposition)?.[1];
        if (name === undefined) throw new MultipartError('A part has no name');
        if (fileSeen) state = 'ignored';
        else if (name === 'file' && FILENAME.test(disposition)) {
          fileSeen = true;
          sink = await handlers.openFile(fields);
          state = 'file';
        } else {
          field = { name, chunks: [] };
          state = 'field';
        }
        return true;
      }
      case 'done':
        buffer = Buffer.alloc(0); // the epilogue
        return false;
    }
  };

  // Left open on a refusal, so that the caller can still answer (and read the rest away).
  for await (const chunk of request.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) throw new BodyTooLargeError(`Upload larger than ${maxBytes} bytes`);
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    while (await step());
  }
  if (state !== 'done') throw new MultipartError('The body ends before its closing boundary');
  return fileSeen;
}
