import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorruptDocumentError } from '../errors.js';
import { fixturePath } from '../testing/fixtures.js';
import { readPdfLayout } from './inspect-pdf.js';
import { separatePdfBatch } from './separate-pages.js';

/** Poppler's text of a page of a PDF file (an independent reader of what was cut). */
const textOf = (path: string, page: number) =>
  spawnSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', path, '-'], {
    encoding: 'utf8',
  }).stdout;

describe('separatePdfBatch', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'separate-pages-test-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('cuts pages from..to into one-page PDFs that read as the same pages of the source', async () => {
    const source = fixturePath('pdfs/multipage/federal-register-2020-17221.pdf');
    const pages = await separatePdfBatch(source, 3, 5);
    expect(pages).toHaveLength(3);
    for (const [index, bytes] of pages.entries()) {
      const path = join(directory, `page-${index}.pdf`);
      await writeFile(path, bytes);
      const layout = await readPdfLayout(bytes, () => ({ first: 1, last: 1 }));
      expect(layout.numPages).toBe(1);
      const text = textOf(path, 1);
      expect(text.trim().length).toBeGreaterThan(500);
      expect(text).toBe(textOf(source, 3 + index));
    }
  });

  it("keeps a page's /Rotate", async () => {
    const [page] = await separatePdfBatch(fixturePath('pdfs/scanned/ocr_test_rotated_90.pdf'), 1, 1);
    const layout = await readPdfLayout(page as Uint8Array, () => ({ first: 1, last: 1 }));
    expect(layout.pages[0]?.rotation).toBe(270);
  });

  it('refuses pages past the last one as a damaged document', async () => {
    const source = fixturePath('pdfs/multipage/federal-register-2020-17221.pdf');
    await expect(separatePdfBatch(source, 15, 16)).rejects.toBeInstanceOf(CorruptDocumentError);
  });
});
