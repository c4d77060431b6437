// Cuts pages of a PDF into one-page PDFs with poppler's `pdfseparate` (poppler-utils, already
// required for page images; it keeps the page's fonts, text layer and /Rotate, so a viewer renders
// each like the original). One process per batch of pages, its files read and removed at once.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CorruptDocumentError, EngineFailedError } from '../errors.js';
import { runTool } from '../process/run-tool.js';

const SEPARATE_TIMEOUT_MS = 10 * 60_000;

/** Pages `from`..`to` (1-based, in order) of the PDF at `input` as one-page PDF files. */
export async function separatePdfBatch(input: string, from: number, to: number): Promise<Uint8Array[]> {
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
