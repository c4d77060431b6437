import { describe, expect, it } from 'vitest';
import type { OcrPageResult } from '../session/types.js';
import { passageLine } from './passage-line.js';

const word = (text: string, lineIndex: number, x: number, y: number, width = 40) => ({
  text,
  lineIndex,
  boundingBox: { x, y, width, height: 10 },
  chars: [],
});

const page = {
  entities: [
    word('Invoice', 0, 10, 10),
    word('INV/2023/03/0008', 0, 60, 10, 90),
    word('[17589684]', 1, 10, 40),
    word('Beeswax', 1, 60, 42),
    word('XL', 1, 110, 40, 15),
    word('$', 2, 300, 80, 8),
    word('42.00', 2, 310, 80),
  ],
  pageSize: { width: 595, height: 842, unit: 'point' },
} as unknown as OcrPageResult;

describe('passageLine', () => {
  it('boxes the whole line of the first word equal to the matched one, whatever its case', () => {
    expect(passageLine(page, 'beeswax')).toEqual({
      box: { left: 10, top: 40, width: 115, height: 12 },
      text: '[17589684] Beeswax XL',
    });
  });

  it('ignores the punctuation around a word and falls back to a word holding it', () => {
    expect(passageLine(page, '17589684')?.text).toBe('[17589684] Beeswax XL');
    expect(passageLine(page, '2023')?.text).toBe('Invoice INV/2023/03/0008');
  });

  it('finds nothing on a page without the words or without recognised text', () => {
    expect(passageLine(page, 'truffles')).toBeNull();
    expect(passageLine(null, 'beeswax')).toBeNull();
    expect(passageLine(page, '  ')).toBeNull();
  });
});
