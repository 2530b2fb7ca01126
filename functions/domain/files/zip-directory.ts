// The central directory of a ZIP archive (APPNOTE 4.3.12-4.3.16), read from the archive's tail:
// the end record gives where the directory is, the directory lists every entry with its name,
// flags, method, sizes and where its local header starts. Nothing is unpacked here.

/** The end record (22 bytes) and its comment (65,535 bytes at most) are all in this many last bytes. */
export const ZIP_TAIL_BYTES = 22 + 0xffff;
/** Beyond these, the directory is not read (and the archive refused): no attachment needs more. */
export const ZIP_MAX_ENTRIES = 2_000;
export const ZIP_MAX_DIRECTORY_BYTES = 1024 * 1024;

export interface ZipEntry {
  name: string;
  /** General purpose flag bit 0: the entry is encrypted (traditional or strong encryption). */
  encrypted: boolean;
  /** 0 stored, 8 deflated; 99 is WinZip AES. */
  method: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  offset: number;
  extraLength: number;
}

export interface ZipDirectory {
  offset: number;
  size: number;
  count: number;
}

/** The archive is not a well-formed single-disk ZIP (rule fileContent), or too large to inspect (fileForbidden). */
export class ZipError extends Error {
  constructor(
    readonly kind: 'malformed' | 'tooLarge',
    message: string,
  ) {
    super(message);
  }
}

const END_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const DIRECTORY_SIGNATURE = 0x02014b50;
export const LOCAL_SIGNATURE = 0x04034b50;
export const LOCAL_HEADER_BYTES = 30;

export const u16 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
export const u32 = (b: Uint8Array, at: number): number => (u16(b, at) + u16(b, at + 2) * 0x10000) >>> 0;

/** The directory's place, from the file's last bytes (`tail` starts at `tailOffset`; the file ends where it ends). */
export function findDirectory(tail: Uint8Array, tailOffset: number): ZipDirectory {
  // The end record is the last one whose comment reaches exactly the end of the file.
  for (let at = tail.length - 22; at >= 0; at--) {
    if (u32(tail, at) !== END_SIGNATURE || at + 22 + u16(tail, at + 20) !== tail.length) continue;
    const [disk, directoryDisk, diskCount, count] = [u16(tail, at + 4), u16(tail, at + 6), u16(tail, at + 8), u16(tail, at + 10)];
    const [size, offset] = [u32(tail, at + 12), u32(tail, at + 16)];
    // ZIP64 marks its fields with all ones: only archives of 65,535 entries or 4 GB need it.
    if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff || (at >= 20 && u32(tail, at - 20) === ZIP64_LOCATOR_SIGNATURE)) {
      throw new ZipError('tooLarge', 'ZIP64 archive');
    }
    if (disk !== 0 || directoryDisk !== 0 || diskCount !== count) throw new ZipError('malformed', 'Multi-disk archive');
    // Data before the archive (a self-extracting program) or after the directory moves the offsets.
    if (offset + size !== tailOffset + at) throw new ZipError('malformed', 'The directory does not end where the end record starts');
    if (count > ZIP_MAX_ENTRIES || size > ZIP_MAX_DIRECTORY_BYTES)
      throw new ZipError('tooLarge', `${count} entries, ${size} bytes of directory`);
    return { offset, size, count };
  }
  throw new ZipError('malformed', 'No end of central directory record');
}

const utf8 = new TextDecoder('utf-8');

/** The entries of a directory read whole. */
export function parseDirectory(bytes: Uint8Array, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== DIRECTORY_SIGNATURE)
      throw new ZipError('malformed', `Directory entry ${index} is broken`);
    const [nameLength, extraLength, commentLength] = [u16(bytes, at + 28), u16(bytes, at + 30), u16(bytes, at + 32)];
    if (at + 46 + nameLength > bytes.length) throw new ZipError('malformed', `Directory entry ${index} is cut`);
    entries.push({
      // Names are UTF-8 (flag bit 11) or CP437; their ASCII part, which extensions use, is the same.
      name: utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      encrypted: (u16(bytes, at + 8) & 0x0001) !== 0,
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      offset: u32(bytes, at + 42),
      extraLength,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at !== bytes.length) throw new ZipError('malformed', 'The directory holds more than its entries');
  return entries;
}
