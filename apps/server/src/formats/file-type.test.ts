import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixture } from '../pipeline/documents/testing/fixtures.js';
import { detectFileType } from './file-type.js';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('detectFileType', () => {
  it.each([
    ['edge_cases/pdf/crazyones.pdf', 'pdf', 'document'],
    ['images/tesseractjs/simple.png', 'png', 'image'],
    ['images/tesseractjs/simple-90.jpg', 'jpeg', 'image'],
    ['edge_cases/images/decompression_bomb.gif', 'gif', 'image'],
    ['audio/jfk.wav', 'wav', 'audio'],
    ['audio/jfk.mp3', 'mp3', 'audio'],
    ['video/jfk.mp4', 'mp4', 'video'],
  ])('reads %s as %s from its content', (path, kind, category) => {
    expect(detectFileType(readFixture(path))).toMatchObject({ kind, category });
  });

  it('reads an EN 16931 e-invoice XML (CII, UBL) as a document, other XML as nothing known', () => {
    expect(detectFileType(readFixture('einvoices/fr_hotel_pacano_factur-x.xml'))).toEqual({
      kind: 'einvoice-xml',
      category: 'document',
      mime: 'application/xml',
    });
    const ubl = new TextEncoder().encode(
      '\uFEFF<?xml version="1.0"?>\n<!-- sent by an ERP -->\n<ubl:Invoice xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID/></ubl:Invoice>',
    );
    expect(detectFileType(ubl)?.kind).toBe('einvoice-xml');
    const otherInvoice = new TextEncoder().encode(
      '<?xml version="1.0"?><Invoice xmlns="urn:example:erp"><ID>1</ID></Invoice>',
    );
    expect(detectFileType(otherInvoice)).toBeNull();
    expect(detectFileType(new TextEncoder().encode('<html><body>Invoice</body></html>'))).toBeNull();
  });

  it('ignores the name: a PNG renamed to .pdf is a PNG', () => {
    const renamed = join(mkdtempSync(join(tmpdir(), 'filetype-')), 'invoice.pdf');
    copyFileSync(fixturePath('images/tesseractjs/simple.png'), renamed);
    expect(detectFileType(new Uint8Array(readFileSync(renamed)))?.kind).toBe('png');
  });

  it('returns null for an empty file, the 0-byte "PDF" and unknown bytes', () => {
    expect(detectFileType(new Uint8Array())).toBeNull();
    expect(detectFileType(readFixture('edge_cases/pdf/empty-0-bytes.pdf'))).toBeNull();
    expect(detectFileType(bytes('hello, this is plain text'))).toBeNull();
  });

  it('finds a PDF header after leading junk', () => {
    expect(detectFileType(bytes('\r\n\r\n%PDF-1.7\n'))?.kind).toBe('pdf');
  });

  it('reads images sharp can write: TIFF and WebP', async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } });
    expect(detectFileType(await image.clone().tiff().toBuffer())?.kind).toBe('tiff');
    expect(detectFileType(await image.clone().webp().toBuffer())?.kind).toBe('webp');
  });

  it.each([
    ['bmp', bytes('BM', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 40, 0, 0, 0])],
    ['ogg', bytes('OggS', [0, 2])],
    ['flac', bytes('fLaC', [0, 0, 0, 34])],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm')],
    ['mov', bytes([0, 0, 0, 20], 'ftypqt  ')],
    ['docx', bytes('PK', [3, 4], 'xxxxxxxxxxxxxxxxxxxxxxxxxx', 'word/document.xml')],
    ['xlsx', bytes('PK', [3, 4], 'xxxxxxxxxxxxxxxxxxxxxxxxxx', 'xl/workbook.xml')],
  ])('recognises %s by its signature', (kind, content) => {
    expect(detectFileType(content)?.kind).toBe(kind);
  });

  it('classifies Office documents as unsupported, not as archives', () => {
    expect(detectFileType(bytes('PK', [3, 4], '..........word/document.xml'))?.category).toBe('unsupported-office');
  });
});
