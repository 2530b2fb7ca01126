// Draws every demo picture design and writes its WebP variants into functions/domain/ads/demo-images/,
// where the seed reads them (demo-image-files.ts). Run after changing a design: `npm run demo-images -w functions`.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { DEMO_IMAGE_FILES_DIR, demoImageFile } from '../domain/ads/demo-image-files';
import { DEMO_IMAGE_DESIGNS, encodeDemoImage } from '../domain/ads/demo-images';

await mkdir(DEMO_IMAGE_FILES_DIR, { recursive: true });
for (const name of await readdir(DEMO_IMAGE_FILES_DIR)) await rm(`${DEMO_IMAGE_FILES_DIR}${name}`);
let bytes = 0;
for (const design of DEMO_IMAGE_DESIGNS) {
  for (const variant of await encodeDemoImage(design)) {
    await writeFile(demoImageFile(design, variant.width), variant.bytes);
    bytes += variant.bytes.length;
  }
}
console.log(`${DEMO_IMAGE_DESIGNS.length} designs written to ${DEMO_IMAGE_FILES_DIR} (${Math.round(bytes / 1024)} kB).`);
