// Document engines benchmark: field accuracy on the invoice fixtures, word accuracy of the text
// layer and of OCR, and throughput. Prints what it measures; it asserts nothing and has no targets.
//
//   cd apps/server && pnpm exec tsx bench/documents.bench.ts [--skip-render] [--skip-ocr]
//
// - Fields: detectInvoiceFields on the pdf.js text of fixtures/invoices/*.pdf (and on the
//   tesseract text of the four PNG renders in fixtures/images/invoice2data), compared with
//   invoice2data's expected JSON: invoice_number (case and spaces ignored, a leading "#" dropped),
//   date (ISO), amount (total incl. tax, ±0.005), currency (ISO code), issuer (lower-cased letters
//   and digits, legal forms such as "B.V." or "Inc." dropped, a match when either contains the
//   other). A field counts only where the JSON has it.
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

const skipRender = process.argv.includes('--skip-render');
const skipOcr = process.argv.includes('--skip-ocr');

type FieldName = 'invoice_number' | 'date' | 'amount' | 'currency' | 'issuer';
const FIELDS: FieldName[] = ['invoice_number', 'date', 'amount', 'currency', 'issuer'];
const CATEGORY: Record<FieldName, string> = {
  invoice_number: 'InvoiceId',
  date: 'InvoiceDate',
  amount: 'InvoiceTotal',
  currency: 'Currency',
  issuer: 'VendorName',
};

const LEGAL_FORMS =
  /\b(?:b\.?v\.?|n\.?v\.?|inc\.?|ltd\.?|limited|llc|gmbh|ag|sas|sarl|s\.?a\.?|pvt\.?|plc|lda\.?|ltda\.?)(?=\s|,|$)/giu;
const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function matches(field: FieldName, truth: unknown, found: string | null | undefined): boolean {
  if (found === null || found === undefined) return false;
  switch (field) {
    case 'invoice_number':
      return compact(String(truth).replace(/^#/, '')) === compact(found);
    case 'date':
    case 'currency':
      return String(truth).toUpperCase() === found.toUpperCase();
    case 'amount':
      return Math.abs(Number(truth) - Number(found)) < 0.005;
    case 'issuer': {
      const a = compact(String(truth).replace(LEGAL_FORMS, ''));
      const b = compact(found.replace(LEGAL_FORMS, ''));
      return a !== '' && b !== '' && (a.includes(b) || b.includes(a));
    }
  }
}

const found = (entities: Entity[], field: FieldName) => {
  const keyValue = entities.find((entity) => entity.category === CATEGORY[field])?.keyValues[0];
  return keyValue?.contentNormalized ?? keyValue?.content;
};

interface Score {
  right: number;
  total: number;
}

function scoreFields(rows: { name: string; truth: Record<string, unknown>; entities: Entity[] }[]): void {
  const scores = new Map<FieldName, Score>(FIELDS.map((field) => [field, { right: 0, total: 0 }]));
  const misses: string[] = [];
  for (const { name, truth, entities } of rows) {
    for (const field of FIELDS) {
      if (truth[field] === undefined) continue;
      const score = scores.get(field) as Score;
      score.total++;
      const value = found(entities, field);
      if (matches(field, truth[field], value)) score.right++;
      else
        misses.push(
          `    ${name}.${field}: expected ${JSON.stringify(truth[field])}, got ${JSON.stringify(value ?? null)}`,
        );
    }
  }
  let right = 0;
  let total = 0;
  for (const field of FIELDS) {
    const score = scores.get(field) as Score;
    right += score.right;
    total += score.total;
    console.log(`  ${field.padEnd(15)} ${score.right}/${score.total}  ${pct(score.right / score.total)}`);
  }
  console.log(`  ${'overall'.padEnd(15)} ${right}/${total}  ${pct(right / total)}`);
  if (misses.length > 0) console.log(`  misses:\n${misses.join('\n')}`);
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
