// Pictures for the demo ads (no downloaded photos): a flat illustration per category — a coloured
// gradient and a few shapes that suggest a truck, an oven, shelves — painted into an RGBA buffer with
// anti-aliased signed-distance shapes, then encoded by sharp to WebP at the widths the browser uploads
// (AD_IMAGE_WIDTHS), as a real ad's images are. Drawn ahead of time (scripts/draw-demo-images.ts): the
// seed reads the committed files (demo-image-files.ts).

import { AD_IMAGE_WIDTHS, type AdCategory } from '@partage/graphql';
import sharp from 'sharp';

/** Drawings are made in a 100 × 75 unit space (4:3), whatever the pixel size. */
const UNITS_WIDE = 100;
export const DEMO_IMAGE_ASPECT = 3 / 4;

type Rgb = readonly [number, number, number];
type Sdf = (x: number, y: number) => number;

/** Math.hypot is several times slower, and this runs for every pixel of every shape. */
const length = (x: number, y: number) => Math.sqrt(x * x + y * y);

const hex = (value: string): Rgb => {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** An RGBA picture and the few shapes the designs are made of. */
export class Canvas {
  readonly pixels: Uint8Array;
  private readonly scale: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 4);
    this.scale = width / UNITS_WIDE;
  }

  /** Vertical gradient over the whole picture: one row painted, then copied along. */
  gradient(top: string, bottom: string): void {
    const [a, b] = [hex(top), hex(bottom)];
    const row = this.width * 4;
    for (let y = 0; y < this.height; y++) {
      const t = y / Math.max(1, this.height - 1);
      const o = y * row;
      for (let i = 0; i < 3; i++) this.pixels[o + i] = Math.round(a[i]! + (b[i]! - a[i]!) * t);
      this.pixels[o + 3] = 255;
      for (let filled = 4; filled < row; filled *= 2) this.pixels.copyWithin(o + filled, o, o + Math.min(filled, row - filled));
    }
  }

  /** Paints where `sdf` (in units, negative inside) is below zero, with a one-pixel soft edge. */
  private fill(sdf: Sdf, box: [number, number, number, number], colour: string, alpha: number): void {
    const [r, g, b] = hex(colour);
    const s = this.scale;
    const x0 = Math.max(0, Math.floor(box[0] * s) - 1);
    const y0 = Math.max(0, Math.floor(box[1] * s) - 1);
    const x1 = Math.min(this.width, Math.ceil(box[2] * s) + 1);
    const y1 = Math.min(this.height, Math.ceil(box[3] * s) + 1);
    for (let py = y0; py < y1; py++) {
      const uy = (py + 0.5) / s;
      for (let px = x0; px < x1; px++) {
        const coverage = 0.5 - sdf((px + 0.5) / s, uy) * s;
        if (coverage <= 0) continue;
        const k = Math.min(1, coverage) * alpha;
        const o = (py * this.width + px) * 4;
        this.pixels[o] = Math.round(this.pixels[o]! + (r - this.pixels[o]!) * k);
        this.pixels[o + 1] = Math.round(this.pixels[o + 1]! + (g - this.pixels[o + 1]!) * k);
        this.pixels[o + 2] = Math.round(this.pixels[o + 2]! + (b - this.pixels[o + 2]!) * k);
      }
    }
  }

  rect(x: number, y: number, w: number, h: number, colour: string, radius = 0, alpha = 1): void {
    const [cx, cy, hw, hh] = [x + w / 2, y + h / 2, w / 2, h / 2];
    const r = Math.min(radius, hw, hh);
    const sdf: Sdf = (px, py) => {
      const qx = Math.abs(px - cx) - hw + r;
      const qy = Math.abs(py - cy) - hh + r;
      return length(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
    };
    this.fill(sdf, [x, y, x + w, y + h], colour, alpha);
  }

  circle(cx: number, cy: number, r: number, colour: string, alpha = 1): void {
    this.fill((px, py) => length(px - cx, py - cy) - r, [cx - r, cy - r, cx + r, cy + r], colour, alpha);
  }

  ring(cx: number, cy: number, r: number, thickness: number, colour: string): void {
    const t = thickness / 2;
    this.fill((px, py) => Math.abs(length(px - cx, py - cy) - r) - t, [cx - r - t, cy - r - t, cx + r + t, cy + r + t], colour, 1);
  }

  /** A stroke with round ends. */
  line(x1: number, y1: number, x2: number, y2: number, thickness: number, colour: string, alpha = 1): void {
    const [dx, dy, t] = [x2 - x1, y2 - y1, thickness / 2];
    const length2 = dx * dx + dy * dy || 1;
    const sdf: Sdf = (px, py) => {
      const h = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / length2));
      return length(px - x1 - dx * h, py - y1 - dy * h) - t;
    };
    this.fill(sdf, [Math.min(x1, x2) - t, Math.min(y1, y2) - t, Math.max(x1, x2) + t, Math.max(y1, y2) + t], colour, alpha);
  }

  /** A convex polygon (points in either winding). */
  polygon(points: Array<[number, number]>, colour: string, alpha = 1): void {
    const area = points.reduce((sum, [x, y], i) => {
      const [nx, ny] = points[(i + 1) % points.length]!;
      return sum + x * ny - nx * y;
    }, 0);
    const sign = area > 0 ? 1 : -1;
    const edges = points.map(([x, y], i) => {
      const [nx, ny] = points[(i + 1) % points.length]!;
      const edge = length(nx - x, ny - y) || 1;
      return { x, y, ex: (nx - x) / edge, ey: (ny - y) / edge };
    });
    const sdf: Sdf = (px, py) => {
      let distance = -Infinity;
      for (const e of edges) distance = Math.max(distance, sign * ((px - e.x) * e.ey - (py - e.y) * e.ex));
      return distance;
    };
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    this.fill(sdf, [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], colour, alpha);
  }
}

/** mulberry32: a small seeded generator, so a design draws the same picture on every start. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Palette {
  sky: [string, string];
  main: string;
  accent: string;
  dark: string;
  light: string;
}

/** Draws one category's picture; `variant` (0, 1, 2) picks what differs beyond colours. */
type Draw = (c: Canvas, p: Palette, random: () => number, variant: number) => void;

const STEEL = '#c9d1d9';
const STEEL_DARK = '#8b96a1';
const INK = '#2f3a45';
const CARDBOARD = ['#c8925a', '#d6a46c', '#b98047'];

/** Soft round shapes in the background, as in flat illustrations. */
function backdrop(c: Canvas, p: Palette, random: () => number): void {
  c.gradient(...p.sky);
  for (let i = 0; i < 4; i++) c.circle(10 + random() * 80, 8 + random() * 30, 6 + random() * 12, '#ffffff', 0.12);
}

function floor(c: Canvas, colour: string, y = 60): void {
  c.rect(0, y, 100, 75 - y, colour);
}

function snowflake(c: Canvas, cx: number, cy: number, r: number, colour: string): void {
  for (let i = 0; i < 3; i++) {
    const a = (i * Math.PI) / 3;
    c.line(cx - Math.cos(a) * r, cy - Math.sin(a) * r, cx + Math.cos(a) * r, cy + Math.sin(a) * r, r / 5, colour);
  }
}

function wheel(c: Canvas, cx: number, cy: number, r: number): void {
  c.circle(cx, cy, r, INK);
  c.circle(cx, cy, r * 0.45, STEEL);
}

const kitchen: Draw = (c, p, random) => {
  c.gradient(...p.sky);
  // Tiled wall behind the line.
  for (let y = 6; y < 40; y += 6) c.line(0, y, 100, y, 0.4, p.light, 0.5);
  for (let x = 6; x < 100; x += 6) c.line(x, 0, x, 40, 0.4, p.light, 0.5);
  c.polygon(
    [
      [30, 4],
      [70, 4],
      [78, 16],
      [22, 16],
    ],
    STEEL_DARK,
  );
  c.rect(44, 0, 12, 5, STEEL_DARK);
  floor(c, p.dark, 62);
  c.rect(8, 38, 84, 4, STEEL, 1);
  c.rect(12, 42, 76, 20, STEEL_DARK, 1);
  c.rect(16, 46, 30, 13, INK, 1.5);
  c.rect(18, 48, 26, 9, p.accent, 1, 0.8);
  for (let i = 0; i < 4; i++) c.circle(54 + i * 8, 48, 2, INK);
  c.rect(52, 52, 32, 7, STEEL, 1);
  // Pots with steam.
  const pots = 2 + Math.floor(random() * 2);
  for (let i = 0; i < pots; i++) {
    const x = 18 + i * 22;
    c.rect(x, 28, 14, 10, p.main, 2);
    c.rect(x - 2, 28, 18, 2, p.dark, 1);
    for (let s = 0; s < 3; s++) c.circle(x + 4 + s * 3, 23 - s * 4, 2 + s * 0.6, '#ffffff', 0.35);
  }
};

const truck: Draw = (c, p, random, variant) => {
  backdrop(c, p, random);
  c.circle(84, 14, 7, '#ffe08a');
  floor(c, '#4a535c', 58);
  for (let x = 2; x < 100; x += 14) c.rect(x, 65, 8, 1.5, '#f4f4f4');
  const box = 34 + random() * 12;
  c.rect(10, 22, box, 30, p.main, 2);
  c.rect(12, 24, box - 4, 3, p.light, 1, 0.6);
  const cab = 10 + box + 2;
  c.polygon(
    [
      [cab, 30],
      [cab + 14, 30],
      [cab + 22, 40],
      [cab + 22, 52],
      [cab, 52],
    ],
    p.accent,
  );
  c.polygon(
    [
      [cab + 3, 32],
      [cab + 13, 32],
      [cab + 19, 40],
      [cab + 3, 40],
    ],
    '#d8eefa',
  );
  c.rect(cab + 18, 46, 5, 3, '#ffe08a', 1);
  c.rect(8, 51, box + 38, 4, INK, 1);
  // Refrigerated trucks carry a snowflake, the others a plain badge.
  if (variant !== 1) snowflake(c, 10 + box / 2, 37, 7, '#ffffff');
  else c.circle(10 + box / 2, 37, 7, p.light, 0.8);
  wheel(c, 22, 56, 5);
  wheel(c, cab + 12, 56, 5);
};

const storage: Draw = (c, p, random) => {
  c.gradient(...p.sky);
  c.rect(0, 0, 100, 8, p.dark, 0, 0.3);
  floor(c, p.dark, 64);
  for (const x0 of [8, 54]) {
    for (const x of [x0, x0 + 38]) c.rect(x, 10, 2.5, 56, p.accent);
    for (let shelf = 0; shelf < 4; shelf++) {
      const y = 24 + shelf * 13;
      c.rect(x0, y, 40.5, 2, p.accent);
      let x = x0 + 3;
      while (x < x0 + 34) {
        const w = 6 + random() * 6;
        const h = 6 + random() * 4;
        if (x + w > x0 + 38) break;
        c.rect(x, y - h, w, h, CARDBOARD[Math.floor(random() * CARDBOARD.length)]!, 0.5);
        c.rect(x + w / 2 - 0.6, y - h, 1.2, h, '#ffffff', 0, 0.25);
        x += w + 1.5 + random() * 2;
      }
    }
  }
};

const cooking: Draw = (c, p, random) => {
  backdrop(c, p, random);
  floor(c, p.dark, 64);
  // A combi oven on a stand, its window glowing.
  c.rect(20, 14, 60, 40, STEEL, 3);
  c.rect(20, 14, 60, 6, STEEL_DARK, 3);
  c.rect(25, 24, 38, 25, INK, 2);
  c.rect(28, 27, 32, 19, p.accent, 1.5, 0.85);
  for (let i = 0; i < 3; i++) c.line(30, 32 + i * 5, 58, 32 + i * 5, 0.8, p.light, 0.7);
  for (let i = 0; i < 3; i++) c.circle(72, 28 + i * 7, 2.6, p.main);
  c.rect(62, 24, 2, 25, STEEL_DARK, 1);
  for (const x of [24, 74]) c.rect(x, 54, 2.5, 10, STEEL_DARK);
  c.rect(22, 58, 56, 1.5, STEEL_DARK);
  if (random() < 0.5) for (let s = 0; s < 3; s++) c.circle(35 + s * 10, 10 - (s % 2) * 3, 3, '#ffffff', 0.3);
};

const prep: Draw = (c, p, random) => {
  backdrop(c, p, random);
  floor(c, p.dark, 66);
  c.rect(8, 44, 84, 3, STEEL, 1);
  for (const x of [11, 86]) c.rect(x, 47, 2.5, 20, STEEL_DARK);
  c.rect(12, 58, 76, 1.5, STEEL_DARK);
  // Stand mixer.
  c.rect(16, 40, 20, 4, p.main, 1.5);
  c.rect(16, 20, 6, 22, p.main, 3);
  c.rect(16, 18, 24, 8, p.main, 4);
  c.polygon(
    [
      [23, 30],
      [37, 30],
      [35, 39],
      [25, 39],
    ],
    STEEL,
  );
  // Cutting board, knife and vegetables.
  c.rect(46, 40, 34, 4, '#c8925a', 1.5);
  c.line(50, 38, 62, 38, 1.2, STEEL_DARK);
  c.line(62, 38, 68, 38, 1.6, INK);
  const colours = ['#e4572e', '#f3a712', '#6aa84f', '#a23b72'];
  for (let i = 0; i < 4; i++) c.circle(70 + (i % 2) * 6 - random(), 36 - Math.floor(i / 2) * 5, 2.8, colours[i]!);
};

const refrigeration: Draw = (c, p, random, variant) => {
  backdrop(c, p, random);
  floor(c, p.dark, 64);
  const doors = [2, 3, 1][variant] ?? 2;
  const width = doors * 17;
  const x0 = 50 - width / 2;
  c.rect(x0 - 2, 8, width + 4, 58, STEEL, 2);
  for (let d = 0; d < doors; d++) {
    const x = x0 + d * 17;
    c.rect(x + 1, 12, 15, 48, '#e7eef3', 1);
    c.rect(x + 3, 14, 11, 20, '#cfe6f5', 1);
    c.rect(x + (d % 2 === 0 ? 13 : 2), 36, 1.5, 10, STEEL_DARK, 0.7);
  }
  c.rect(x0 - 2, 8, width + 4, 3, p.main, 1);
  snowflake(c, 14, 16, 6, '#ffffff');
  snowflake(c, 86, 24, 4, '#ffffff');
};

const heavy: Draw = (c, p, random) => {
  backdrop(c, p, random);
  floor(c, '#6b7178', 60);
  // Forklift: mast, forks, body, cab and a pallet of boxes.
  c.rect(58, 14, 3, 46, INK);
  c.rect(64, 14, 3, 46, INK);
  c.rect(66, 55, 22, 2.5, INK);
  c.rect(66, 51, 22, 2, '#a97c50');
  c.rect(68, 38, 8, 13, CARDBOARD[0]!, 0.5);
  c.rect(77, 42, 9, 9, CARDBOARD[1]!, 0.5);
  c.rect(18, 36, 40, 18, p.main, 3);
  c.rect(12, 40, 10, 14, p.dark, 2);
  c.line(26, 36, 26, 18, 1.6, INK);
  c.line(52, 36, 50, 18, 1.6, INK);
  c.rect(24, 16, 30, 3, INK, 1);
  c.rect(30, 30, 8, 6, INK, 1);
  wheel(c, 26, 56, 6);
  wheel(c, 50, 57, 5);
  if (random() < 0.5) c.circle(36, 14, 2, p.accent);
};

const surplus: Draw = (c, p, random) => {
  backdrop(c, p, random);
  floor(c, p.dark, 62);
  const produce = ['#e4572e', '#f3a712', '#6aa84f', '#f9dc5c', '#a23b72', '#ff8c42'];
  for (const [x, y] of [
    [8, 40],
    [38, 40],
    [68, 40],
    [23, 22],
    [53, 22],
  ] as const) {
    const colour = produce[Math.floor(random() * produce.length)]!;
    for (let i = 0; i < 5; i++) c.circle(x + 4 + i * 4.8, y + 2 - (i % 2) * 2, 3.4, colour);
    c.rect(x, y + 2, 26, 16, '#b98047', 1);
    for (let s = 0; s < 3; s++) c.rect(x + 1, y + 4 + s * 5, 24, 1, '#8a5a2b', 0, 0.7);
  }
};

const other: Draw = (c, p, random) => {
  backdrop(c, p, random);
  floor(c, p.dark, 64);
  // A market stall: striped awning, posts and a counter with a few goods.
  const stripes = 6;
  for (let i = 0; i < stripes; i++) {
    const x = 14 + i * (72 / stripes);
    c.polygon(
      [
        [x, 14],
        [x + 72 / stripes, 14],
        [x + 72 / stripes + 1, 26],
        [x - 1, 26],
      ],
      i % 2 === 0 ? p.main : '#ffffff',
    );
  }
  for (const x of [15, 83]) c.rect(x, 26, 2.5, 38, p.dark);
  c.rect(12, 46, 76, 18, p.accent, 1.5);
  for (let i = 0; i < 5; i++) c.rect(18 + i * 13, 38 - random() * 4, 9, 8 + random() * 4, CARDBOARD[i % 3]!, 1);
};

const DRAW: Record<AdCategory, Draw> = {
  PROFESSIONAL_KITCHEN: kitchen,
  DELIVERY_TRUCK: truck,
  STORAGE_SPACE: storage,
  PROFESSIONAL_COOKING_EQUIPMENT: cooking,
  PREP_EQUIPMENT: prep,
  REFRIGERATION_EQUIPMENT: refrigeration,
  HEAVY_EQUIPMENT: heavy,
  SURPLUS: surplus,
  OTHER: other,
};

const PALETTES: Palette[] = [
  { sky: ['#fde9d2', '#f7c59f'], main: '#e4572e', accent: '#ff9f1c', dark: '#6d4c3d', light: '#ffffff' },
  { sky: ['#d7ecf7', '#a7d3ef'], main: '#1d6fa5', accent: '#2ec4b6', dark: '#34495e', light: '#ffffff' },
  { sky: ['#e3f4df', '#b5dfa9'], main: '#3a7d44', accent: '#f3a712', dark: '#4b5d3a', light: '#ffffff' },
  { sky: ['#efe4f7', '#cdb4e6'], main: '#6a4c93', accent: '#ff6f91', dark: '#3f3250', light: '#ffffff' },
];

const ALT: Record<AdCategory, { fr: string; en: string }> = {
  PROFESSIONAL_KITCHEN: {
    fr: 'Illustration d’une cuisine commerciale avec cuisinière et chaudrons',
    en: 'Illustration of a commercial kitchen with a range and pots',
  },
  DELIVERY_TRUCK: { fr: 'Illustration d’un camion de livraison sur la route', en: 'Illustration of a delivery truck on the road' },
  STORAGE_SPACE: { fr: 'Illustration d’un entrepôt avec étagères et boîtes', en: 'Illustration of a warehouse with shelves and boxes' },
  PROFESSIONAL_COOKING_EQUIPMENT: { fr: 'Illustration d’un four mixte professionnel', en: 'Illustration of a professional combi oven' },
  PREP_EQUIPMENT: {
    fr: 'Illustration d’une table de préparation avec batteur et planche à découper',
    en: 'Illustration of a prep table with a mixer and a cutting board',
  },
  REFRIGERATION_EQUIPMENT: { fr: 'Illustration d’un réfrigérateur commercial', en: 'Illustration of a commercial refrigerator' },
  HEAVY_EQUIPMENT: { fr: 'Illustration d’un chariot élévateur et d’une palette', en: 'Illustration of a forklift and a pallet' },
  SURPLUS: { fr: 'Illustration de caisses de fruits et légumes', en: 'Illustration of crates of fruit and vegetables' },
  OTHER: { fr: 'Illustration d’un kiosque de marché', en: 'Illustration of a market stall' },
};

export interface DemoImageDesign {
  /** Stable name, e.g. `DELIVERY_TRUCK-2`: the demo ads refer to pictures by it. */
  id: string;
  category: AdCategory;
  alt: { fr: string; en: string };
  palette: number;
  variant: number;
  seed: number;
}

/** Variants of each category's drawing (palette and details differ): the pool the demo ads share. */
export const DEMO_IMAGE_VARIANTS = 3;
export const DEMO_IMAGE_DESIGNS: DemoImageDesign[] = (Object.keys(DRAW) as AdCategory[]).flatMap((category, c) =>
  Array.from({ length: DEMO_IMAGE_VARIANTS }, (_, v) => ({
    id: `${category}-${v + 1}`,
    category,
    alt: ALT[category],
    palette: (c + v) % PALETTES.length,
    variant: v,
    seed: 1000 * (c + 1) + v,
  })),
);

/** The design drawn at `width` pixels (4:3). */
export function drawDemoImage(design: DemoImageDesign, width: number): Canvas {
  const canvas = new Canvas(width, Math.round(width * DEMO_IMAGE_ASPECT));
  DRAW[design.category](canvas, PALETTES[design.palette]!, seededRandom(design.seed), design.variant);
  return canvas;
}

export interface EncodedVariant {
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * Width the designs are drawn at: like a picture of 1024 px, each is uploaded at 480 and 1024 only
 * (AD_IMAGE_WIDTHS no wider than the picture). A wider one would add a third file per picture and
 * owner, and seeding time, for drawings that scale up cleanly anyway.
 */
export const DEMO_IMAGE_SOURCE_WIDTH = 1024;

/** Each width the browser would upload for a picture of `source` pixels, narrowest first. */
export const variantWidths = (source: number): number[] =>
  [...new Set(AD_IMAGE_WIDTHS.map((width) => Math.min(width, source)))].sort((a, b) => a - b);

/** The design as WebP at the widths the browser uploads, narrowest first, downscaled by sharp. */
export async function encodeDemoImage(design: DemoImageDesign): Promise<EncodedVariant[]> {
  const canvas = drawDemoImage(design, DEMO_IMAGE_SOURCE_WIDTH);
  const source = sharp(canvas.pixels, { raw: { width: canvas.width, height: canvas.height, channels: 4 } });
  return Promise.all(
    variantWidths(canvas.width).map(async (width) => {
      const { data, info } = await source
        .clone()
        .resize({ width })
        // Effort 0 of 6: the drawings' flat colours compress well anyway (about 10 kB a variant),
        // and the default effort made encoding most of the seed's time.
        .webp({ quality: 80, effort: 0 })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, bytes: data };
    }),
  );
}
