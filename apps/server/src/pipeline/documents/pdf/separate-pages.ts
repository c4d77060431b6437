// Cuts pages of a PDF into one-page PDFs that keep the page's fonts, text layer and /Rotate, so a
// viewer renders each like the original. PDFium (already loaded in the pipeline's threads) imports
// each page into a new document in memory: about 1 ms a page whatever the document's length.
// Poppler's `pdfseparate` did it before, one process per batch, but its time per page grows with
// the document (17 ms a page of a 2,000-page file, 2 ms of a 50-page one, and files twice the size);
// it stays for the documents PDFium cannot open.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PdfiumError, saveDocument, withDocument } from '../../../formats/pdfium.js';
import { CorruptDocumentError, EngineFailedError } from '../errors.js';
import { runTool } from '../process/run-tool.js';

const SEPARATE_TIMEOUT_MS = 10 * 60_000;

/** Pages `from`..`to` (1-based, in order) of the PDF at `input` as one-page PDF files. */
export async function separatePdfBatch(input: string, from: number, to: number): Promise<Uint8Array[]> {
  const bytes = new Uint8Array(await readFile(input));
  try {
    return await withDocument(bytes, (module, document) => {
      const pageCount = module.FPDF_GetPageCount(document);
      const pages: Uint8Array[] = [];
      for (let sourcePage = from; sourcePage <= to; sourcePage++) {
        if (sourcePage > pageCount) throw new PdfiumError(`page ${sourcePage} is past the last page (${pageCount}).`);
        const single = module.FPDF_CreateNewDocument();
        if (!single) throw new PdfiumError('PDFium could not create a document.');
        try {
          if (!module.FPDF_ImportPages(single, document, String(sourcePage), 0)) {
            throw new PdfiumError(`PDFium could not copy page ${sourcePage}.`);
          }
          pages.push(saveDocument(module, single));
        } finally {
          module.FPDF_CloseDocument(single);
        }
      }
      return pages;
    });
  } catch (error) {
    if (!(error instanceof PdfiumError)) throw error;
    // A file PDFium cannot open or copy: poppler, which repairs more, cuts it as before.
    return separateWithPoppler(input, from, to);
  }
}

async function separateWithPoppler(input: string, from: number, to: number): Promise<Uint8Array[]> {
  const out = await mkdtemp(join(dirname(input), `batch-${from}-`));
  try {
    const result = await runTool(
      'pdfseparate',
      'pdfseparate',
      ['-f', String(from), '-l', String(to), input, join(out, 'page-%d.pdf')],
      { timeoutMs: SEPARATE_TIMEOUT_MS, allowFailure: true },
    );
    const files = new Set(await readdir(out));
    const pages: Uint8Array[] = [];
    for (let sourcePage = from; sourcePage <= to; sourcePage++) {
      const name = `page-${sourcePage}.pdf`;
      if (!files.has(name)) {
        throw result.exitCode !== 0
          ? new CorruptDocumentError(
              'PDF',
              `page ${sourcePage} could not be extracted (${result.stderr.trim().split('\n').at(-1) ?? 'pdfseparate failed'}).`,
            )
          : new EngineFailedError('pdfseparate', `page ${sourcePage} was not written.`);
      }
      pages.push(await readFile(join(out, name)));
    }
    return pages;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
