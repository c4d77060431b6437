import { describe, expect, it } from 'vitest';
import { toStoredOcr } from '../../../domain/results/stored-ocr.js';
import { buildPageText, type PageText } from './page-text.js';
import { toOcrPageResult, toStoredOcrPage } from './to-ocr-result.js';

const box = (left: number, top: number, width: number, height = 10) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

function page(): PageText {
  return buildPageText(
    [
      // Characters sharing the word's top and bottom, and one set higher (a superscript).
      {
        text: 'Total²',
        edges: box(10.004, 20.126, 30.333),
        confidence: 0.98765,
        lineKey: '0',
        chars: [...'Total'].map((char, index) => ({ char, edges: box(10.004 + index * 5.001, 20.126, 5.001) })),
      },
      { text: 'A-17', edges: box(45, 20.126, 20), confidence: 1, lineKey: '0' },
      { text: 'down', edges: box(0, 40, 6, 24), confidence: 0.5, lineKey: '1' },
    ],
    {
      pageNumber: 2,
      pageSize: { width: 595.28, height: 841.89, unit: 'point' },
      orientation: 0,
      engine: 'pdfminer',
      elapsedMs: 12.6,
    },
  );
}

describe('toStoredOcrPage', () => {
  it('writes what toStoredOcr makes of the contract form, to the character', () => {
    const text = page();
    text.words[0]?.chars.push({ char: '²', edges: box(35.01, 18.5, 5.3, 6) });
    expect(JSON.stringify(toStoredOcrPage(text))).toBe(JSON.stringify(toStoredOcr(toOcrPageResult(text))));
    const stored = JSON.stringify(toStoredOcrPage(text));
    expect(stored).toContain('"charBoxes":[["T",10,15.01],');
    expect(stored).toContain('["²",35.01,18.5,40.31,24.5]]');
  });

  it('makes a page with an edge that is not a number the long way, as toStoredOcr keeps it', () => {
    const text = page();
    const char = text.words[0]?.chars[1];
    if (char) char.edges = { ...char.edges, right: Number.NaN };
    const stored = JSON.stringify(toStoredOcrPage(text));
    expect(stored).toBe(JSON.stringify(toStoredOcr(toOcrPageResult(text))));
    // That word keeps its contract chars.
    expect(stored).toContain('"chars":[');
  });
});
