// Plain text and CSV attachments, read whole in slices of TEXT_SLICE_BYTES: text is UTF-8 without
// NUL or other control characters but tab, line breaks and form feed (anything else is not text:
// rule fileContent); and it holds nothing a browser, a shell or a spreadsheet would run (rule
// fileForbidden). Attachments are served as downloads with `nosniff`, so no page ever renders
// them; these markers refuse what would run if the file were opened under another name.

import { isUtf8 } from 'node:buffer';
import type { ByteSource, Refusal } from './inspection';

export const TEXT_SLICE_BYTES = 4 * 1024 * 1024;
/** Characters kept from the previous slice, so that a marker cut by a slice boundary is still seen. */
const OVERLAP = 256;

/**
 * Markup, script schemes and script-host commands (HTML, JavaScript, VBScript, PowerShell, batch),
 * in lower case; `needs` lists characters a match cannot do without, so that most text skips the
 * pattern (a 100 MB CSV is read within the Lambda's time).
 */
const MARKERS: { what: string; needs: string[]; pattern: RegExp }[] = [
  {
    what: 'HTML or SVG markup',
    needs: ['<'],
    pattern:
      /<(?:!doctype\s+html|html|head|body|script|iframe|frame|frameset|object|embed|applet|svg|math|meta|link|base|form|style)[\s>/]/,
  },
  { what: 'an event handler attribute', needs: ['<', '='], pattern: /<[a-z][^<>]*[\s/"']on[a-z]+\s*=/ },
  { what: 'a script URL', needs: [':'], pattern: /(?:javascript|vbscript|livescript)\s*:|data\s*:\s*text\/html/ },
  {
    what: 'VBScript or Windows Script Host',
    needs: [],
    pattern: /(?:wscript\.(?:shell|createobject|echo)|createobject\s*\(|shell\.application|execute(?:global)?\s*\(|<job[\s>])/,
  },
  {
    what: 'PowerShell',
    needs: [],
    pattern:
      /(?:invoke-expression|(?<![a-z])iex\s*[(\s$]|downloadstring\s*\(|downloadfile\s*\(|invoke-webrequest|set-executionpolicy|frombase64string\s*\(|start-process|new-object\s+(?:system\.)?net\.webclient)|(?:^|\s)-enc(?:odedcommand)?\s+[a-z0-9+/=]{16}/,
  },
  { what: 'a batch file', needs: ['echo'], pattern: /^[ \t]*@?echo[ \t]+off\b/m },
  {
    what: 'a command launcher',
    needs: [],
    pattern: /(?:cmd(?:\.exe)?\s+\/[ck]|powershell(?:\.exe)?\s+-|rundll32|regsvr32|mshta|certutil\s+-|bitsadmin\s+\/)/,
  },
  // A spreadsheet runs a cell's DDE formula (=cmd|' /C calc'!A0) when the CSV is opened.
  { what: 'a spreadsheet DDE formula', needs: ['|', '!'], pattern: /(?:^|\n|[,;\t"])\s*[=+\-@][^\n,;|]*\w\s*\|\s*'[^'\n]*'\s*!/ },
];

/**
 * Control characters that text has no use for, in the Latin-1 reading of UTF-8 bytes: C0 but tab,
 * LF, FF, CR; DEL; C1 (UTF-8 C2 80 to C2 9F).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]|\u00c2[\u0080-\u009f]/;

/** How many bytes at the end start a UTF-8 sequence that the next slice completes. */
function cutSequence(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/** Why this text is refused, or null when it is harmless text. */
export async function inspectText(source: ByteSource): Promise<Refusal | null> {
  let carried = '';
  let pending = new Uint8Array();
  for (let offset = 0; offset < source.size; offset += TEXT_SLICE_BYTES) {
    const read = await source.read(offset, Math.min(TEXT_SLICE_BYTES, source.size - offset));
    const bytes = pending.length ? Buffer.concat([pending, read]) : Buffer.from(read.buffer, read.byteOffset, read.length);
    const cut = offset + TEXT_SLICE_BYTES < source.size ? cutSequence(bytes) : 0;
    const whole = bytes.subarray(0, bytes.length - cut);
    pending = new Uint8Array(bytes.subarray(bytes.length - cut));
    if (!isUtf8(whole)) return { rule: 'fileContent', reason: 'not UTF-8 text' };
    // The markers are ASCII: the Latin-1 reading finds them as the UTF-8 one would, many times faster.
    const text = whole.toString('latin1');
    if (CONTROL.test(text)) return { rule: 'fileContent', reason: 'control characters in text' };
    const window = carried + text.toLowerCase();
    const marker = MARKERS.find(({ needs, pattern }) => needs.every((part) => window.includes(part)) && pattern.test(window));
    if (marker) return { rule: 'fileForbidden', reason: `text with ${marker.what}` };
    carried = window.slice(-OVERLAP);
  }
  return null;
}
