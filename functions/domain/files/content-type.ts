// What a file is, read from its first bytes (magic numbers), never from its name or from what the
// browser said: a renamed executable or an HTML page posing as an image is caught here. Office
// documents are ZIP archives told apart by their entries (zip-inspection.ts); text has no magic
// number and is told by its encoding (text-inspection.ts).

export const SNIFF_BYTES = 16;

export const startsWith = (bytes: Uint8Array, signature: number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
export const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** A local file header, or the end of an empty archive. */
export const isZip = (bytes: Uint8Array): boolean =>
  startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]);

const SIGNATURES: { contentType: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { contentType: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { contentType: 'image/png', matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { contentType: 'image/webp', matches: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) },
  { contentType: 'image/gif', matches: (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')) },
  { contentType: 'application/pdf', matches: (bytes) => startsWith(bytes, ascii('%PDF-')) },
  { contentType: 'application/zip', matches: isZip },
];

/** The content type the bytes show, or null for none the file store recognises by its signature. */
export function sniffContentType(firstBytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => signature.matches(firstBytes))?.contentType ?? null;
}
