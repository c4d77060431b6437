// The anonymised exports of the demo letter, read back by other engines: poppler's pdftotext and
// qpdf for the PDF, tesseract for the images. A redacted string that any of them finds fails.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectPii, extractPdfText } from '../../pipeline/documents/index.js';
import { demoLetter, LETTER_KEPT, LETTER_PII } from '../../testing/demo-letter.js';
import { ocrText, pdfInfo, pdfText, readableOf } from '../../testing/read-back.js';
import { ExportType } from '../exports/types.js';
import { imageAsPdf } from './image-pdf.js';
import { exportAnonymised, type Region, regionsOf } from './index.js';
import { RedactionCheckError, verifyImage, verifyPdf } from './verify-redaction.js';

const run = promisify(execFile);
const FILL = '#204080';
const REDACTED = Object.values(LETTER_PII);

let letter: Uint8Array;
let regions: Region[];

/** The whole file, uncompressed by qpdf, as text: what a person with a text editor would find in it. */
async function rawText(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'anonymised-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('qpdf', ['--qdf', '--object-streams=disable', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    return (await readFile(join(dir, 'out.pdf'))).toString('latin1');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The letter as a scan: its page at 150 dpi (1240 × 1754 pixels), without the form field's widget. */
async function letterScan(): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'letter-scan-'));
  try {
    await writeFile(join(dir, 'letter.pdf'), letter);
    await run('pdftoppm', [
      '-r',
      '150',
      '-png',
      '-singlefile',
      '-hide-annotations',
      join(dir, 'letter.pdf'),
      join(dir, 'scan'),
    ]);
    return new Uint8Array(await readFile(join(dir, 'scan.png')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The first image stored in a PDF, as poppler's pdfimages takes it out (not as the page shows it). */
async function embeddedImage(pdf: Uint8Array): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-images-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdfimages', ['-png', join(dir, 'in.pdf'), join(dir, 'img')]);
    return new Uint8Array(await readFile(join(dir, 'img-000.png')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function pixelAt(image: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}

beforeAll(async () => {
  letter = await demoLetter();
  const pages = await extractPdfText(letter);
  regions = regionsOf({ entities: pages.flatMap((page) => detectPii(page)), tables: [] });
});

describe('anonymised exports of the demo letter', () => {
  it('finds every piece of personal data on the page to anonymise', () => {
    const found = regions.map((region) => region.text);
    for (const value of REDACTED) expect(found).toContain(value);
    // The name is in the letter twice, and both are regions.
    expect(found.filter((text) => text === LETTER_PII.name)).toHaveLength(2);
  });

  it('Pdf: the text is gone from the content, the rest is readable, nothing else carries it', async () => {
    const before = await pdfText(letter);
    expect(readableOf(before, REDACTED)).toEqual(REDACTED);
    const file = await exportAnonymised(
      ExportType.AnonymizedPdf,
      { bytes: letter, kind: 'pdf' },
      regions,
      FILL,
      'Carta',
    );
    expect(file).toMatchObject({ fileName: 'Carta.pdf', contentType: 'application/pdf' });
    const after = await pdfText(file.bytes);
    expect(readableOf(after, REDACTED)).toEqual([]);
    for (const kept of LETTER_KEPT) expect(after).toContain(kept);
    // Metadata, the link, the form field and the attachment are not in the file at all.
    const raw = await rawText(file.bytes);
    expect(readableOf(raw, REDACTED)).toEqual([]);
    expect(raw).toContain('/Annots'); // pdfium leaves the page's list, empty
    expect(raw).not.toMatch(/\/Annots\s*\[\s*[^\]\s]/);
    expect(raw).not.toMatch(
      /\/(AcroForm|EmbeddedFiles|FileAttachment|Widget|Link|JavaScript|JS|AA|Metadata|OpenAction)\b/,
    );
    expect(await pdfInfo(file.bytes)).not.toMatch(/^(Title|Author|Subject):/m);
  }, 60_000);

  it('Png and Jpeg: the regions are the fill colour and OCR reads none of them', async () => {
    for (const type of [ExportType.AnonymizedPng, ExportType.AnonymizedJpeg]) {
      const file = await exportAnonymised(type, { bytes: letter, kind: 'pdf' }, regions, FILL, 'Carta');
      expect(file.contentType).toBe(type === ExportType.AnonymizedPng ? 'image/png' : 'image/jpeg');
      const first = regions[0] as Region;
      const scale = 150 / 72;
      const [r, g, b] = await pixelAt(
        file.bytes,
        (first.left + first.width / 2) * scale,
        (first.top + first.height / 2) * scale,
      );
      expect([r, g, b].map((channel) => Math.round((channel ?? 0) / 16))).toEqual([2, 4, 8]);
      const text = await ocrText(file.bytes);
      expect(text).toContain('Resultados da consulta');
      expect(readableOf(text, REDACTED)).toEqual([]);
    }
  }, 120_000);

  it('an image task: the pixels are filled, and its Pdf has no text under them', async () => {
    const scan = await letterScan();
    expect(readableOf(await ocrText(scan), REDACTED).length).toBeGreaterThan(3);
    const scale = 150 / 72;
    const inPixels = regions.map((region) => ({
      ...region,
      left: region.left * scale,
      top: region.top * scale,
      width: region.width * scale,
      height: region.height * scale,
    }));
    const png = await exportAnonymised(
      ExportType.AnonymizedPng,
      { bytes: scan, kind: 'image' },
      inPixels,
      FILL,
      'Scan',
    );
    const text = await ocrText(png.bytes);
    expect(text).toContain('Resultados da consulta');
    expect(readableOf(text, REDACTED)).toEqual([]);
    const pdf = await exportAnonymised(
      ExportType.AnonymizedPdf,
      { bytes: scan, kind: 'image' },
      inPixels,
      FILL,
      'Scan',
    );
    expect((await pdfText(pdf.bytes)).trim()).toBe('');
    expect(readableOf(await rawText(pdf.bytes), REDACTED)).toEqual([]);
    expect(readableOf(await ocrText(await embeddedImage(pdf.bytes)), REDACTED)).toEqual([]);
  }, 120_000);

  it('a scanned PDF: the pixels of the page image itself are burned, not covered', async () => {
    const scanned = await imageAsPdf(await letterScan(), 1240, 1754);
    const points = 72 / 96;
    const perPixel = 150 / 72;
    // Regions of a scanned PDF are in points of its page (1 image pixel = 0.75 point here).
    const inPoints = regions.map((region) => ({
      ...region,
      left: region.left * perPixel * points,
      top: region.top * perPixel * points,
      width: region.width * perPixel * points,
      height: region.height * perPixel * points,
    }));
    expect(readableOf(await ocrText(await embeddedImage(scanned)), REDACTED).length).toBeGreaterThan(3);
    const file = await exportAnonymised(
      ExportType.AnonymizedPdf,
      { bytes: scanned, kind: 'pdf' },
      inPoints,
      FILL,
      'Scan',
    );
    const image = await embeddedImage(file.bytes);
    const text = await ocrText(image);
    expect(text).toContain('Resultados da consulta');
    expect(readableOf(text, REDACTED)).toEqual([]);
  }, 120_000);

  it('the check after writing refuses a file that still shows a region', async () => {
    await expect(verifyPdf(letter, regions)).rejects.toBeInstanceOf(RedactionCheckError);
    const white = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const square = { left: 10, top: 10, width: 20, height: 20, text: 'x' };
    await expect(verifyImage(new Uint8Array(white), [square], { r: 0, g: 0, b: 0 }, 'png')).rejects.toBeInstanceOf(
      RedactionCheckError,
    );
  });
});
