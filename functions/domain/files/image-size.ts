// The pixel size of a JPEG, PNG, WebP or GIF image, read from its header: what confirmUpload records, so
// an ad's `srcset` states each variant's real width. Reads only the bytes given (the first
// IMAGE_HEADER_BYTES of the file); null when no size is found there, or none a real picture has.

/** JPEG segments before the frame header (EXIF, ICC profile) may take this much; PNG and WebP need 30 bytes. */
export const IMAGE_HEADER_BYTES = 256 * 1024;

export interface ImageSize {
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);

/**
 * The longest side accepted (WebP's own limit is 16,383): ad pictures are resized by the browser to
 * AD_IMAGE_WIDTHS first. A header claiming more is forged or an image bomb: a PNG may claim 2^32 - 1,
 * which GraphQL's Int cannot carry and no reader's browser can decode.
 */
export const IMAGE_MAX_SIDE = 16_384;

const sized = (width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 && width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE ? { width, height } : null;

function pngSize(b: Uint8Array): ImageSize | null {
  // Signature (8), then the IHDR chunk: length (4), type (4), width and height (4 each, big-endian).
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return sized(u32be(b, 16), u32be(b, 20));
}

/** Start-of-frame markers (SOF0-SOF15) but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpegSize(b: Uint8Array): ImageSize | null {
  let at = 2; // after SOI
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0-7; the scan starts (SOS) before any frame header is an error.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    if (isStartOfFrame(marker)) return sized(u16be(b, at + 7), u16be(b, at + 5));
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): ImageSize | null {
  if (b.length < 30) return null;
  switch (ascii(b, 12, 4)) {
    case 'VP8 ': // lossy: a key frame's start code, then 14-bit width and height
      if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
      return sized(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
    case 'VP8L': {
      // lossless: signature 0x2f, then width - 1 and height - 1 in 14 bits each
      if (b[20] !== 0x2f) return null;
      const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
      return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    case 'VP8X': // extended: canvas width - 1 and height - 1 in 24 bits each
      return sized(u24le(b, 24) + 1, u24le(b, 27) + 1);
    default:
      return null;
  }
}

/** GIF: the logical screen's width and height (little-endian) right after the signature. */
const gifSize = (b: Uint8Array): ImageSize | null => (b.length < 10 ? null : sized(u16le(b, 6), u16le(b, 8)));

/** The size of an image of that content type (as sniffed from its bytes), or null. */
export function imageSize(contentType: string, firstBytes: Uint8Array): ImageSize | null {
  if (contentType === 'image/png') return pngSize(firstBytes);
  if (contentType === 'image/jpeg') return jpegSize(firstBytes);
  if (contentType === 'image/webp') return webpSize(firstBytes);
  if (contentType === 'image/gif') return gifSize(firstBytes);
  return null;
}
