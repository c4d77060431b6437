import { describe, expect, it } from 'vitest';
import { countedToolRuns } from '../testing/counted-tool-runs.js';
import { readFixture } from '../testing/fixtures.js';

// The real tools run; the calls are only counted.
const { runTool, loaded } = countedToolRuns(() => import('./ocr-pdf.js'));
const ocrPdf: typeof import('./ocr-pdf.js').ocrPdf = (...args) => loaded().ocrPdf(...args);

/** The `-l` argument of each tesseract reading (TSV output) since the mock was cleared. */
function readings(): string[] {
  return runTool.mock.calls
    .filter(([, command, args]) => command === 'tesseract' && args.at(-1) === 'tsv')
    .map(([, , args]) => args[args.indexOf('-l') + 1] as string);
}

describe('ocrPdf: the pages of one document', () => {
  it('reads the pages after the first in the language the first was found in, once each', {
    timeout: 240_000,
  }, async () => {
    runTool.mockClear();
    // Three scanned German pages, in a workspace that reads Portuguese and English.
    const pages = await ocrPdf(readFixture('pdfs/scanned/image_only_german_pdf.pdf'), { languages: ['pt', 'en'] });
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(page.languages).toEqual(['deu', 'por', 'eng']);
    // The first page is read as asked, then again in German; the others in German only.
    expect(readings()).toEqual(['por+eng', 'deu+por+eng', 'deu+por+eng', 'deu+por+eng']);
    expect(pages.map((page) => page.text).join('\n')).toMatch(/[äöüß]/);
  });
});
