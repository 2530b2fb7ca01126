// Renders a short legal document, written in a small Markdown subset, as a PDF 1.4 file: US Letter
// pages, the standard Type1 Helvetica fonts in WinAnsiEncoding (so that French accents render without
// embedding a font), lines wrapped to the measured text width, a footer with the page number.
//
// Markdown subset: `# Title`, `## Heading`, `> note` (set in oblique), `- bullet`, and paragraphs
// separated by blank lines.
import { deflateSync } from 'node:zlib';
import { FIRST_CODE, HELVETICA, HELVETICA_BOLD } from './helvetica-widths';

type Style = 'title' | 'heading' | 'note' | 'paragraph' | 'bullet';
interface Block {
  style: Style;
  text: string;
}

export interface LegalDocumentMeta {
  /** The document's language, for the PDF catalog (e.g. `fr-CA`). */
  lang: string;
  version: string;
  /** The footer of page `page` out of `pages`. */
  footer: (page: number, pages: number) => string;
}

const FONTS = {
  regular: { resource: 'F1', baseFont: 'Helvetica', widths: HELVETICA },
  bold: { resource: 'F2', baseFont: 'Helvetica-Bold', widths: HELVETICA_BOLD },
  oblique: { resource: 'F3', baseFont: 'Helvetica-Oblique', widths: HELVETICA },
} as const;
type Font = keyof typeof FONTS;

const LAYOUT: Record<Style, { font: Font; size: number; leading: number; before: number; after: number; indent: number }> = {
  title: { font: 'bold', size: 20, leading: 25, before: 0, after: 10, indent: 0 },
  note: { font: 'oblique', size: 9.5, leading: 13, before: 0, after: 14, indent: 0 },
  heading: { font: 'bold', size: 12.5, leading: 16, before: 10, after: 4, indent: 0 },
  paragraph: { font: 'regular', size: 10.5, leading: 14.5, before: 0, after: 7, indent: 0 },
  bullet: { font: 'regular', size: 10.5, leading: 14.5, before: 0, after: 3, indent: 14 },
};

const PAGE = { width: 612, height: 792, margin: 72, footerY: 40 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;

function parseLegalMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ style: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  let previousLineWasNote = false;
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const marker = /^(#|##|>|-) (.*)$/.exec(line);
    if (!line || marker) endParagraph();
    if (!marker) {
      if (line) paragraph.push(line);
      previousLineWasNote = false;
      continue;
    }
    const style = ({ '#': 'title', '##': 'heading', '>': 'note', '-': 'bullet' } as const)[marker[1] as '#' | '##' | '>' | '-'];
    const text = marker[2]!;
    // Consecutive `>` lines make one note.
    if (style === 'note' && previousLineWasNote) blocks.at(-1)!.text += ` ${text}`;
    else blocks.push({ style, text });
    previousLineWasNote = style === 'note';
  }
  endParagraph();
  return blocks.map((block) => ({ ...block, text: typeset(block.text) }));
}

/** French spacing: no line break between a word and its `:`, `;`, `!`, `?` or guillemets. */
const typeset = (text: string) => text.replace(/ ([:;!?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');

// WinAnsiEncoding: Latin-1, except codes 128–159, which hold typographic signs (0 = no glyph).
const WIN_ANSI_128_TO_159 = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];
const WIN_ANSI = new Map<string, number>();
for (let code = FIRST_CODE; code <= 255; code++) {
  const codePoint = code >= 128 && code < 160 ? WIN_ANSI_128_TO_159[code - 128]! : code;
  if (codePoint && HELVETICA[code - FIRST_CODE]) WIN_ANSI.set(String.fromCodePoint(codePoint), code);
}

function encode(text: string): number[] {
  return [...text].map((char) => {
    const code = WIN_ANSI.get(char);
    if (code === undefined) throw new Error(`"${char}" (U+${char.codePointAt(0)!.toString(16)}) has no glyph in WinAnsiEncoding`);
    return code;
  });
}

const measure = (text: string, font: Font, size: number) =>
  (encode(text).reduce((sum, code) => sum + FONTS[font].widths[code - FIRST_CODE]!, 0) * size) / 1000;

/** Greedy wrapping at spaces; non-breaking spaces hold words together. */
function wrap(text: string, font: Font, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate, font, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface PlacedLine {
  font: Font;
  size: number;
  x: number;
  y: number;
  text: string;
}

/** Places the blocks on pages, top to bottom; a heading never ends a page without the text that follows. */
function layOut(blocks: Block[]): PlacedLine[][] {
  const pages: PlacedLine[][] = [[]];
  const top = PAGE.height - PAGE.margin;
  let y = top;
  const newPage = () => {
    pages.push([]);
    y = top;
  };
  blocks.forEach((block, index) => {
    const style = LAYOUT[block.style];
    const lines = wrap(block.text, style.font, style.size, TEXT_WIDTH - style.indent);
    const next = blocks[index + 1];
    const atTop = y === top;
    if (!atTop) y -= style.before;
    // A heading starts a new page unless it fits there with two lines of what follows.
    const keepWithNext = next ? 2 * LAYOUT[next.style].leading : 0;
    if (block.style === 'heading' && !atTop && y - lines.length * style.leading - keepWithNext < PAGE.margin) newPage();
    lines.forEach((text, lineIndex) => {
      if (y - style.leading < PAGE.margin) newPage();
      y -= style.leading;
      const page = pages.at(-1)!;
      const x = PAGE.margin + style.indent;
      if (block.style === 'bullet' && lineIndex === 0) page.push({ font: style.font, size: style.size, x: PAGE.margin + 2, y, text: '•' });
      page.push({ font: style.font, size: style.size, x, y, text });
    });
    y -= style.after;
  });
  return pages;
}

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** A PDF literal string of WinAnsi codes: parentheses and backslashes escaped, other bytes in octal. */
function pdfString(text: string): string {
  return `(${encode(text)
    .map((code) => {
      if (code === 0x28 || code === 0x29 || code === 0x5c) return `\\${String.fromCharCode(code)}`;
      return code < 0x20 || code > 0x7e ? `\\${code.toString(8).padStart(3, '0')}` : String.fromCharCode(code);
    })
    .join('')})`;
}

/** A text string outside content streams (document information): UTF-16BE with a byte order mark. */
function pdfTextString(text: string): string {
  const utf16 = Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
  return `<${utf16.toString('hex').toUpperCase()}>`;
}

function contentStream(lines: PlacedLine[], footer: string): string {
  const drawn = lines.map(
    ({ font, size, x, y, text }) => `BT /${FONTS[font].resource} ${size} Tf ${x} ${y.toFixed(2)} Td ${pdfString(text)} Tj ET`,
  );
  const footerWidth = measure(footer, 'regular', 8.5);
  drawn.push(`0.3 g BT /F1 8.5 Tf ${(PAGE.width - PAGE.margin - footerWidth).toFixed(2)} ${PAGE.footerY} Td ${pdfString(footer)} Tj ET`);
  return `${drawn.join('\n')}\n`;
}

/** The PDF file of a document written in the Markdown subset above. */
export function renderLegalPdf(source: string, meta: LegalDocumentMeta): Buffer {
  const blocks = parseLegalMarkdown(source);
  const title = blocks.find((block) => block.style === 'title')?.text;
  if (!title) throw new Error('A legal document starts with a `# Title` line');
  const pages = layOut(blocks);

  // Objects 1–6 are fixed; each page then has its page object and its content stream.
  const fontIds = { regular: 3, bold: 4, oblique: 5 } as const;
  const infoId = 6;
  const pageId = (index: number) => 7 + 2 * index;
  const objects: Buffer[] = [
    ascii(`<< /Type /Catalog /Pages 2 0 R /Lang ${pdfTextString(meta.lang)} /ViewerPreferences << /DisplayDocTitle true >> >>`),
    ascii(`<< /Type /Pages /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`),
    ...(Object.keys(fontIds) as Font[]).map((font) =>
      ascii(`<< /Type /Font /Subtype /Type1 /BaseFont /${FONTS[font].baseFont} /Encoding /WinAnsiEncoding >>`),
    ),
    // A fixed date keeps the committed files identical from one build to the next.
    ascii(
      `<< /Title ${pdfTextString(`${title} (${meta.version})`)} /Producer (web/scripts/build-legal-pdfs.ts) /CreationDate (D:${meta.version.replace('-', '')}01000000Z) >>`,
    ),
  ];
  const fontResources = (Object.keys(fontIds) as Font[]).map((font) => `/${FONTS[font].resource} ${fontIds[font]} 0 R`).join(' ');
  pages.forEach((lines, index) => {
    const stream = deflateSync(Buffer.from(contentStream(lines, meta.footer(index + 1, pages.length)), 'latin1'));
    objects.push(
      ascii(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << ${fontResources} >> >> /Contents ${pageId(index) + 1} 0 R >>`,
      ),
      Buffer.concat([ascii(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, ascii('\nendstream')]),
    );
  });

  // The binary comment line tells transfer tools the file is not text.
  const chunks: Buffer[] = [ascii('%PDF-1.4\n'), Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])];
  const offsets: number[] = [];
  let length = chunks[0]!.length + chunks[1]!.length;
  objects.forEach((body, index) => {
    const object = Buffer.concat([ascii(`${index + 1} 0 obj\n`), body, ascii('\nendobj\n')]);
    offsets.push(length);
    chunks.push(object);
    length += object.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
  ];
  chunks.push(
    ascii(`${xref.join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${length}\n%%EOF\n`),
  );
  return Buffer.concat(chunks);
}
