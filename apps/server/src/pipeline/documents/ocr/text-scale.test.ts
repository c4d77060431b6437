import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixture } from '../testing/fixtures.js';
import { parseTesseractTsv, type TsvWord } from './parse-tsv.js';
import { measureTextLines } from './text-lines.js';
import { medianTextHeight, upscaleFactor, upscaleFactorOfLines } from './text-scale.js';

/** Tesseract's words of a real image, as the first pass of ocrImage reads them. */
const firstPass = (relative: string): TsvWord[] =>
  parseTesseractTsv(
    execFileSync('tesseract', [fixturePath(relative), 'stdout', '-l', 'eng', '--psm', '3', 'tsv'], {
      encoding: 'utf8',
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );

describe('the resolution tesseract reads best at', () => {
  it('enlarges a page saved at about 90 dpi, whose date separators are lost at that size', () => {
    // A letter page 750 pixels wide: its words are about 13 pixels high.
    const words = firstPass('invoices-dev/en_east_repair_invoice.png');
    expect(medianTextHeight(words)).toBeLessThan(20);
    expect(upscaleFactor(words)).toBeGreaterThanOrEqual(2);
    expect(upscaleFactor(words)).toBeLessThanOrEqual(4);
  });

  it('leaves text that is large enough as it is', () => {
    // A screenshot of a paragraph whose words are about 30 pixels high.
    const words = firstPass('images/tesseractjs/testocr.png');
    expect(medianTextHeight(words)).toBeGreaterThanOrEqual(20);
    expect(upscaleFactor(words)).toBe(1);
  });

  it('says nothing from too few words', () => {
    expect(medianTextHeight([])).toBeNull();
    expect(upscaleFactor([])).toBe(1);
  });
});

describe('enlarging before the first pass, from the text lines measured in the ink', () => {
  const lineHeightOf = async (relative: string) => (await measureTextLines(readFixture(relative)))?.lineHeight ?? null;

  it('enlarges small text as the first pass would have asked, so it is read once', async () => {
    // Words about 10 pixels high: the first pass would read them poorly and ask for 2.5–3.5 times.
    for (const relative of ['invoices-dev/en_east_repair_invoice.png', 'images/invoice2data/FlipkartInvoice.png']) {
      const early = upscaleFactorOfLines(await lineHeightOf(relative));
      expect(early).toBeGreaterThanOrEqual(2.5);
      expect(early).toBeLessThanOrEqual(3.5);
    }
  });

  it('leaves ordinary and borderline text to the first pass to judge', async () => {
    for (const relative of [
      'images/tesseractjs/testocr.png',
      'images/invoice2data/SammyMaystoneLinesTest.png',
      'invoices-dev/en_mega_bigbox_receipt.jpg',
    ]) {
      expect(upscaleFactorOfLines(await lineHeightOf(relative))).toBe(1);
    }
    // A receipt photo whose words are about 14 pixels high: enlarged it reads no better.
    expect(upscaleFactorOfLines(await lineHeightOf('invoices-dev/fr_maison_jeanne_darc_receipt_photo.jpg'))).toBe(1);
    expect(upscaleFactorOfLines(12)).toBe(1);
    expect(upscaleFactorOfLines(null)).toBe(1);
    expect(upscaleFactorOfLines(0)).toBe(1);
  });

  it('never enlarges more than the first pass may', () => {
    expect(upscaleFactorOfLines(3)).toBe(4);
  });
});
