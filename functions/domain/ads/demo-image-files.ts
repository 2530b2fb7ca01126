// The demo ads' pictures as committed WebP files (demo-images/<design>-<width>.webp), drawn and encoded
// ahead of time by `npm run demo-images -w functions` (scripts/draw-demo-images.ts): the seed only
// reads them, instead of drawing every pixel and encoding at each start.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DEMO_IMAGE_ASPECT, DEMO_IMAGE_SOURCE_WIDTH, variantWidths, type DemoImageDesign, type EncodedVariant } from './demo-images';

export const DEMO_IMAGE_FILES_DIR = fileURLToPath(new URL('./demo-images/', import.meta.url));

/** The committed file of `design` at `width` pixels. */
export const demoImageFile = (design: Pick<DemoImageDesign, 'id'>, width: number) => `${DEMO_IMAGE_FILES_DIR}${design.id}-${width}.webp`;

/** The design's committed variants, narrowest first, as encodeDemoImage made them. */
export function readDemoImage(design: DemoImageDesign): Promise<EncodedVariant[]> {
  return Promise.all(
    variantWidths(DEMO_IMAGE_SOURCE_WIDTH).map(async (width) => ({
      width,
      height: Math.round(width * DEMO_IMAGE_ASPECT),
      bytes: await readFile(demoImageFile(design, width)),
    })),
  );
}
