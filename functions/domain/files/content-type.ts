// What a file is, read from its first bytes (magic numbers), never from its name or from what the
// browser said: a renamed executable or an HTML page posing as an image is caught here.

export const SNIFF_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const SIGNATURES: { contentType: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { contentType: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { contentType: 'image/png', matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { contentType: 'image/webp', matches: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) },
  { contentType: 'application/pdf', matches: (bytes) => startsWith(bytes, ascii('%PDF-')) },
];

/** The content type the bytes show, or null for none the file store accepts. */
export function sniffContentType(firstBytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => signature.matches(firstBytes))?.contentType ?? null;
}
