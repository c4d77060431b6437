import { describe, expect, it } from 'vitest';
import type { PassageRow } from '../../db/repositories/chat.js';
import { citationsOf, lineBox, overlap } from './citations.js';

const page = (body: string, pageNumber = 1): PassageRow => ({
  task_id: 't1',
  source: 'page',
  page_number: pageNumber,
  start_time_seconds: null,
  speaker_name: null,
  config: 'portuguese',
  body,
  rank: 0.5,
});

describe('DocAI citations', () => {
  it("prefers the line with the question's word over lines that only hold its stem, in any language", () => {
    const body = [
      'Description Quantity Unit Price Disc.% Taxes Amount',
      'Subtotal $ 112.90',
      'Total $ 279.84',
      'Please use the following communication for your payment',
    ].join('\n');
    // The workspace is Portuguese; the question is English: no English stop word ("is") is a term.
    const [best] = citationsOf([page(body)], 'What is the total?', 'pt', 3);
    expect(best).toMatchObject({ text: 'Total $ 279.84', pageNumber: 1, lineIndex: 2 });
    expect(citationsOf([page(body)], 'Qual é o total da fatura?', 'pt', 1)[0]?.text).toBe('Total $ 279.84');
    expect(overlap('Description Quantity Unit Price Disc.% Taxes Amount', ['is'], 'en')).toBe(0);
    expect(overlap('InvoiceTotal: 279.84', ['total'], 'en')).toBe(1);
  });

  it('cites nothing when no line holds a word of the question', () => {
    expect(citationsOf([page('Total $ 279.84')], 'What colour is the sky?', 'en', 3)).toEqual([]);
    expect(citationsOf([page('Total $ 279.84')], 'what is the', 'en', 3)).toEqual([]);
  });

  it('finds the box of a line from its OCR words', () => {
    const ocr = {
      entities: [
        // A word as task_pages.ocr keeps it: its box as its edges (stored-ocr.ts).
        { text: 'Total', lineIndex: 4, box: [310, 580, 334, 592] },
        { text: '279.84', lineIndex: 4, boundingBox: { x: 531, y: 580.5, width: 32, height: 11.5 } },
        { text: 'Invoice', lineIndex: 1, boundingBox: { left: 10, top: 10, right: 50, bottom: 20 } },
        { text: ' ', lineIndex: 2, boundingBox: { left: 0, top: 0, right: 1, bottom: 1 } },
      ],
    };
    expect(lineBox(ocr, 1)).toEqual({
      x: 310,
      y: 580,
      width: 253,
      height: 12,
      left: 310,
      top: 580,
      right: 563,
      bottom: 592,
    });
    expect(lineBox(ocr, 2)).toBeNull();
  });
});
