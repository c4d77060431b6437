import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../../pipeline/documents/pdf/extract-pdf-text.js';
import { readFixture } from '../../pipeline/documents/testing/fixtures.js';
import { toOcrPageResult } from '../../pipeline/documents/text/to-ocr-result.js';
import { fromStoredOcr, toStoredOcr } from './stored-ocr.js';

const box = (left: number, top: number, right: number, bottom: number) => ({
  x: left,
  y: top,
  width: Math.round((right - left) * 100) / 100,
  height: Math.round((bottom - top) * 100) / 100,
  left,
  top,
  right,
  bottom,
});

describe('stored OCR layer', () => {
  it('gives back every word and character box of real pages, in a fraction of the JSON', async () => {
    for (const file of ['invoices/AmazonWebServices.pdf', 'pdfs/multipage/federal-register-2020-17221.pdf']) {
      const pages = await extractPdfText(readFixture(file), { pages: [1] });
      const ocr = toOcrPageResult(pages[0] as (typeof pages)[number]);
      expect(ocr.entities.length).toBeGreaterThan(100);
      const stored = toStoredOcr(ocr);
      // Through JSON, as the database keeps it.
      const read = fromStoredOcr(JSON.parse(JSON.stringify(stored)));
      expect(read).toEqual(ocr);
      expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(ocr).length / 2.5);
    }
  });

  it('keeps a character off the word band with its own top and bottom', () => {
    const ocr = {
      pageSize: { width: 100, height: 100, unit: 'point' },
      entities: [
        {
          text: 'x2',
          boundingBox: box(10, 20, 30, 32),
          confidence: 1,
          lineIndex: 0,
          chars: [
            { char: 'x', boundingBox: box(10, 20, 20, 32) },
            { char: '2', boundingBox: box(20, 18.5, 30, 26.25) },
          ],
        },
      ],
    };
    const stored = toStoredOcr(ocr);
    expect(stored.entities[0]).toMatchObject({
      charBoxes: [
        ['x', 10, 20],
        ['2', 20, 18.5, 30, 26.25],
      ],
    });
    expect(stored.entities[0]).not.toHaveProperty('chars');
    expect(fromStoredOcr(JSON.parse(JSON.stringify(stored)))).toEqual(ocr);
  });

  it('leaves words whose characters say more than a box as they are, and reads pages written before as they are', () => {
    const word = {
      text: 'a',
      boundingBox: box(0, 0, 5, 5),
      chars: [{ char: 'a', boundingBox: box(0, 0, 5, 5), confidence: 0.5 }],
    };
    const uneven = { text: 'b', boundingBox: { ...box(0, 0, 5, 5), width: 7 }, chars: [] };
    const ocr = { pageSize: { width: 5, height: 5 }, entities: [word, uneven] };
    expect(toStoredOcr(ocr)).toEqual(ocr);
    expect(fromStoredOcr(ocr)).toBe(ocr);
    expect(fromStoredOcr(null)).toBeNull();
  });
});
