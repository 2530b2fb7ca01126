// What a ZIP archive (and so an OOXML or ODF document) holds, decided from its central directory,
// read with one range read of the archive's tail, and from the first bytes of each entry, read in
// ranges of at most ENTRY_GROUP_BYTES: never the whole archive. Refused (docs/chat-attachments.md):
// entries that run or render by name or by content, macros, nested archives, encrypted or
// otherwise unreadable entries, a directory too large to read, more than ZIP_MAX_UNPACKED_BYTES
// unpacked.

import { constants, inflateRawSync } from 'node:zlib';
import { dangerAtStart, isArchive } from './dangerous-bytes';
import type { ByteSource, Refusal } from './inspection';
import {
  findDirectory,
  LOCAL_HEADER_BYTES,
  LOCAL_SIGNATURE,
  parseDirectory,
  u16,
  u32,
  ZIP_TAIL_BYTES,
  ZipError,
  type ZipEntry,
} from './zip-directory';

/** An archive that unpacks to more than this is a decompression bomb. */
export const ZIP_MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
/** Unpacked bytes of each entry checked for a signature or markup. */
const ENTRY_SNIFF_BYTES = 1024;
/** Packed bytes read to unpack them: a deflate block header, then at most a stored block's worth. */
const ENTRY_PACKED_BYTES = 4096;
/** Consecutive entries' starts are read together, up to this many bytes at once. */
const ENTRY_GROUP_BYTES = 1024 * 1024;
const PARALLEL_READS = 4;

/** Names that run or render when opened (Windows, macOS, Linux, Android, Java, the browser). */
const RUNNABLE = new Set(
  (
    'exe dll scr bat cmd com cpl msi msp mst ps1 psm1 psd1 vbs vbe js jse mjs wsf wsh wsc ws hta lnk url scf inf reg pif gadget ' +
    'jar class apk aab xapk dex app dmg pkg command sh bash zsh csh ksh run elf so dylib deb rpm appimage ' +
    'html htm xhtml shtml mht mhtml svg svgz xsl xslt swf chm iso img vhd vhdx ' +
    'docm dotm xlsm xltm xlam pptm potm ppsm ppam sldm'
  ).split(' '),
);
/** Archives inside the archive: not inspected in turn, so refused. */
const ARCHIVES = new Set('zip zipx 7z rar gz tgz tar bz2 tbz2 xz txz lz lzma zst cab arj z ace'.split(' '));

/** The last part of a path, a folder's included (a macOS "Tool.app/" is a program). */
const baseNameOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[/\\]+$/, '')
    .replace(/^.*[/\\]/, '');
const extensionOf = (name: string) => /\.([^.]+)$/.exec(baseNameOf(name))?.[1] ?? '';
// Bidirectional overrides make "txt.exe" read "exe.txt"; control characters have no place in a name.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const DECEPTIVE = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

const forbidden = (reason: string): Refusal => ({ rule: 'fileForbidden', reason });
const malformed = (reason: string): Refusal => ({ rule: 'fileContent', reason });

/** The refusal an entry earns by its directory record alone, or null. */
function refusalByName(entry: ZipEntry): Refusal | null {
  const { name } = entry;
  if (DECEPTIVE.test(name)) return forbidden(`entry name with control or direction characters: ${JSON.stringify(name)}`);
  if (/^[/\\]|^[a-z]:|(^|[/\\])\.\.([/\\]|$)/i.test(name)) return forbidden(`entry outside the archive's folder: ${name}`);
  if (entry.encrypted || entry.method === 99) return forbidden(`encrypted entry: ${name}`);
  if (entry.method !== 0 && entry.method !== 8)
    return forbidden(`entry packed with method ${entry.method}, which is not inspected: ${name}`);
  const base = baseNameOf(name);
  // Office VBA (vbaProject.bin, also vbaProjectSignature.bin) and OpenDocument Basic or script macros.
  if (base.startsWith('vbaproject') || /^(basic|scripts)\//i.test(name)) return forbidden(`macros: ${name}`);
  const extension = extensionOf(name);
  if (RUNNABLE.has(extension)) return forbidden(`entry that runs or renders when opened: ${name}`);
  if (ARCHIVES.has(extension)) return forbidden(`nested archive: ${name}`);
  return null;
}

/** The first unpacked bytes of an entry from a read that starts at its local header, or null when they are not all there. */
function entryStart(entry: ZipEntry, bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < LOCAL_HEADER_BYTES) return null;
  if (u32(bytes, 0) !== LOCAL_SIGNATURE) throw new ZipError('malformed', `No local header for ${entry.name}`);
  const dataStart = LOCAL_HEADER_BYTES + u16(bytes, 26) + u16(bytes, 28);
  const packedLength = Math.min(entry.compressedSize, ENTRY_PACKED_BYTES);
  if (bytes.length < dataStart + packedLength) return null;
  const packed = bytes.subarray(dataStart, dataStart + packedLength);
  if (entry.method === 0) return packed.subarray(0, ENTRY_SNIFF_BYTES);
  try {
    // The start of a deflate stream unpacks on its own when flushed rather than finished.
    return new Uint8Array(inflateRawSync(packed, { finishFlush: constants.Z_SYNC_FLUSH })).subarray(0, ENTRY_SNIFF_BYTES);
  } catch {
    throw new ZipError('malformed', `The packed data of ${entry.name} is broken`);
  }
}

/** How many bytes from an entry's local header hold its first packed bytes (when its local extra field is as long as the directory's). */
const entryReach = (entry: ZipEntry) =>
  LOCAL_HEADER_BYTES + new TextEncoder().encode(entry.name).length + entry.extraLength + Math.min(entry.compressedSize, ENTRY_PACKED_BYTES);

/** Entries in file order, those whose starts lie close together in one group read at once. */
function groups(entries: ZipEntry[]): { start: number; end: number; entries: ZipEntry[] }[] {
  const result: { start: number; end: number; entries: ZipEntry[] }[] = [];
  for (const entry of [...entries].sort((a, b) => a.offset - b.offset)) {
    const end = entry.offset + entryReach(entry);
    const last = result.at(-1);
    if (last && end - last.start <= ENTRY_GROUP_BYTES) {
      last.entries.push(entry);
      last.end = Math.max(last.end, end);
    } else result.push({ start: entry.offset, end, entries: [entry] });
  }
  return result;
}

async function refusalByContent(source: ByteSource, entries: ZipEntry[]): Promise<Refusal | null> {
  const queue = groups(entries.filter((entry) => entry.size > 0));
  let refusal: Refusal | null = null;
  const worker = async () => {
    for (let group = queue.shift(); group && !refusal; group = queue.shift()) {
      const bytes = await source.read(group.start, Math.min(group.end, source.size) - group.start);
      for (const entry of group.entries) {
        const local = entry.offset - group.start;
        // A local extra field longer than the directory's one pushes the data past the group: read that entry alone.
        const start =
          entryStart(entry, bytes.subarray(local)) ??
          entryStart(entry, await source.read(entry.offset, Math.min(entryReach(entry) + 0xffff, source.size - entry.offset)));
        if (!start) throw new ZipError('malformed', `${entry.name} is cut`);
        const danger = dangerAtStart(start);
        if (danger) refusal ??= forbidden(`${danger} inside the archive: ${entry.name}`);
        else if (isArchive(start)) refusal ??= forbidden(`nested archive: ${entry.name}`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  return refusal;
}

const OOXML: [part: string, contentType: string][] = [
  ['word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
];

/**
 * What the archive is: an OOXML document by its `[Content_Types].xml` and main part, an ODF one by
 * its first entry `mimetype`, stored, whose content is the type (ODF 1.2 §3.3), else a ZIP archive.
 */
function documentType(entries: ZipEntry[], firstBytes: Uint8Array): string {
  const names = new Set(entries.map((entry) => entry.name));
  const main = OOXML.find(([part]) => names.has(part));
  if (names.has('[Content_Types].xml') && main) return main[1];
  const first = entries.find((entry) => entry.offset === 0);
  if (first?.name === 'mimetype' && first.method === 0 && firstBytes.length >= LOCAL_HEADER_BYTES) {
    const dataStart = LOCAL_HEADER_BYTES + u16(firstBytes, 26) + u16(firstBytes, 28);
    const type = new TextDecoder().decode(firstBytes.subarray(dataStart, dataStart + first.size));
    if (type.startsWith('application/vnd.oasis.opendocument.')) return type;
  }
  return 'application/zip';
}

export type ZipInspection = { refusal: Refusal } | { refusal: null; contentType: string };

/** Reads the archive's directory and entries' starts; what it really is, or why it is refused. */
export async function inspectZip(source: ByteSource): Promise<ZipInspection> {
  try {
    const tailOffset = Math.max(0, source.size - ZIP_TAIL_BYTES);
    const tail = await source.read(tailOffset, source.size - tailOffset);
    const directory = findDirectory(tail, tailOffset);
    // The directory is most often within the tail already.
    const directoryBytes =
      directory.offset >= tailOffset
        ? tail.subarray(directory.offset - tailOffset, directory.offset - tailOffset + directory.size)
        : await source.read(directory.offset, directory.size);
    const entries = parseDirectory(directoryBytes, directory.count);
    for (const entry of entries) {
      const refusal = refusalByName(entry);
      if (refusal) return { refusal };
    }
    const unpacked = entries.reduce((total, entry) => total + entry.size, 0);
    if (unpacked > ZIP_MAX_UNPACKED_BYTES) return { refusal: forbidden(`unpacks to ${unpacked} bytes`) };
    const refusal = await refusalByContent(source, entries);
    return refusal ? { refusal } : { refusal: null, contentType: documentType(entries, source.firstBytes) };
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    return { refusal: error.kind === 'tooLarge' ? forbidden(`directory too large to read: ${error.message}`) : malformed(error.message) };
  }
}
