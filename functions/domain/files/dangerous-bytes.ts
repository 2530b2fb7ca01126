// Content that runs or renders when opened, told by its first bytes whatever the file's name or
// declared type: executables, scripts, web pages and SVG, OLE compound files (legacy Office with
// macros, MSI installers), shortcuts, and archives (refused inside an archive: nothing inside an
// archive is inspected in turn). docs/chat-attachments.md lists them.

import { ascii, isZip, startsWith } from './content-type';

export type Danger = 'executable' | 'script' | 'markup' | 'compound' | 'shortcut' | 'archive';

const EXECUTABLES: number[][] = [
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O 32/64, either byte order
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O fat binary, and Java class files
  [0xbe, 0xba, 0xfe, 0xca],
  ascii('dex\n'), // Android
  [0x00, 0x61, 0x73, 0x6d], // WebAssembly
];
/** OLE compound file: .doc/.xls/.ppt (macros), .msi, vbaProject.bin, embedded OLE objects. */
const COMPOUND = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const SHORTCUT = [0x4c, 0x00, 0x00, 0x00, 0x01, 0x14, 0x02, 0x00];
const ARCHIVES: number[][] = [
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7-Zip
  ascii('Rar!'),
  [0x1f, 0x8b], // gzip
  [0xfd, 0x37, 0x7a, 0x58, 0x5a], // xz
  ascii('BZh'),
  ascii('MSCF'), // cabinet
  [0x28, 0xb5, 0x2f, 0xfd], // zstd
];

/**
 * An HTML page or SVG image at the start of a text (after a byte order mark, white space, an XML
 * declaration, comments or a doctype): what a browser renders, with its scripts, when it sniffs.
 */
const MARKUP_START =
  /^(?:\s|<\?xml[^>]*>|<!--[\s\S]*?-->)*<(?:!doctype\s+(?:html|svg)|html|head|body|script|iframe|svg|xsl:stylesheet)[\s>/]/i;

/** Windows PE and DOS programs (exe, dll, scr, com, cpl): "MZ" and a binary header, never text ("MZ Ltd"). */
const isDosExecutable = (bytes: Uint8Array) => startsWith(bytes, ascii('MZ')) && bytes.subarray(2, 64).includes(0);

const latin1 = (bytes: Uint8Array, length: number) => new TextDecoder('latin1').decode(bytes.subarray(0, length));

/** What is dangerous in content starting with these bytes, or null. Archives are a danger only where the caller says. */
export function dangerAtStart(bytes: Uint8Array): Danger | null {
  if (isDosExecutable(bytes) || EXECUTABLES.some((signature) => startsWith(bytes, signature))) return 'executable';
  if (startsWith(bytes, COMPOUND)) return 'compound';
  if (startsWith(bytes, SHORTCUT)) return 'shortcut';
  const start = latin1(bytes, 4096);
  if (/^(?:\xef\xbb\xbf)?#!\s*\//.test(start)) return 'script';
  if (MARKUP_START.test(start.replace(/^\xef\xbb\xbf/, ''))) return 'markup';
  return null;
}

/** An archive format of its own (ZIP included): inside an archive, it could hide what is refused. */
export const isArchive = (bytes: Uint8Array): boolean => isZip(bytes) || ARCHIVES.some((signature) => startsWith(bytes, signature));
