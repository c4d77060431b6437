import { describe, expect, it } from 'vitest';
import { buildPageText } from './page-text.js';
import { normaliseWords, wordAccuracy } from './word-accuracy.js';

const page = {
  pageNumber: 1,
  pageSize: { width: 100, height: 100, unit: 'point' as const },
  orientation: 0 as const,
  engine: 'pdfminer' as const,
  elapsedMs: 0,
};
const box = (left: number, top: number, width: number) => ({ left, top, right: left + width, bottom: top + 10 });

describe('buildPageText', () => {
  it('orders words into lines by position and glues split runs', () => {
    const text = buildPageText(
      [
        { text: 'world', edges: box(40, 0, 25), confidence: 1 },
        { text: 'second', edges: box(0, 20, 30), confidence: 1 },
        { text: 'Hel', edges: box(0, 1, 15), confidence: 1 },
        { text: 'lo', edges: box(15.5, 1, 10), confidence: 1, mayJoinPrevious: true },
      ],
      page,
    );
    expect(text.text).toBe('Hello world\nsecond');
    expect(text.lines.map((line) => line.words.map((word) => word.lineIndex))).toEqual([[0, 0], [1]]);
    expect(text.words[0]?.edges).toEqual({ left: 0, top: 1, right: 25.5, bottom: 11 });
  });

  it("keeps the engine's own line order when it gives one", () => {
    const text = buildPageText(
      [
        { text: 'right', edges: box(60, 0, 20), confidence: 0.9, lineKey: '2.1.1' },
        { text: 'left', edges: box(0, 0, 20), confidence: 0.9, lineKey: '1.1.1' },
      ],
      page,
    );
    expect(text.text).toBe('right\nleft');
  });
});

describe('wordAccuracy', () => {
  it('is 1 − WER on normalised words', () => {
    expect(normaliseWords('“Hello,” World!')).toEqual(['hello', 'world']);
    expect(wordAccuracy('a b c d', 'a b x d')).toBe(0.75);
    expect(wordAccuracy('a b', '')).toBe(0);
  });

  it('cleans NUL, unpaired surrogates and control characters out of the words before spans are measured', () => {
    const char = (c: string, left: number) => ({ char: c, edges: box(left, 0, 5) });
    const text = buildPageText(
      [
        {
          text: 'To\u0000tal',
          edges: box(0, 0, 30),
          confidence: 1,
          chars: [char('T', 0), char('o', 5), char('\u0000', 10), char('t', 15), char('a', 20), char('l', 25)],
        },
        { text: '\u0000\u0001', edges: box(32, 0, 5), confidence: 1 },
        { text: '42\ud800\u001f', edges: box(40, 0, 10), confidence: 1 },
        { text: 'ok😀', edges: box(60, 0, 10), confidence: 1 },
      ],
      page,
    );
    expect(text.text).toBe('Total 42 ok😀');
    expect(text.words.map((w) => w.text)).toEqual(['Total', '42', 'ok😀']);
    expect(text.words.map((w) => text.text.slice(w.span.offset, w.span.offset + w.span.length))).toEqual([
      'Total',
      '42',
      'ok😀',
    ]);
    expect(text.words[0]?.chars.map((c) => c.char).join('')).toBe('Total');
  });
});
