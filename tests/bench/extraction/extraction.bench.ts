/**
 * Invoice extraction bench: the five main fields (issuer, invoice number, issue date, grand total,
 * currency) of real invoices, receipts and credit notes, read by the document engines as the
 * pipeline reads them (text layer or tesseract, layout rules, the embedded e-invoice XML first),
 * scored by the rules of ./scoring.ts, per field and overall, for each half of the set and both.
 *
 * Sets:
 *  - e-invoices as shipped: fixtures/invoices-dev PDFs that carry EN 16931 XML (hasEmbeddedXml).
 *  - the same files with the XML removed (qpdf --remove-attachment), so only the page is read.
 *  - digital documents without XML: the other text-layer PDFs of fixtures/invoices-dev, and
 *    fixtures/invoices (invoice2data's ground truth) as a separate line.
 *  - scanned and photographed documents (tesseract in the document's language plus English).
 * Halves: a hash of the file name (scoring.ts halfOf), fixed; "A" is the half rules are developed
 * on, "B" is only reported. Then the calibration table (share right per confidence band, over
 * the documents as shipped) and the time spent: reading the XML (ms per document) and the
 * layout rules (CPU ms per page).
 *
 * Run:  cd apps/server && pnpm exec tsx ../../tests/bench/extraction/extraction.bench.ts [--skip-ocr] [--only-scans]
 *        [--english-only] [--misses] [--fit-calibration]
 * Needs poppler-utils, qpdf and tesseract with the language packs of scripts/apt-packages.txt.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DISAGREEMENT_CONFIDENCE,
  EINVOICE_ENTITY_TYPE,
  eInvoiceFields,
  readEmbeddedEInvoice,
} from '../../../apps/server/src/pipeline/documents/einvoice/index.js';
import { calibratedConfidence } from '../../../apps/server/src/pipeline/documents/fields/calibrate-confidence.js';
import {
  calibratedFields,
  scoreInvoiceFields,
} from '../../../apps/server/src/pipeline/documents/fields/detect-invoice-fields.js';
import {
  type CalibrationKnots,
  fitCalibration,
} from '../../../apps/server/src/pipeline/documents/fields/fit-calibration.js';
import { decodeUprightPixels } from '../../../apps/server/src/pipeline/documents/images/decode-image.js';
import { sharpOfRaw } from '../../../apps/server/src/pipeline/documents/images/raw-image.js';
import { straighten } from '../../../apps/server/src/pipeline/documents/ocr/deskew.js';
import { ocrPdf } from '../../../apps/server/src/pipeline/documents/ocr/ocr-pdf.js';
import { ocrImage } from '../../../apps/server/src/pipeline/documents/ocr/tesseract.js';
import { extractPdfText } from '../../../apps/server/src/pipeline/documents/pdf/extract-pdf-text.js';
import { separatePdfBatch } from '../../../apps/server/src/pipeline/documents/pdf/separate-pages.js';
import { assessTextLayer } from '../../../apps/server/src/pipeline/documents/pdf/text-layer-quality.js';
import { readTextLayers } from '../../../apps/server/src/pipeline/documents/recognize-page.js';
import type { PageText } from '../../../apps/server/src/pipeline/documents/text/page-text.js';
import type { Entity } from '../../../apps/server/src/pipeline/documents/types.js';
import { FEW_VALUES, printReliabilityTable, TOLERANCE } from './reliability.js';
import {
  EXTRA_FIELDS,
  type ExtraField,
  foundField,
  halfOf,
  isRight,
  isRightTaxId,
  MAIN_FIELDS,
  type MainField,
  share,
  type Tally,
} from './scoring.js';

const FIXTURES = fileURLToPath(new URL('../../../fixtures/', import.meta.url));
const SKIP_OCR = process.argv.includes('--skip-ocr');
const SHOW_MISSES = process.argv.includes('--misses');
/** Only the scanned and photographed documents (for quick runs while working on OCR). */
const ONLY_SCANS = process.argv.includes('--only-scans');
/**
 * OCR told only English, as a workspace without the document's language would: the page's own
 * language must then come from tesseract's first pass (ocr/detect-language.ts).
 */
const ENGLISH_ONLY = process.argv.includes('--english-only');
/**
 * `--turned=3`: every scanned or photographed image turned by this many degrees (clockwise, on
 * white) before it is read, as a sheet fed askew; `--no-deskew` reads it without straightening.
 * Image-only PDFs are read as they are.
 */
const TURNED = Number(process.argv.find((arg) => arg.startsWith('--turned='))?.slice('--turned='.length) ?? 0);
const DESKEW = !process.argv.includes('--no-deskew');
/** Reads text layers with pdf.js alone, as the pipeline did before poppler read them. */
const PDFJS_ONLY = process.argv.includes('--pdfjs');
/**
 * `--fit-calibration`: fit the confidence map on half A's layout values of this run and write it
 * to the product (fields/calibration-map.ts); the table then reads the values through the new map.
 */
const FIT_CALIBRATION = process.argv.includes('--fit-calibration');
const CALIBRATION_MAP_FILE = fileURLToPath(
  new URL('../../../apps/server/src/pipeline/documents/fields/calibration-map.ts', import.meta.url),
);
/** The pipeline's rule for a usable text layer (stages/recognizers.ts). */
const MIN_TEXT_CHARS = 20;

interface Truth {
  invoiceNumber?: string;
  date?: string;
  totalAmount?: number;
  currency?: string;
  issuer?: string;
  vendorTaxId?: string;
  lang?: string;
  kind?: 'digital' | 'scan' | 'photo';
  hasEmbeddedXml?: boolean;
}

interface Document {
  name: string;
  path: string;
  truth: Truth;
}

interface Reading {
  entities: Entity[];
  /** The layout rules' findings with their raw scores, before calibration. */
  raw: Entity[];
  pages: number;
  layoutCpuMs: number;
  xmlMs: number | null;
}

function devSet(): Document[] {
  const folder = join(FIXTURES, 'invoices-dev');
  return readdirSync(folder)
    .filter((name) => !name.endsWith('.json') && !name.endsWith('.md'))
    .sort()
    .map((name) => ({
      name,
      path: join(folder, name),
      truth: JSON.parse(readFileSync(join(folder, `${name.replace(/\.[^.]+$/, '')}.json`), 'utf8')) as Truth,
    }));
}

/** fixtures/invoices: invoice2data's expected output, under the same keys. */
function invoice2dataSet(): Document[] {
  const folder = join(FIXTURES, 'invoices');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => {
      const [json] = JSON.parse(readFileSync(join(folder, name.replace(/\.pdf$/, '.json')), 'utf8')) as Record<
        string,
        unknown
      >[];
      const truth: Truth = { kind: 'digital', lang: 'en' };
      if (json?.invoice_number !== undefined) truth.invoiceNumber = String(json.invoice_number);
      if (json?.date !== undefined) truth.date = String(json.date).slice(0, 10);
      if (json?.amount !== undefined) truth.totalAmount = Number(json.amount);
      if (json?.currency !== undefined) truth.currency = String(json.currency);
      if (json?.issuer !== undefined) truth.issuer = String(json.issuer);
      return { name, path: join(folder, name), truth };
    });
}

/**
 * CPU milliseconds spent so far by this process and the children it has waited for (pdftoppm,
 * tesseract): Linux's /proc/self/stat utime, stime, cutime and cstime, in clock ticks of 10 ms.
 */
function cpuWithChildrenMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
  return ticks * 10;
}

const ocrCost = { cpuMs: 0, wallMs: 0, pages: 0 };

/** OCR of a scan, its CPU (with tesseract's and poppler's) and wall time added to `ocrCost`. */
async function ocr(read: () => Promise<PageText[]>): Promise<PageText[]> {
  const cpu = cpuWithChildrenMs();
  const wall = performance.now();
  const pages = await read();
  ocrCost.cpuMs += cpuWithChildrenMs() - cpu;
  ocrCost.wallMs += performance.now() - wall;
  ocrCost.pages += pages.length;
  return pages;
}

/** The pages as the pipeline reads them: the text layer where it is usable, else tesseract. */
async function pagesOf(bytes: Uint8Array, isPdf: boolean, languages: string[]): Promise<PageText[] | null> {
  if (!isPdf) {
    if (SKIP_OCR) return null;
    // Turning is what straightening does, by the other angle.
    const image = TURNED
      ? await sharpOfRaw(await straighten((await decodeUprightPixels(bytes)).image, TURNED))
          .png()
          .toBuffer()
      : bytes;
    return ocr(async () => [await ocrImage(image, { languages, deskew: DESKEW })]);
  }
  const text = await pipelineTextLayer(bytes);
  const usable = text.every((page) => {
    const quality = assessTextLayer(page.text);
    return quality.usable && quality.visibleChars >= MIN_TEXT_CHARS;
  });
  if (usable) return text;
  return SKIP_OCR ? null : ocr(() => ocrPdf(bytes, { languages }));
}

/**
 * The text layer as the recognition stage reads it: each page cut into its own file and read by
 * poppler (readTextLayers), pdf.js for a page poppler cannot serve — `--pdfjs` reads every page
 * with pdf.js, for comparison.
 */
async function pipelineTextLayer(bytes: Uint8Array): Promise<PageText[]> {
  const byPdfJs = await extractPdfText(bytes);
  if (PDFJS_ONLY) return byPdfJs;
  const folder = mkdtempSync(join(tmpdir(), 'extraction-bench-'));
  try {
    const file = join(folder, 'document.pdf');
    writeFileSync(file, bytes);
    const files = await separatePdfBatch(file, 1, byPdfJs.length);
    const byPoppler = await readTextLayers(
      byPdfJs.map((page, index) => ({
        bytes: files[index] as Uint8Array,
        contentType: 'application/pdf',
        pageNumber: page.pageNumber,
        width: page.pageSize.width,
        height: page.pageSize.height,
      })),
    );
    return byPdfJs.map((page, index) => byPoppler[index] ?? page);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function read(document: Document, bytes: Uint8Array): Promise<Reading | null> {
  const isPdf = document.path.endsWith('.pdf');
  const languages = ENGLISH_ONLY ? ['en'] : [...new Set([document.truth.lang ?? 'en', 'en'])];
  const pages = await pagesOf(bytes, isPdf, languages);
  if (!pages) return null;
  const cpu = process.cpuUsage();
  // detectInvoiceFields in two steps, to keep the raw scores the calibration is fitted on.
  const raw = scoreInvoiceFields(pages);
  const printed = calibratedFields(raw);
  const used = process.cpuUsage(cpu);
  const layoutCpuMs = (used.user + used.system) / 1000;
  if (!isPdf) return { entities: printed, raw, pages: pages.length, layoutCpuMs, xmlMs: null };
  // CPU time, not wall time: the bench shares two cores with other work.
  const started = process.cpuUsage();
  const found = await readEmbeddedEInvoice(bytes);
  const entities = found.status === 'invoice' ? eInvoiceFields(found.invoice, pages, printed).entities : printed;
  const spent = process.cpuUsage(started);
  const xmlMs = found.status === 'none' ? null : (spent.user + spent.system) / 1000;
  return { entities, raw, pages: pages.length, layoutCpuMs, xmlMs };
}

/** The PDF with its embedded files removed by qpdf, so only the printed page is left to read. */
function withoutAttachments(path: string, directory: string): Uint8Array {
  const listing = execFileSync('qpdf', ['--list-attachments', path], { encoding: 'utf8' });
  const keys = listing
    .split('\n')
    .map((line) => line.match(/^(.+?) -> \d+,\d+$/)?.[1])
    .filter((key): key is string => key !== undefined);
  const out = join(directory, 'stripped.pdf');
  execFileSync('qpdf', [path, ...keys.map((key) => `--remove-attachment=${key}`), '--', out]);
  const bytes = new Uint8Array(readFileSync(out));
  const left = execFileSync('qpdf', ['--list-attachments', out], { encoding: 'utf8' });
  if (/ -> /.test(left)) throw new Error(`qpdf left attachments in ${path}`);
  return bytes;
}

interface Scored {
  name: string;
  field: MainField | ExtraField;
  right: boolean;
  confidence: number | null;
  /** The layout rules' raw score of the value, or null when the value is the e-invoice XML's. */
  raw: number | null;
  expected: unknown;
  found: string | null;
  /**
   * A field whose printed value and e-invoice XML disagree: its confidence is the review flag
   * DISAGREEMENT_CONFIDENCE (einvoice-fields.ts), set to send every such field to a reviewer, not
   * an estimate of how often it is right. The calibration table counts these on a line of their own.
   */
  flagged: boolean;
}

const CATEGORIES: Record<MainField | ExtraField, string> = {
  invoiceNumber: 'InvoiceId',
  date: 'InvoiceDate',
  totalAmount: 'InvoiceTotal',
  currency: 'Currency',
  issuer: 'VendorName',
  vendorTaxId: 'VendorTaxId',
};

function isFlagged(entities: readonly Entity[], field: MainField | ExtraField): boolean {
  const entity = entities.find((candidate) => candidate.category === CATEGORIES[field]);
  return entity?.type === EINVOICE_ENTITY_TYPE && entity.confidence === DISAGREEMENT_CONFIDENCE;
}

function isFromXml(entities: readonly Entity[], field: MainField | ExtraField): boolean {
  return entities.find((candidate) => candidate.category === CATEGORIES[field])?.type === EINVOICE_ENTITY_TYPE;
}

function score(document: Document, reading: Reading): Scored[] {
  const { entities, raw } = reading;
  const out: Scored[] = [];
  for (const field of [...MAIN_FIELDS, ...EXTRA_FIELDS]) {
    const expected = document.truth[field];
    if (expected === undefined) continue;
    const found = foundField(entities, field);
    out.push({
      name: document.name,
      field,
      right: field === 'vendorTaxId' ? isRightTaxId(expected, found.value) : isRight(field, expected, found.value),
      confidence: found.confidence,
      raw: isFromXml(entities, field) ? null : foundField(raw, field).confidence,
      expected,
      found: found.value,
      flagged: isFlagged(entities, field),
    });
  }
  return out;
}

const isMain = (row: Scored) => (MAIN_FIELDS as string[]).includes(row.field);

const tally = (rows: readonly Scored[]): Tally => ({
  right: rows.filter((row) => row.right).length,
  total: rows.length,
});

function printSet(title: string, rows: readonly Scored[], target: string, misses = SHOW_MISSES): void {
  const documents = new Set(rows.map((row) => row.name)).size;
  console.log(`\n${title} (${documents} documents; target ${target})`);
  console.log(`  ${'field'.padEnd(14)} ${'half A'.padStart(16)} ${'half B'.padStart(16)} ${'both'.padStart(16)}`);
  const line = (label: string, selected: readonly Scored[]) => {
    const cell = (half: 'A' | 'B' | null) => {
      const t = tally(half ? selected.filter((row) => halfOf(row.name) === half) : selected);
      return `${share(t)} ${`${t.right}/${t.total}`.padStart(7)}`.padStart(16);
    };
    console.log(`  ${label.padEnd(14)} ${cell('A')} ${cell('B')} ${cell(null)}`);
  };
  for (const field of MAIN_FIELDS)
    line(
      field,
      rows.filter((row) => row.field === field),
    );
  line('overall', rows.filter(isMain));
  for (const field of EXTRA_FIELDS) {
    const extra = rows.filter((row) => row.field === field);
    if (extra.length > 0) line(`(${field})`, extra);
  }
  if (misses) {
    for (const row of rows.filter((candidate) => !candidate.right)) {
      console.log(
        `    miss [${halfOf(row.name)}] ${row.name} ${row.field}: expected ${JSON.stringify(row.expected)}, got ${JSON.stringify(row.found)} (${row.confidence ?? '–'})`,
      );
    }
  }
}

/** The calibration's samples: half A's main values found by the layout rules (not the XML's, not flagged). */
function calibrationSamples(all: readonly Scored[]): { raw: number; right: boolean }[] {
  return all
    .filter((row) => isMain(row) && halfOf(row.name) === 'A' && row.raw !== null && !row.flagged)
    .map((row) => ({ raw: row.raw as number, right: row.right }));
}

/** Writes the fitted map where the product reads it (fields/calibration-map.ts). */
function writeCalibrationMap(knots: CalibrationKnots, samples: readonly { right: boolean }[]): void {
  const right = samples.filter((sample) => sample.right).length;
  const lines = knots.map(([raw, calibrated]) => `    [${raw}, ${calibrated}],`).join('\n');
  writeFileSync(
    CALIBRATION_MAP_FILE,
    `// Written by tests/bench/extraction/extraction.bench.ts --fit-calibration; do not edit by hand.
// Isotonic fit (fit-calibration.ts) of the layout rules' raw scores on half A of the bench's
// documents as shipped; half B is only reported.
export const CALIBRATION_MAP = {
  fittedOn: 'half A of tests/bench/extraction',
  values: ${samples.length},
  right: ${right},
  knots: [
${lines}
  ] as ReadonlyArray<readonly [number, number]>,
};
`,
  );
}

function printCalibration(all: readonly Scored[], knots: CalibrationKnots | null): void {
  console.log(
    `\nCalibration: share of right values per confidence band (documents as shipped; target within ${TOLERANCE * 100} points of the band; bands under ${FEW_VALUES} values judged by their Wilson 95% interval)`,
  );
  if (knots) console.log(`  map fitted on this run's half A: ${JSON.stringify(knots)} (written to the product)`);
  const rows = all.filter(isMain);
  // With a map fitted on this run, the layout values read through it, as the product now will.
  const confidenceOf = (row: Scored) =>
    knots && row.raw !== null ? calibratedConfidence(row.raw, knots) : (row.confidence as number);
  const outcomes = (half: 'A' | 'B' | null) =>
    rows
      .filter((row) => row.confidence !== null && !row.flagged && (half === null || halfOf(row.name) === half))
      .map((row) => ({ confidence: confidenceOf(row), right: row.right }));
  printReliabilityTable('half A (fitted on)', outcomes('A'));
  printReliabilityTable('half B (held out)', outcomes('B'));
  printReliabilityTable('both', outcomes(null));
  const flagged = tally(rows.filter((row) => row.flagged));
  console.log(
    `  flagged page/XML disagreements (review flag ${DISAGREEMENT_CONFIDENCE}, not in the bands): ${flagged.total} values, ${share(flagged).trim()} right (the printed value is kept)`,
  );
  const missing = rows.filter((row) => row.confidence === null).length;
  console.log(`  (${missing} of ${rows.length} expected values were not found at all)`);
}

async function main(): Promise<void> {
  const dev = devSet();
  const shipped: Scored[] = [];
  const stripped: Scored[] = [];
  const digital: Scored[] = [];
  const scanned: Scored[] = [];
  const existing: Scored[] = [];
  const xmlTimes: number[] = [];
  let layoutCpuMs = 0;
  let layoutPages = 0;
  const scratch = mkdtempSync(join(tmpdir(), 'rd-extraction-'));
  try {
    for (const document of dev.filter(
      (candidate) => !ONLY_SCANS || !['digital', undefined].includes(candidate.truth.kind),
    )) {
      const bytes = new Uint8Array(readFileSync(document.path));
      const reading = await read(document, bytes);
      if (!reading) {
        console.log(`  (skipped ${document.name}: needs OCR)`);
        continue;
      }
      layoutCpuMs += reading.layoutCpuMs;
      layoutPages += reading.pages;
      const rows = score(document, reading);
      if (document.truth.hasEmbeddedXml) {
        shipped.push(...rows);
        if (reading.xmlMs !== null) xmlTimes.push(reading.xmlMs);
        const bare = await read(document, withoutAttachments(document.path, scratch));
        if (bare) stripped.push(...score(document, bare));
      } else if (document.truth.kind === 'digital') digital.push(...rows);
      else scanned.push(...rows);
    }
    for (const document of ONLY_SCANS ? [] : invoice2dataSet()) {
      const reading = await read(document, new Uint8Array(readFileSync(document.path)));
      if (!reading) continue;
      layoutCpuMs += reading.layoutCpuMs;
      layoutPages += reading.pages;
      existing.push(...score(document, reading));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  printSet('E-invoices as shipped (embedded XML read)', shipped, '≥ 99%');
  printSet('The same files with the XML removed (page only)', stripped, '≥ 95%');
  printSet('Digital documents without XML (fixtures/invoices-dev)', digital, 'reported');
  if (SKIP_OCR) console.log('\nScanned and photographed documents: skipped (--skip-ocr)');
  else printSet('Scanned and photographed documents (tesseract)', scanned, '≥ 85%');
  printSet('Digital invoices of fixtures/invoices (invoice2data ground truth)', existing, 'reported');
  const all = [...shipped, ...digital, ...scanned, ...existing];
  printSet('Everything as shipped', all, 'both halves within 5 points', false);
  let knots: CalibrationKnots | null = null;
  if (FIT_CALIBRATION) {
    const samples = calibrationSamples(all);
    knots = fitCalibration(samples);
    writeCalibrationMap(knots, samples);
  }
  printCalibration(all, knots);

  const sorted = [...xmlTimes].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(
    `\nReading the embedded XML (open the PDF, attachments, parse, fields; CPU time after pdf.js warm-up): median ${median.toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms per document (target < 50 ms)`,
  );
  console.log(
    `Layout rules (detectInvoiceFields): ${(layoutCpuMs / Math.max(1, layoutPages)).toFixed(1)} CPU ms per page over ${layoutPages} pages`,
  );
  if (ocrCost.pages > 0) {
    console.log(
      `OCR of scans (render, orientation, tesseract; CPU of the processes it ran included): ${(ocrCost.cpuMs / ocrCost.pages).toFixed(0)} CPU ms and ${(ocrCost.wallMs / ocrCost.pages).toFixed(0)} wall ms per page over ${ocrCost.pages} pages`,
    );
  }
  writeFileSync(
    join(tmpdir(), 'rd-extraction-last.json'),
    JSON.stringify({ shipped, stripped, digital, scanned, existing }),
  );
}

await main();
