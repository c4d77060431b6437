import { describe, expect, it } from 'vitest';
import { EngineNotConfiguredError } from '../errors.js';
import { contractErrors } from '../testing/contract-schemas.js';
import { fixturePath, readFixture, readFixtureText } from '../testing/fixtures.js';
import { toOcrPageResult } from '../text/to-ocr-result.js';
import { wordAccuracy } from '../text/word-accuracy.js';
import { toTesseractLanguages } from './languages.js';
import { ocrPdf } from './ocr-pdf.js';
import { parseOsd, parseTesseractTsv } from './parse-tsv.js';
import { enlargementWithin, isConfigured, ocrImage, tesseractStatus } from './tesseract.js';

const truth = (name: string) => readFixtureText(`images/tesseractjs/${name}.expected.txt`);
const doclingSentence = readFixtureText('pdfs/scanned/docling_ocr_test.expected.md');

describe('tesseract availability', () => {
  it('is configured for English and Portuguese with orientation detection', async () => {
    const status = await tesseractStatus(['en', 'pt']);
    expect(status).toMatchObject({ isConfigured: true, reason: null, canDetectOrientation: true });
    expect(status.version).toMatch(/^\d+\./);
  });

  it('says which language package is missing instead of pretending', async () => {
    const status = await tesseractStatus(['eng', 'xyz']);
    expect(status.isConfigured).toBe(false);
    expect(status.reason).toBe('Tesseract has no data for xyz (install tesseract-ocr-xyz).');
    expect(await isConfigured(['xyz'])).toBe(false);
    await expect(ocrImage(readFixture('images/tesseractjs/simple.png'), { languages: ['xyz'] })).rejects.toBeInstanceOf(
      EngineNotConfiguredError,
    );
  });

  it('maps workspace language codes to tesseract ones', () => {
    expect(toTesseractLanguages(['en', 'pt-PT', 'por', 'de'])).toEqual(['eng', 'por', 'deu']);
    expect(toTesseractLanguages([])).toEqual(['eng']);
  });
});

describe('enlargementWithin', () => {
  it('keeps the factor within the pixel budget, by half steps, and gives up below 1.5', () => {
    const a4At300 = 2480 * 3508;
    expect(enlargementWithin(2, a4At300)).toBe(2);
    expect(enlargementWithin(4, a4At300)).toBe(2);
    expect(enlargementWithin(4, 320 * 180)).toBe(4);
    expect(enlargementWithin(3, 30_000_000)).toBe(1);
    expect(enlargementWithin(1, a4At300)).toBe(1);
  });
});

describe('ocrImage', () => {
  it('reads simple.png from a path', async () => {
    const page = await ocrImage(fixturePath('images/tesseractjs/simple.png'));
    expect(wordAccuracy(truth('simple'), page.text)).toBe(1);
    expect(page).toMatchObject({
      engine: 'tesseract',
      orientation: 0,
      pageSize: { width: 320, height: 180, unit: 'pixel' },
    });
  });

  it('applies EXIF orientation (simple-90.jpg)', async () => {
    const page = await ocrImage(readFixture('images/tesseractjs/simple-90.jpg'));
    expect(wordAccuracy(truth('simple-90'), page.text)).toBe(1);
  });

  it('reads a paragraph with word boxes and confidences (testocr.png)', async () => {
    const page = await ocrImage(readFixture('images/tesseractjs/testocr.png'), { languages: ['en'] });
    expect(wordAccuracy(truth('testocr'), page.text)).toBeGreaterThan(0.95);
    for (const word of page.words) {
      expect(word.confidence).toBeGreaterThan(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
      expect(word.edges.right).toBeLessThanOrEqual(640);
      expect(word.edges.bottom).toBeLessThanOrEqual(480);
    }
    expect(contractErrors('OcrPageResult', toOcrPageResult(page))).toBeNull();
  });

  it('flattens transparency onto white (cosmic.png is black text on transparent)', async () => {
    const page = await ocrImage(readFixture('images/tesseractjs/cosmic.png'));
    expect(wordAccuracy(truth('cosmic'), page.text)).toBeGreaterThan(0.8);
  });

  it('finds no words on a photo without text', async () => {
    const page = await ocrImage(readFixture('edge_cases/images/flower_no_text.jpg'));
    expect(page.words.length).toBeLessThanOrEqual(2);
  });
});

describe('ocrPdf', () => {
  it('reads a scanned page, with boxes in PDF points', async () => {
    const [page] = await ocrPdf(readFixture('pdfs/scanned/docling_ocr_test.pdf'));
    expect(wordAccuracy(doclingSentence, page?.text ?? '')).toBeGreaterThan(0.9);
    expect(page?.pageSize.unit).toBe('point');
    expect(page?.pageSize.width).toBeCloseTo(595.2, 0);
  });

  it.each([
    ['ocr_test_rotated_180.pdf', 180],
    ['ocr_test_rotated_90.pdf', 90],
  ])('turns %s upright before reading it', async (name, orientation) => {
    const [page] = await ocrPdf(readFixture(`pdfs/scanned/${name}`));
    expect(page?.orientation).toBe(orientation);
    expect(wordAccuracy(doclingSentence, page?.text ?? '')).toBeGreaterThan(0.9);
  });
});

describe('tesseract output parsing', () => {
  it('keeps word rows with their line ids', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t100\t50\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t12\t30\t9\t96.5\tHello',
      '5\t1\t1\t1\t1\t2\t45\t12\t30\t9\t-1\t ',
    ].join('\n');
    expect(parseTesseractTsv(tsv)).toEqual([
      { text: 'Hello', left: 10, top: 12, width: 30, height: 9, confidence: 0.965, lineKey: '1.1.1' },
    ]);
  });

  it('reads the rotation from OSD output', () => {
    expect(parseOsd('Page number: 0\nOrientation in degrees: 270\nRotate: 90\nOrientation confidence: 2.40\n')).toEqual(
      { rotate: 90, confidence: 2.4 },
    );
    expect(parseOsd('Too few characters. Skipping this page')).toBeNull();
  });
});

describe('ocrImage: the passes a first reading asks for', () => {
  it("reads a French receipt photo in French when told English only, from the first pass's words", async () => {
    const page = await ocrImage(readFixture('invoices-dev/fr_maison_jeanne_darc_receipt_photo.jpg'), {
      languages: ['en'],
    });
    expect(page.text).toContain('Payé');
    expect(page.text).toContain('Description Total');
    // The page says which languages its words were read in, for the next pages of its document:
    // the one found on the page first, then the requested one.
    expect(page.languages).toHaveLength(2);
    expect(page.languages?.[1]).toBe('eng');
  });

  it('says a page in the requested language was read in it', async () => {
    const page = await ocrImage(readFixture('images/tesseractjs/testocr.png'), { languages: ['en', 'pt'] });
    expect(page.languages).toEqual(['eng', 'por']);
  });

  it('reads a page saved at about 90 dpi from an enlarged image, with boxes in its own pixels', async () => {
    const page = await ocrImage(readFixture('invoices-dev/en_east_repair_invoice.png'), { languages: ['en'] });
    expect(page.text).toContain('11/02/2019');
    expect(page.pageSize).toMatchObject({ width: 750, height: 1061, unit: 'pixel' });
    const date = page.words.find((word) => word.text === '11/02/2019');
    expect(date?.edges.right).toBeLessThanOrEqual(750);
    expect(date?.edges.left).toBeGreaterThan(600);
    for (const word of page.words) expect(word.edges.bottom).toBeLessThanOrEqual(1061);
  });
});
