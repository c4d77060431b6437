// Document engines benchmark: field accuracy on the invoice fixtures, word accuracy of the text
// layer and of OCR, and throughput. Prints what it measures; it asserts nothing and has no targets.
//
//   cd apps/server && pnpm exec tsx bench/documents.bench.ts [--skip-render] [--skip-ocr]
//
// - Fields: detectInvoiceFields on the pdf.js text of fixtures/invoices/*.pdf (and on the
//   tesseract text of the four PNG renders in fixtures/images/invoice2data), compared with
//   invoice2data's expected JSON by the rules of bench/invoice-fields.ts (shared with the
//   end-to-end benchmark tests/bench/pipeline-accuracy.bench.ts).
// - Word accuracy = 1 − WER on lower-cased words without surrounding punctuation
//   (src/pipeline/documents/text/word-accuracy.ts).
// - Throughput: pages per minute, one process, pages one after the other. OCR runs tesseract with
//   OMP_THREAD_LIMIT=1 at 300 dpi. Absolute times on shared machines are noisy; the load average
//   is printed alongside.
import { readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { detectInvoiceFields } from '../src/pipeline/documents/fields/detect-invoice-fields.js';
import { ocrPdf } from '../src/pipeline/documents/ocr/ocr-pdf.js';
import { ocrImage, tesseractStatus } from '../src/pipeline/documents/ocr/tesseract.js';
import { extractPdfText } from '../src/pipeline/documents/pdf/extract-pdf-text.js';
import { renderPageImages } from '../src/pipeline/documents/render/render-page-images.js';
import { FIXTURES_DIR, readFixture, readFixtureText } from '../src/pipeline/documents/testing/fixtures.js';
import type { PageText } from '../src/pipeline/documents/text/page-text.js';
import { wordAccuracy } from '../src/pipeline/documents/text/word-accuracy.js';
import type { Entity } from '../src/pipeline/documents/types.js';
import { printFieldScores, type ScoredInvoice, scoreInvoiceFields } from './invoice-fields.js';

// `--quick` (the smoke of `npm run bench -- --quick`): the text layer only; OCR and page images
// are smoke-tested end to end by tests/bench/pipeline-throughput.bench.ts --quick.
const quick = process.argv.includes('--quick');
const skipRender = quick || process.argv.includes('--skip-render');
const skipOcr = quick || process.argv.includes('--skip-ocr');

function scoreFields(rows: ScoredInvoice[]): void {
  printFieldScores(scoreInvoiceFields(rows));
}

const pct = (value: number) => `${(100 * value).toFixed(1)}%`;
const perMinute = (pages: number, ms: number) => ((pages * 60_000) / ms).toFixed(1);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const truthOf = (name: string) => JSON.parse(readFixtureText(`invoices/${name}.json`))[0] as Record<string, unknown>;

async function main(): Promise<void> {
  console.log(`Document engines benchmark · ${cpus().length} cores · load average ${load()}`);

  // Fields from the PDF text layer.
  const invoices = readdirSync(`${FIXTURES_DIR}invoices`)
    .filter((file) => file.endsWith('.pdf'))
    .map((file) => file.replace(/\.pdf$/, ''));
  const digital = [];
  for (const name of invoices) {
    const pages = await extractPdfText(readFixture(`invoices/${name}.pdf`));
    digital.push({ name, truth: truthOf(name), entities: detectInvoiceFields(pages), pages });
  }
  console.log(`\nInvoice fields, PDF text layer (pdf.js), ${invoices.length} invoices:`);
  scoreFields(digital);

  // Text layer word accuracy.
  const [crazy] = await extractPdfText(readFixture('edge_cases/pdf/crazyones.pdf'));
  console.log(
    `\nWord accuracy, pdf.js text layer:\n  crazyones.pdf   ${pct(wordAccuracy(readFixtureText('edge_cases/pdf/crazyones.txt'), crazy?.text ?? ''))}`,
  );

  // Throughput of the text layer.
  const multipage = readdirSync(`${FIXTURES_DIR}pdfs/multipage`).filter((file) => file.endsWith('.pdf'));
  let pageCount = 0;
  let started = performance.now();
  const bytesByFile = new Map(multipage.map((file) => [file, readFixture(`pdfs/multipage/${file}`)]));
  for (const bytes of bytesByFile.values()) pageCount += (await extractPdfText(bytes)).length;
  const extractMs = performance.now() - started;
  console.log(`\nThroughput, digital PDFs (fixtures/pdfs/multipage: ${multipage.length} files, ${pageCount} pages):`);
  console.log(
    `  text layer (pdf.js)          ${perMinute(pageCount, extractMs)} pages/min  (${(extractMs / pageCount).toFixed(0)} ms/page)`,
  );
  if (!skipRender) {
    started = performance.now();
    let rendered = 0;
    for (const bytes of bytesByFile.values()) rendered += (await renderPageImages(bytes, { dpi: 150 })).length;
    const renderMs = performance.now() - started;
    console.log(
      `  page images 150 dpi (pdftoppm) ${perMinute(rendered, renderMs)} pages/min  (${(renderMs / rendered).toFixed(0)} ms/page)`,
    );
  }

  if (skipOcr) return;
  const status = await tesseractStatus(['eng', 'por']);
  if (!status.isConfigured) {
    console.log(`\nOCR skipped: ${status.reason}`);
    return;
  }
  console.log(`\nWord accuracy, tesseract ${status.version} (OMP_THREAD_LIMIT=1):`);
  for (const name of ['simple.png', 'simple-90.jpg', 'testocr.png', 'cosmic.png', 'bill.png']) {
    const page = await ocrImage(readFixture(`images/tesseractjs/${name}`));
    const reference = readFixtureText(`images/tesseractjs/${name.replace(/\.\w+$/, '')}.expected.txt`);
    console.log(`  ${name.padEnd(28)} ${pct(wordAccuracy(reference, page.text))}`);
  }
  const sentence = readFixtureText('pdfs/scanned/docling_ocr_test.expected.md');
  for (const name of ['docling_ocr_test.pdf', 'ocr_test_rotated_90.pdf', 'ocr_test_rotated_180.pdf']) {
    const [page] = await ocrPdf(readFixture(`pdfs/scanned/${name}`));
    console.log(
      `  ${name.padEnd(28)} ${pct(wordAccuracy(sentence, page?.text ?? ''))}  (orientation ${page?.orientation}°)`,
    );
  }

  // The invoice PNGs: OCR text against the same invoice's text layer, then fields from OCR.
  const scans: { name: string; truth: Record<string, unknown>; entities: Entity[] }[] = [];
  for (const file of readdirSync(`${FIXTURES_DIR}images/invoice2data`)) {
    const name = file.replace(/\.png$/, '');
    const page = await ocrImage(readFixture(`images/invoice2data/${file}`));
    const layer = digital.find((row) => row.name === name)?.pages as PageText[];
    console.log(
      `  invoice2data/${file.padEnd(15)} ${pct(wordAccuracy(layer.map((p) => p.text).join('\n'), page.text))}  (vs the PDF text layer)`,
    );
    scans.push({ name, truth: truthOf(name), entities: detectInvoiceFields([page]) });
  }
  console.log(`\nInvoice fields, tesseract on the ${scans.length} invoice2data PNG renders:`);
  scoreFields(scans);

  // Throughput of OCR on the scanned PDFs.
  const scanned = readdirSync(`${FIXTURES_DIR}pdfs/scanned`).filter((file) => file.endsWith('.pdf'));
  started = performance.now();
  let scannedPages = 0;
  for (const file of scanned) scannedPages += (await ocrPdf(readFixture(`pdfs/scanned/${file}`))).length;
  const ocrMs = performance.now() - started;
  console.log(
    `\nThroughput, scans (fixtures/pdfs/scanned: ${scanned.length} files, ${scannedPages} pages, 300 dpi, eng):`,
  );
  console.log(
    `  render + OSD + OCR            ${perMinute(scannedPages, ocrMs)} pages/min  (${(ocrMs / scannedPages).toFixed(0)} ms/page)`,
  );
  console.log(`\nload average at the end: ${load()}`);
}

await main();
