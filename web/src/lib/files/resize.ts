// Ad pictures are resized here, in the browser, before they are uploaded, rather than by a function
// after the upload: no Lambda carries an image library (sharp and its native binaries would weigh on
// the bundle and on every cold start), no compute is paid per picture, and a phone sends about
// 300 KB of WebP instead of a 15 MB photo, which is also what makes uploads bearable on a weak signal.
// The server still reads each file's bytes (type, width, height) when the upload is confirmed.
import { targetWidths } from './image-file';

/** WebP quality: photos stay sharp on a detail page at about a tenth of a JPEG's weight. */
const WEBP_QUALITY = 0.82;

export interface ResizedImage {
  blob: Blob;
  width: number;
  height: number;
}

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): AnyCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

const toWebp = (canvas: AnyCanvas): Promise<Blob> =>
  canvas instanceof HTMLCanvasElement
    ? new Promise((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('WebP encoding failed'))), 'image/webp', WEBP_QUALITY),
      )
    : canvas.convertToBlob({ type: 'image/webp', quality: WEBP_QUALITY });

/** The picture as WebP at each target width, narrowest first; the orientation of a photo is applied. */
export async function resizeToWebp(file: Blob): Promise<ResizedImage[]> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const resized: ResizedImage[] = [];
    for (const width of targetWidths(bitmap.width)) {
      const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
      const canvas = canvasOf(width, height);
      const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
      if (!context) throw new Error('No 2D canvas');
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await toWebp(canvas);
      // A browser without a WebP encoder silently gives PNG: the server would refuse it as the wrong type.
      if (blob.type !== 'image/webp') throw new Error('This browser cannot encode WebP');
      resized.push({ blob, width, height });
    }
    return resized;
  } finally {
    bitmap.close();
  }
}
