import { describe, expect, it } from 'vitest';
import { CorruptDocumentError, EncryptedDocumentError } from '../errors.js';
import { readFixture } from '../testing/fixtures.js';
import { extractPdfText } from './extract-pdf-text.js';
import { inspectPdf, pagesWantedOf } from './inspect-pdf.js';

describe('inspectPdf', () => {
  it('reports pages, size and text layer of a plain PDF', async () => {
    const result = await inspectPdf(readFixture('edge_cases/pdf/crazyones.pdf'));
    expect(result).toMatchObject({ pageCount: 1, encrypted: false, pagesNeedingOcr: [] });
    expect(result.pages[0]).toMatchObject({
      width: 612,
      height: 792,
      rotation: 0,
      hasTextLayer: true,
      textLayerUsable: true,
    });
  });

  it('rejects the 0-byte file with a readable CorruptDocumentError', async () => {
    const error = await inspectPdf(readFixture('edge_cases/pdf/empty-0-bytes.pdf')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorruptDocumentError);
    expect((error as Error).message).toBe('The PDF is damaged and cannot be read: the file is empty (0 bytes).');
  });

  it('rejects bytes that are not a PDF at all', async () => {
    await expect(inspectPdf(new TextEncoder().encode('not a pdf, just text'))).rejects.toBeInstanceOf(
      CorruptDocumentError,
    );
  });

  it('recovers the one page of a PDF with a broken xref table', async () => {
    const bytes = readFixture('edge_cases/pdf/broken-xref-issue-297.pdf');
    expect((await inspectPdf(bytes)).pageCount).toBe(1);
    const [page] = await extractPdfText(bytes);
    expect(page?.text).toBe('test example');
  });

  it.each([
    'crazyones-encrypted-256.pdf',
    'libreoffice-writer-password.pdf',
    'password-example.pdf',
    'r6-user-password.pdf',
  ])('raises EncryptedDocumentError for %s without a password', async (name) => {
    const error = await inspectPdf(readFixture(`edge_cases/pdf/${name}`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EncryptedDocumentError);
    expect(error).toMatchObject({
      code: 'encrypted',
      wrongPassword: false,
      message: 'The PDF is encrypted and no password was given.',
    });
  });

  it('opens an encrypted PDF with its password and tells a wrong one apart', async () => {
    const bytes = readFixture('edge_cases/pdf/crazyones-encrypted-256.pdf');
    expect(await inspectPdf(bytes, { password: 'password' })).toMatchObject({ pageCount: 1, encrypted: true });
    await expect(inspectPdf(bytes, { password: 'nope' })).rejects.toMatchObject({ wrongPassword: true });
    const [page] = await extractPdfText(bytes, { password: 'password' });
    expect(page?.text.startsWith('The Crazy Ones')).toBe(true);
  });

  it('opens a permissions-only encrypted PDF (empty user password) and says it is encrypted', async () => {
    const result = await inspectPdf(readFixture('edge_cases/pdf/copy_protected.pdf'));
    expect(result).toMatchObject({ pageCount: 2, encrypted: true });
  });

  it('does not crash on a malformed PDF', async () => {
    const result = await inspectPdf(readFixture('edge_cases/pdf/malformed-from-issue-932.pdf'));
    expect(result.pageCount).toBe(1);
  });

  it('sends image-only pages and garbled text layers to OCR', async () => {
    expect((await inspectPdf(readFixture('pdfs/scanned/docling_ocr_test.pdf'))).pagesNeedingOcr).toEqual([1]);
    const garbled = await inspectPdf(readFixture('edge_cases/pdf/garbled-font-encoding-de.pdf'));
    expect(garbled.pages[0]).toMatchObject({ hasTextLayer: true, textLayerUsable: false });
  });

  it('reports the /Rotate of rotated scans', async () => {
    expect((await inspectPdf(readFixture('pdfs/scanned/ocr_test_rotated_90.pdf'))).pages[0]?.rotation).toBe(270);
    expect((await inspectPdf(readFixture('pdfs/scanned/ocr_test_rotated_180.pdf'))).pages[0]?.rotation).toBe(180);
  });

  it('handles a PDF with zero pages', async () => {
    const pdf = [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
    ].join('\n');
    const outcome = await inspectPdf(new TextEncoder().encode(pdf)).catch((e: unknown) => e);
    // Either a result with no pages or a typed error: never an untyped crash.
    if (outcome instanceof Error) expect(outcome).toBeInstanceOf(CorruptDocumentError);
    else expect(outcome).toMatchObject({ pageCount: 0, pages: [] });
  });
});

describe('pagesWantedOf', () => {
  const wanted = { maxPages: 2000, splitAbove: null, first: 1, last: null };

  it('picks every page of a whole task', () => {
    expect(pagesWantedOf(wanted, 18)).toEqual({ first: 1, last: 18 });
  });

  it('picks none of an empty file, a file over the limit or one to be split', () => {
    expect(pagesWantedOf(wanted, 0)).toBeNull();
    expect(pagesWantedOf(wanted, 2001)).toBeNull();
    expect(pagesWantedOf({ ...wanted, splitAbove: 10 }, 11)).toBeNull();
    expect(pagesWantedOf({ ...wanted, splitAbove: 10 }, 10)).toEqual({ first: 1, last: 10 });
  });

  it("picks a chunk's range, cut to the file's pages", () => {
    expect(pagesWantedOf({ ...wanted, first: 11, last: 20 }, 25)).toEqual({ first: 11, last: 20 });
    expect(pagesWantedOf({ ...wanted, first: 21, last: 30 }, 25)).toEqual({ first: 21, last: 25 });
    expect(pagesWantedOf({ ...wanted, first: 0, last: 5 }, 25)).toEqual({ first: 1, last: 5 });
  });
});
