import { AD_IMAGE_SOURCE_MAX_BYTES } from '@partage/graphql';
import { describe, expect, it } from 'vitest';
import { checkImageFile, sniffImageType, targetWidths } from './image-file';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('sniffImageType', () => {
  it('recognises JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBP')))).toBe('image/webp');
  });

  it('refuses other files, truncated signatures and a RIFF that is not WebP', () => {
    expect(sniffImageType(bytes(...ascii('GIF89a')))).toBeNull();
    expect(sniffImageType(bytes(...ascii('%PDF-1.7')))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WAVE')))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
  });
});

describe('checkImageFile', () => {
  it('reads the content, not the name or the declared type', async () => {
    const png = new File([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2)], 'photo.jpg', { type: 'image/jpeg' });
    expect(await checkImageFile(png)).toBeNull();
    const script = new File(['<script>alert(1)</script>'], 'photo.png', { type: 'image/png' });
    expect(await checkImageFile(script)).toBe('fileType');
  });

  it('refuses an empty file and one over the limit', async () => {
    expect(await checkImageFile(new File([], 'empty.jpg'))).toBe('fileSize');
    const large = new File([new Uint8Array(AD_IMAGE_SOURCE_MAX_BYTES + 1)], 'large.jpg');
    expect(await checkImageFile(large)).toBe('fileSize');
  });
});

describe('targetWidths', () => {
  it('keeps every width smaller than the picture', () => {
    expect(targetWidths(4032)).toEqual([480, 1024, 1920]);
    expect(targetWidths(1921)).toEqual([480, 1024, 1920]);
  });

  it('never enlarges: a narrower picture is kept once at its own width', () => {
    expect(targetWidths(1920)).toEqual([480, 1024, 1920]);
    expect(targetWidths(800)).toEqual([480, 800]);
    expect(targetWidths(480)).toEqual([480]);
    expect(targetWidths(320)).toEqual([320]);
  });
});
