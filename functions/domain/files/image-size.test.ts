import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_SIDE, imageSize } from './image-size';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const be16 = (n: number) => [n >> 8, n & 0xff];
const be32 = (n: number) => [...be16(n >>> 16), ...be16(n & 0xffff)];
const le16 = (n: number) => [n & 0xff, n >> 8];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];
const le32 = (n: number) => [...le16(n & 0xffff), ...le16(n >>> 16)];
/** A JPEG segment: marker, length (counting itself), payload. */
const segment = (marker: number, payload: number[]) => [0xff, marker, ...be16(payload.length + 2), ...payload];
const riff = (chunk: string, payload: number[]) => bytes('RIFF', le32(payload.length + 12), 'WEBP', chunk, le32(payload.length), payload);

describe('imageSize', () => {
  it('reads a PNG from its IHDR chunk', () => {
    const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(1920), be32(1080), [8, 6, 0, 0, 0]);
    expect(imageSize('image/png', png)).toEqual({ width: 1920, height: 1080 });
    expect(imageSize('image/png', png.subarray(0, 20))).toBeNull();
  });

  it('reads a JPEG from its frame header, past APP segments (EXIF of tens of kB) and Huffman tables', () => {
    const exif = segment(
      0xe1,
      Array.from({ length: 40_000 }, () => 0x41),
    );
    const jpeg = bytes(
      [0xff, 0xd8],
      segment(
        0xe0,
        [...'JFIF'].map((c) => c.charCodeAt(0)),
      ),
      exif,
      segment(0xc4, [0, 1, 2, 3]), // DHT shares the SOF range: not a frame header
      segment(0xc2, [8, ...be16(768), ...be16(1024), 3, 1, 0x22, 0]), // progressive SOF2: height then width
    );
    expect(imageSize('image/jpeg', jpeg)).toEqual({ width: 1024, height: 768 });
  });

  it('finds no size in a JPEG cut before its frame header, or whose scan comes first', () => {
    const start = bytes([0xff, 0xd8], segment(0xe0, [1, 2, 3, 4]));
    expect(imageSize('image/jpeg', start)).toBeNull();
    expect(imageSize('image/jpeg', bytes([0xff, 0xd8], segment(0xda, [0, 0, 0, 0, 0, 0, 0, 0])))).toBeNull();
    expect(imageSize('image/jpeg', bytes([0xff, 0xd8, 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99]))).toBeNull();
  });

  it('reads lossy, lossless and extended WebP', () => {
    expect(imageSize('image/webp', riff('VP8 ', [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...le16(480), ...le16(360), 0, 0]))).toEqual({
      width: 480,
      height: 360,
    });
    const lossless = (1024 - 1) | ((768 - 1) << 14);
    expect(imageSize('image/webp', riff('VP8L', [0x2f, ...le32(lossless), 0, 0, 0, 0, 0]))).toEqual({ width: 1024, height: 768 });
    expect(imageSize('image/webp', riff('VP8X', [0x10, 0, 0, 0, ...le24(1919), ...le24(1079), 0, 0]))).toEqual({
      width: 1920,
      height: 1080,
    });
  });

  it('finds no size in a WebP without a key frame start code, or in another type', () => {
    expect(imageSize('image/webp', riff('VP8 ', [0x30, 0x01, 0x00, 0x00, 0x00, 0x00, ...le16(480), ...le16(360), 0, 0]))).toBeNull();
    expect(
      imageSize(
        'image/webp',
        riff(
          'ALPH',
          Array.from({ length: 20 }, () => 1),
        ),
      ),
    ).toBeNull();
    expect(imageSize('application/pdf', bytes('%PDF-1.7 and the rest of a document'))).toBeNull();
  });

  it('reads a GIF from its logical screen descriptor', () => {
    expect(imageSize('image/gif', bytes('GIF89a', le16(320), le16(240), [0xf7, 0, 0]))).toEqual({ width: 320, height: 240 });
    expect(imageSize('image/gif', bytes('GIF87a', le16(0), le16(240)))).toBeNull();
    expect(imageSize('image/gif', bytes('GIF89a', le16(320), le16(IMAGE_MAX_SIDE + 1)))).toBeNull();
    expect(imageSize('image/gif', bytes('GIF89a', [1]))).toBeNull();
  });

  it('finds no size beyond IMAGE_MAX_SIDE: a forged header never becomes a width GraphQL cannot state or a browser cannot draw', () => {
    const png = (width: number, height: number) =>
      bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(width), be32(height), [8, 6, 0, 0, 0]);
    expect(imageSize('image/png', png(0xffffffff, 0x80000000))).toBeNull();
    expect(imageSize('image/png', png(IMAGE_MAX_SIDE + 1, 10))).toBeNull();
    expect(imageSize('image/png', png(10, IMAGE_MAX_SIDE + 1))).toBeNull();
    expect(imageSize('image/png', png(IMAGE_MAX_SIDE, 10))).toEqual({ width: IMAGE_MAX_SIDE, height: 10 });
    expect(imageSize('image/webp', riff('VP8X', [0x10, 0, 0, 0, ...le24(0xffffff), ...le24(0xffffff), 0, 0]))).toBeNull();
  });

  it('never throws on random or truncated headers', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % 256;
    for (let i = 0; i < 20_000; i++) {
      const header = new Uint8Array(i % 64).map(random);
      if (i % 3 === 1) header.set([0xff, 0xd8, 0xff].slice(0, header.length));
      const size = imageSize(['image/png', 'image/jpeg', 'image/webp'][i % 3]!, header);
      if (size) expect(size.width <= IMAGE_MAX_SIDE && size.height <= IMAGE_MAX_SIDE).toBe(true);
    }
  });
});
