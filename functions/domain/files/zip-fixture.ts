// Test support: ZIP archives built in memory (stored or deflated entries, APPNOTE's layout), so
// the inspection is tested on real bytes rather than on mocks of a parser.

import { deflateRawSync } from 'node:zlib';

export interface FixtureEntry {
  name: string;
  data: Uint8Array | string;
  deflate?: boolean;
  /** Sets the encryption flag (the data stays as given). */
  encrypted?: boolean;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) =>
  (bytes.reduce((crc, byte) => CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;

const le = (value: number, bytes: 2 | 4) => {
  const out = Buffer.alloc(bytes);
  if (bytes === 2) out.writeUInt16LE(value);
  else out.writeUInt32LE(value >>> 0);
  return out;
};

/** A ZIP archive of those entries, in that order, with an optional comment after its end record. */
export function zipOf(entries: FixtureEntry[], comment = ''): Uint8Array {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : Buffer.from(entry.data);
    const packed = entry.deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(entry.name);
    const flags = (entry.encrypted ? 1 : 0) | 0x0800;
    const common = [
      le(20, 2),
      le(flags, 2),
      le(entry.deflate ? 8 : 0, 2),
      le(0, 2),
      le(0x21, 2),
      le(crc32(data), 4),
      le(packed.length, 4),
      le(data.length, 4),
      le(name.length, 2),
      le(0, 2),
    ];
    const local = Buffer.concat([le(0x04034b50, 4), ...common, name, packed]);
    directory.push(Buffer.concat([le(0x02014b50, 4), le(20, 2), ...common, le(0, 2), le(0, 2), le(0, 2), le(0, 4), le(offset, 4), name]));
    locals.push(local);
    offset += local.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.concat([
    le(0x06054b50, 4),
    le(0, 2),
    le(0, 2),
    le(entries.length, 2),
    le(entries.length, 2),
    le(directoryBytes.length, 4),
    le(offset, 4),
    le(comment.length, 2),
    Buffer.from(comment),
  ]);
  return new Uint8Array(Buffer.concat([...locals, directoryBytes, end]));
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"></Types>';

/** A Word document's parts (what the inspection reads of one), plus any extra entries. */
export const docxOf = (...extra: FixtureEntry[]): Uint8Array =>
  zipOf([
    { name: '[Content_Types].xml', data: CONTENT_TYPES, deflate: true },
    { name: '_rels/.rels', data: '<?xml version="1.0"?><Relationships/>', deflate: true },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0"?><w:document><w:body><w:p>${'Bonjour '.repeat(500)}</w:p></w:body></w:document>`,
      deflate: true,
    },
    ...extra,
  ]);

/** An OpenDocument text: the stored `mimetype` entry first. */
export const odtOf = (...extra: FixtureEntry[]): Uint8Array =>
  zipOf([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
    { name: 'content.xml', data: '<?xml version="1.0"?><office:document-content/>', deflate: true },
    { name: 'META-INF/manifest.xml', data: '<?xml version="1.0"?><manifest:manifest/>', deflate: true },
    ...extra,
  ]);
