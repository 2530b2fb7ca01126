import { createHash } from 'node:crypto';
import { AD_IMAGE_WIDTHS } from '@partage/graphql';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffContentType } from '../files/content-type';
import { readDemoImage } from './demo-image-files';
import { Canvas, DEMO_IMAGE_DESIGNS, DEMO_IMAGE_SOURCE_WIDTH, drawDemoImage, encodeDemoImage, variantWidths } from './demo-images';

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pixel = (canvas: Canvas, x: number, y: number) => [
  ...canvas.pixels.subarray((y * canvas.width + x) * 4, (y * canvas.width + x) * 4 + 4),
];

describe('Canvas', () => {
  it('paints a gradient from the top colour to the bottom one, opaque', () => {
    const canvas = new Canvas(10, 11);
    canvas.gradient('#000000', '#ff0080');
    expect(pixel(canvas, 0, 0)).toEqual([0, 0, 0, 255]);
    expect(pixel(canvas, 9, 10)).toEqual([255, 0, 128, 255]);
    expect(pixel(canvas, 4, 5)).toEqual(pixel(canvas, 7, 5));
  });

  it('fills inside a shape, leaves outside alone and softens the edge', () => {
    const canvas = new Canvas(100, 75);
    canvas.gradient('#ffffff', '#ffffff');
    canvas.circle(50, 37.5, 10.5, '#000000');
    expect(pixel(canvas, 50, 37)).toEqual([0, 0, 0, 255]);
    expect(pixel(canvas, 80, 37)).toEqual([255, 255, 255, 255]);
    // The pixel centred on the edge is half covered.
    expect(pixel(canvas, 60, 37)[0]).toBeGreaterThan(0);
    expect(pixel(canvas, 60, 37)[0]).toBeLessThan(255);
  });
});

describe('demo images', () => {
  it('has a few distinct designs for every category, each with alt text in both languages', () => {
    expect(DEMO_IMAGE_DESIGNS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(DEMO_IMAGE_DESIGNS.map((d) => d.id)).size).toBe(DEMO_IMAGE_DESIGNS.length);
    const pictures = DEMO_IMAGE_DESIGNS.map((design) => digest(drawDemoImage(design, 120).pixels));
    expect(new Set(pictures).size).toBe(pictures.length);
    for (const design of DEMO_IMAGE_DESIGNS) expect(design.alt.fr && design.alt.en).toBeTruthy();
  });

  it('draws the same picture every time (seeded), at any width in 4:3', () => {
    const [design] = DEMO_IMAGE_DESIGNS;
    const first = drawDemoImage(design!, 200);
    expect([first.width, first.height]).toEqual([200, 150]);
    expect(digest(drawDemoImage(design!, 200).pixels)).toBe(digest(first.pixels));
  });

  it('encodes WebP at the widths the browser uploads, narrowest first, with their true size', async () => {
    const variants = await encodeDemoImage(DEMO_IMAGE_DESIGNS[4]!);
    expect(variants.map((v) => v.width)).toEqual(variantWidths(DEMO_IMAGE_SOURCE_WIDTH));
    expect(variants.map((v) => v.width)).toEqual([480, 1024]);
    for (const variant of variants) {
      expect(sniffContentType(variant.bytes)).toBe('image/webp');
      const meta = await sharp(variant.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.height]);
      expect(variant.height).toBe(Math.round((variant.width * 3) / 4));
    }
    // Flat drawings stay small: the whole pool is well under a megabyte per owner.
    expect(variants.reduce((sum, v) => sum + v.bytes.length, 0)).toBeLessThan(100_000);
  });

  it('has every design committed as the WebP files the seed uploads, at their true size', async () => {
    for (const design of DEMO_IMAGE_DESIGNS) {
      const variants = await readDemoImage(design);
      expect(variants.map((v) => v.width)).toEqual(variantWidths(DEMO_IMAGE_SOURCE_WIDTH));
      for (const variant of variants) {
        const meta = await sharp(variant.bytes).metadata();
        expect([meta.format, meta.width, meta.height], `${design.id} at ${variant.width}`).toEqual(['webp', variant.width, variant.height]);
      }
    }
  });

  it('committed the designs as drawn now: a file is the drawing encoded again, or close to it', async () => {
    // Bytes may differ with another libwebp; the picture may not (a design changed without running
    // `npm run demo-images -w functions`).
    const design = DEMO_IMAGE_DESIGNS[7]!;
    const [committed] = await readDemoImage(design);
    const [drawn] = await encodeDemoImage(design);
    const pixels = async (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    const [a, b] = await Promise.all([pixels(committed!.bytes), pixels(drawn!.bytes)]);
    expect(a.length).toBe(b.length);
    let difference = 0;
    for (let i = 0; i < a.length; i++) difference += Math.abs(a[i]! - b[i]!);
    expect(difference / a.length).toBeLessThan(2);
  });

  it('uploads a picture narrower than a width once at its own width', () => {
    expect(variantWidths(700)).toEqual([480, 700]);
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(4000)).toEqual([...AD_IMAGE_WIDTHS]);
  });
});
