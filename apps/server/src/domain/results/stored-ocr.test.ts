import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../../pipeline/documents/pdf/extract-pdf-text.js';
import { readFixture } from '../../pipeline/documents/testing/fixtures.js';
import { toOcrPageResult } from '../../pipeline/documents/text/to-ocr-result.js';
import { fromStoredOcr, storedWordEdges, toStoredOcr } from './stored-ocr.js';

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
      // Key for key in the same order: what the API answers from it is the same text.
      expect(JSON.stringify(read)).toBe(JSON.stringify(ocr));
      expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(ocr).length / 5);
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
      box: [10, 20, 30, 32],
      charBoxes: [
        ['x', 10, 20],
        ['2', 20, 18.5, 30, 26.25],
      ],
    });
    expect(stored.entities[0]).not.toHaveProperty('chars');
    expect(stored.entities[0]).not.toHaveProperty('charRights');
    expect(fromStoredOcr(JSON.parse(JSON.stringify(stored)))).toEqual(ocr);
  });

  it("keeps a word's characters as their right edges only when they are its text side by side from its left edge", () => {
    const word = (text: string, chars: Array<[string, number, number]>) => ({
      text,
      boundingBox: box(10, 0, 40, 12),
      confidence: 1,
      lineIndex: 0,
      chars: chars.map(([char, left, right]) => ({ char, boundingBox: box(left, 0, right, 12) })),
    });
    const ocr = {
      entities: [
        word('ab𝔘', [
          ['a', 10, 20.5],
          ['b', 20.5, 30],
          ['𝔘', 30, 40],
        ]),
        // A gap between characters, a first character right of the word's edge, characters that are
        // not the word's text, a ligature of two letters in one character: each keeps its charBoxes.
        word('ab', [
          ['a', 10, 20],
          ['b', 21, 40],
        ]),
        word('ab', [
          ['a', 11, 20],
          ['b', 20, 40],
        ]),
        word('ab', [
          ['a', 10, 20],
          ['c', 20, 40],
        ]),
        word('ffi', [
          ['ff', 10, 30],
          ['i', 30, 40],
        ]),
        word('abc', [
          ['a', 10, 20],
          ['b', 20, 40],
        ]),
      ],
    };
    const stored = JSON.parse(JSON.stringify(toStoredOcr(ocr))) as { entities: Array<Record<string, unknown>> };
    expect(stored.entities[0]).toEqual({
      text: 'ab𝔘',
      box: [10, 0, 40, 12],
      confidence: 1,
      lineIndex: 0,
      charRights: [20.5, 30, 40],
    });
    expect(stored.entities.slice(1).map((entry) => Object.keys(entry))).toEqual(
      Array(5).fill(['text', 'box', 'confidence', 'lineIndex', 'charBoxes']),
    );
    expect(JSON.stringify(fromStoredOcr(stored))).toBe(JSON.stringify(ocr));
  });

  it('reads a page written in the earlier stored form (contract boxes, charBoxes) as before', () => {
    const ocr = {
      entities: [
        {
          text: 'ab',
          boundingBox: box(10, 0, 30, 12),
          confidence: 1,
          lineIndex: 0,
          chars: [
            { char: 'a', boundingBox: box(10, 0, 20, 12) },
            { char: 'b', boundingBox: box(20, 2, 30, 10) },
          ],
        },
      ],
    };
    const earlier = {
      entities: [
        {
          text: 'ab',
          boundingBox: box(10, 0, 30, 12),
          confidence: 1,
          lineIndex: 0,
          charBoxes: [
            ['a', 10, 20],
            ['b', 20, 2, 30, 10],
          ],
        },
      ],
    };
    expect(JSON.stringify(fromStoredOcr(earlier))).toBe(JSON.stringify(ocr));
    expect(storedWordEdges(earlier.entities[0])).toEqual({ left: 10, top: 0, right: 30, bottom: 12 });
  });

  it("reads a word's edges from either form", () => {
    const [stored] = toStoredOcr({ entities: [{ text: 'a', boundingBox: box(1, 2, 3, 4.5) }] }).entities;
    expect(stored).toEqual({ text: 'a', box: [1, 2, 3, 4.5] });
    expect(storedWordEdges(stored)).toEqual({ left: 1, top: 2, right: 3, bottom: 4.5 });
    expect(storedWordEdges({ boundingBox: box(1, 2, 3, 4.5) })).toEqual({ left: 1, top: 2, right: 3, bottom: 4.5 });
    expect(storedWordEdges({ boundingBox: { x: 1, y: 2 } })).toBeNull();
    expect(storedWordEdges({ box: [1, 2, 3] })).toBeNull();
    expect(storedWordEdges(null)).toBeNull();
  });

  it('leaves words whose characters say more than a box as they are, and reads pages written before as they are', () => {
    const word = {
      text: 'a',
      boundingBox: box(0, 0, 5, 5),
      chars: [{ char: 'a', boundingBox: box(0, 0, 5, 5), confidence: 0.5 }],
    };
    const uneven = { text: 'b', boundingBox: { ...box(0, 0, 5, 5), width: 7 }, chars: [] };
    const ocr = { pageSize: { width: 5, height: 5 }, entities: [word, uneven] };
    const stored = toStoredOcr(ocr);
    // The first word's box says no more than its edges; its characters and the uneven word stay as they are.
    expect(stored.entities).toEqual([{ text: 'a', box: [0, 0, 5, 5], chars: word.chars }, uneven]);
    expect(JSON.stringify(fromStoredOcr(JSON.parse(JSON.stringify(stored))))).toBe(JSON.stringify(ocr));
    expect(fromStoredOcr(ocr)).toBe(ocr);
    expect(fromStoredOcr(null)).toBeNull();
  });
});
