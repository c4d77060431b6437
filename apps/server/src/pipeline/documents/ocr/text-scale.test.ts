import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../testing/fixtures.js';
import { parseTesseractTsv, type TsvWord } from './parse-tsv.js';
import { medianTextHeight, upscaleFactor } from './text-scale.js';

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
