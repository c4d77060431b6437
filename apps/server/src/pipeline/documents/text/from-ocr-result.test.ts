import { describe, expect, it } from 'vitest';
import { fromStoredOcr, toStoredOcr } from '../../../domain/results/stored-ocr.js';
import type { OcrPageResult } from '../types.js';
import { pageTextFromOcr, pageTextFromStoredOcr } from './from-ocr-result.js';
import { buildPageText } from './page-text.js';
import { toOcrPageResult } from './to-ocr-result.js';

const box = (left: number, top: number, width: number) => ({ left, top, right: left + width, bottom: top + 10 });
const chars = (text: string, left: number, top: number) =>
  [...text].map((char, index) => ({ char, edges: box(left + index * 5, top, 5) }));

describe('pageTextFromStoredOcr', () => {
  it('reads a page in its stored form (boxes as edges, charRights) as the contract form with every character gives it', () => {
    const recognised = buildPageText(
      [
        { text: 'Invoice', edges: box(0, 0, 35), confidence: 0.91, lineKey: '0', chars: chars('Invoice', 0, 0) },
        { text: 'A-17', edges: box(40, 0, 20), confidence: 0.5, lineKey: '0', chars: chars('A-17', 40, 0) },
        { text: 'Total', edges: box(0, 20, 25), confidence: 1, lineKey: '1', chars: chars('Total', 0, 20) },
      ],
      {
        pageNumber: 3,
        pageSize: { width: 100, height: 100, unit: 'point' },
        orientation: 0,
        engine: 'tesseract',
        elapsedMs: 12,
      },
    );
    const stored = toStoredOcr(toOcrPageResult(recognised));
    // The stored form keeps the boxes and characters compact, not as the contract's boundingBox and chars.
    expect(JSON.stringify(stored)).toContain('"box":[0,0,35,10]');
    expect(JSON.stringify(stored)).toContain('"charRights":[5,10,15,20,25,30,35]');
    expect(JSON.stringify(stored)).not.toContain('boundingBox');
    const read = pageTextFromStoredOcr({ pageNumber: 3, storedOcr: JSON.stringify(stored) });
    expect(read).toEqual(pageTextFromOcr(fromStoredOcr<OcrPageResult>(stored) as OcrPageResult, 3));
    expect(read.text).toBe('Invoice A-17\nTotal');
    expect(read.words.map((word) => word.confidence)).toEqual([0.91, 0.5, 1]);
    expect(read.pageNumber).toBe(3);
    expect(read.words.map((word) => word.edges)).toEqual([box(0, 0, 35), box(40, 0, 20), box(0, 20, 25)]);
  });
});
