// What the browser checks of a picture before anything is sent (spec §5, §8): its type read from its
// first bytes (a renamed file is caught here, the server checks again) and its size.
import { AD_IMAGE_SOURCE_MAX_BYTES, AD_IMAGE_WIDTHS, type RuleResult } from '@partage/graphql';

export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/** The image type the bytes start with (JPEG, PNG or WebP), or null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF, a 4-byte length, then WEBP.
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** The first 12 bytes are enough for the three signatures. */
const SIGNATURE_BYTES = 12;

const readStart = (file: Blob): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, SIGNATURE_BYTES));
  });

/** `fileType` for anything but a JPEG, PNG or WebP picture, `fileSize` for an empty or too large one. */
export async function checkImageFile(file: Blob): Promise<RuleResult> {
  if (file.size === 0 || file.size > AD_IMAGE_SOURCE_MAX_BYTES) return 'fileSize';
  return sniffImageType(await readStart(file)) ? null : 'fileType';
}

/**
 * The widths a picture `originalWidth` pixels wide is resized to: each of AD_IMAGE_WIDTHS it is wider
 * than, and its own width once when it is narrower than a larger one (never enlarged).
 */
export function targetWidths(originalWidth: number): number[] {
  const smaller = AD_IMAGE_WIDTHS.filter((width) => width < originalWidth);
  return smaller.length < AD_IMAGE_WIDTHS.length ? [...smaller, originalWidth] : smaller;
}
