import { describe, expect, it } from 'vitest';
import { contractErrors } from '../testing/contract-schemas.js';
import { readFixture, readFixtureText } from '../testing/fixtures.js';
import { toOcrPageResult } from '../text/to-ocr-result.js';
import { wordAccuracy } from '../text/word-accuracy.js';
import { extractPdfText } from './extract-pdf-text.js';

const INVOICES = [
  'AmazonWebServices',
  'AzureInterior',
  'FlipkartInvoice',
  'NetpresseInvoice',
  'QualityHosting',
  'SammyMaystoneLinesTest',
  'coolblue1',
  'coolblue2',
  'free_fiber',
  'oyo',
  'saeco',
];

describe('extractPdfText', () => {
  it('reads crazyones.pdf word for word', async () => {
    const [page] = await extractPdfText(readFixture('edge_cases/pdf/crazyones.pdf'));
    expect(wordAccuracy(readFixtureText('edge_cases/pdf/crazyones.txt'), page?.text ?? '')).toBeGreaterThan(0.95);
  });

  it('places words in points from the top-left of the page', async () => {
    const [page] = await extractPdfText(readFixture('edge_cases/pdf/crazyones.pdf'));
    if (!page) throw new Error('no page');
    expect(page.pageSize).toEqual({ width: 612, height: 792, unit: 'point' });
    const title = page.words.slice(0, 3);
    expect(title.map((word) => word.text)).toEqual(['The', 'Crazy', 'Ones']);
    // The title sits 1 inch from the left, in the top tenth of the page, on one baseline.
    expect(title[0]?.edges.left).toBeCloseTo(72, 0);
    expect(title[0]?.edges.top).toBeGreaterThan(60);
    expect(title[0]?.edges.bottom).toBeLessThan(90);
    for (const word of page.words) {
      expect(word.edges.left).toBeGreaterThanOrEqual(0);
      expect(word.edges.right).toBeLessThanOrEqual(612);
      expect(word.edges.top).toBeLessThan(word.edges.bottom);
      expect(word.confidence).toBe(1);
    }
  });

  it('gives every word the span of its text in the page text', async () => {
    const [page] = await extractPdfText(readFixture('invoices/oyo.pdf'));
    for (const word of page?.words ?? []) {
      expect(page?.text.slice(word.span.offset, word.span.offset + word.span.length)).toBe(word.text);
    }
    expect(page?.lines[1]?.words.map((word) => word.text).join(' ')).toBe('Guest Name: Sanjay Date: 31/12/2017');
  });

  it.each(INVOICES)('finds the invoice number of %s in its text', async (name) => {
    const truth = JSON.parse(readFixtureText(`invoices/${name}.json`))[0] as { invoice_number: string };
    const pages = await extractPdfText(readFixture(`invoices/${name}.pdf`));
    const compact = pages
      .map((page) => page.text)
      .join('\n')
      .replace(/\s+/g, '');
    expect(compact).toContain(truth.invoice_number.replace(/^#/, ''));
  });

  it('reads only the pages asked for', async () => {
    const pages = await extractPdfText(readFixture('pdfs/multipage/federal-register-2020-17221.pdf'), {
      pages: [2, 3],
    });
    expect(pages.map((page) => page.pageNumber)).toEqual([2, 3]);
  });

  it('produces an OcrPageResult that conforms to the contract', async () => {
    const [page] = await extractPdfText(readFixture('invoices/coolblue1.pdf'));
    if (!page) throw new Error('no page');
    const result = toOcrPageResult(page);
    expect(contractErrors('OcrPageResult', result)).toBeNull();
    expect(result).toMatchObject({ ocrEngine: 'pdfminer', pageOrientation: 0, pageSize: { unit: 'point' } });
    expect(result.entities[0]?.chars.map((char) => char.char).join('')).toBe(result.entities[0]?.text);
  });
});
