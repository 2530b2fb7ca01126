// The check of an upload's bytes at confirmUpload: first what would run or render whatever the
// declared type (rule fileForbidden), then whether the bytes are the declared type (rule
// fileContent), then, for archives and text, what they hold (zip-inspection.ts,
// text-inspection.ts). Images' sizes are checked by the caller (image-size.ts).

import { sniffContentType } from './content-type';
import { dangerAtStart } from './dangerous-bytes';
import { inspectText } from './text-inspection';
import { inspectZip } from './zip-inspection';

/** First bytes read for the checks by signature and markup (an ODF `mimetype` entry is within them too). */
export const INSPECTED_FIRST_BYTES = 4096;

/** A stored object, read by ranges. */
export interface ByteSource {
  size: number;
  firstBytes: Uint8Array;
  /** `length` bytes from `offset`, within the object. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export interface Refusal {
  rule: 'fileContent' | 'fileForbidden';
  /** For the logs: what was found. */
  reason: string;
}

const TEXT_TYPES = new Set(['text/plain', 'text/csv']);
const isZipFamily = (contentType: string) =>
  contentType === 'application/zip' ||
  contentType.startsWith('application/vnd.openxmlformats-officedocument.') ||
  contentType.startsWith('application/vnd.oasis.opendocument.');

/** Why the object is refused as `declared`, or null when it is what it claims and harmless. */
export async function inspectContent(declared: string, source: ByteSource): Promise<Refusal | null> {
  const danger = dangerAtStart(source.firstBytes);
  if (danger) return { rule: 'fileForbidden', reason: `${danger} content` };
  const sniffed = sniffContentType(source.firstBytes);
  if (TEXT_TYPES.has(declared)) return sniffed ? { rule: 'fileContent', reason: `${sniffed} declared as text` } : inspectText(source);
  if (sniffed !== (isZipFamily(declared) ? 'application/zip' : declared)) {
    return { rule: 'fileContent', reason: `${sniffed ?? 'unknown content'} declared as ${declared}` };
  }
  if (!isZipFamily(declared)) return null;
  const zip = await inspectZip(source);
  if (zip.refusal) return zip.refusal;
  // Any ZIP archive may be sent as one; a document must be the document it claims.
  return declared === 'application/zip' || zip.contentType === declared
    ? null
    : { rule: 'fileContent', reason: `${zip.contentType} declared as ${declared}` };
}
