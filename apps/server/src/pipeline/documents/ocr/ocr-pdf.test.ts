import { describe, expect, it, vi } from 'vitest';
import { runTool } from '../process/run-tool.js';
import { readFixture } from '../testing/fixtures.js';
import { ocrPdf } from './ocr-pdf.js';

// The real tools run; the calls are only counted.
vi.mock('../process/run-tool.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../process/run-tool.js')>();
  return { ...actual, runTool: vi.fn(actual.runTool) };
});

/** The `-l` argument of each tesseract reading (TSV output) since the mock was cleared. */
function readings(): string[] {
  return vi
    .mocked(runTool)
    .mock.calls.filter(([, command, args]) => command === 'tesseract' && args.at(-1) === 'tsv')
    .map(([, , args]) => args[args.indexOf('-l') + 1] as string);
}

describe('ocrPdf: the pages of one document', () => {
  it('reads the pages after the first in the language the first was found in, once each', {
    timeout: 240_000,
  }, async () => {
    vi.mocked(runTool).mockClear();
    // Three scanned German pages, in a workspace that reads Portuguese and English.
    const pages = await ocrPdf(readFixture('pdfs/scanned/image_only_german_pdf.pdf'), { languages: ['pt', 'en'] });
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(page.languages).toEqual(['deu', 'por', 'eng']);
    // The first page is read as asked, then again in German; the others in German only.
    expect(readings()).toEqual(['por+eng', 'deu+por+eng', 'deu+por+eng', 'deu+por+eng']);
    expect(pages.map((page) => page.text).join('\n')).toMatch(/[äöüß]/);
  });
});
