// jsdom has no canvas: the browser objects are stood in for, so what is checked here is which sizes
// are drawn and how they are encoded; the real pixels are checked in the browser journeys.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resizeToWebp } from './resize';

function fakeBrowser(width: number, height: number, encodedType = 'image/webp') {
  const close = vi.fn();
  const drawn: Array<[number, number]> = [];
  const encodings: unknown[] = [];
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width, height, close })),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return { drawImage: (_: unknown, _x: number, _y: number, w: number, h: number) => drawn.push([w, h]), imageSmoothingQuality: '' };
      }
      async convertToBlob(options: unknown) {
        encodings.push(options);
        return new Blob([`${this.width}`], { type: encodedType });
      }
    },
  );
  return { close, drawn, encodings };
}

afterEach(() => vi.unstubAllGlobals());

describe('resizeToWebp', () => {
  it('draws the picture at each target width, keeping its proportions, as WebP', async () => {
    const { close, drawn, encodings } = fakeBrowser(4000, 3000);
    const resized = await resizeToWebp(new Blob(['photo']));
    expect(resized.map(({ width, height }) => [width, height])).toEqual([
      [480, 360],
      [1024, 768],
      [1920, 1440],
    ]);
    expect(drawn).toEqual([
      [480, 360],
      [1024, 768],
      [1920, 1440],
    ]);
    expect(encodings).toEqual(Array(3).fill({ type: 'image/webp', quality: 0.82 }));
    expect(resized.every(({ blob }) => blob.type === 'image/webp')).toBe(true);
    expect(close).toHaveBeenCalled();
  });

  it('never enlarges a small picture', async () => {
    fakeBrowser(600, 900);
    expect((await resizeToWebp(new Blob(['photo']))).map(({ width, height }) => [width, height])).toEqual([
      [480, 720],
      [600, 900],
    ]);
  });

  it('fails rather than upload another format when the browser cannot encode WebP', async () => {
    const { close } = fakeBrowser(800, 600, 'image/png');
    await expect(resizeToWebp(new Blob(['photo']))).rejects.toThrow('WebP');
    expect(close).toHaveBeenCalled();
  });
});
