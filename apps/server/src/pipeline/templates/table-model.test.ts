// DynamicTable fields of the template model on delivery notes with 1 to 6 article rows, each page
// moved, scaled and slightly rotated: learned from 5 labelled notes (cells labelled by their text
// only), it must read every row and cell of notes it has not seen, and stop where the table ends.
import { describe, expect, it } from 'vitest';
import { deliveryNotesWithItems } from '../../testing/delivery-notes.js';
import { learnTables, linesOf, readTables } from './table-model.js';
import { sameText } from './template-model.js';

describe('table model', () => {
  it('groups words into lines, top to bottom, left to right', () => {
    const [doc] = deliveryNotesWithItems(1, 3);
    const lines = linesOf(doc?.pages[0] ?? []);
    expect(lines[0]?.words.map((w) => w.text).join(' ')).toBe('Northwind Logistics Delivery Note');
    const header = lines.find((l) => l.words[0]?.text === 'Article');
    expect(header?.words.map((w) => w.text)).toEqual(['Article', 'Qty', 'Unit', 'price']);
  });

  it('reads the rows and cells of tables it has not seen, however many rows they have', () => {
    const [model] = learnTables(deliveryNotesWithItems(5, 11), { items: 'article' });
    expect(model?.columns.map((c) => c.key)).toEqual(['article', 'qty', 'price']);
    // The printed words below the table end it.
    expect(model?.stopTokens).toEqual(expect.arrayContaining(['goods', 'received']));
    let cells = 0;
    let right = 0;
    let tables = 0;
    let rowCountsRight = 0;
    for (const doc of deliveryNotesWithItems(40, 97)) {
      const labelled = doc.tables?.[0];
      const [read] = readTables(model ? [model] : [], doc.pages);
      tables += 1;
      if (read?.rows.length === labelled?.rows.length) rowCountsRight += 1;
      labelled?.rows.forEach((row, r) => {
        row.forEach((text, c) => {
          cells += 1;
          if (sameText(read?.rows[r]?.[c]?.text ?? '', text)) right += 1;
        });
      });
    }
    expect(rowCountsRight / tables).toBeGreaterThanOrEqual(0.95);
    expect(right / cells).toBeGreaterThanOrEqual(0.95);
  });

  it('learns nothing of a table whose cells are not on the page', () => {
    const docs = deliveryNotesWithItems(3, 5).map((d) => ({
      ...d,
      tables: d.tables?.map((t) => ({ ...t, rows: [['Nothing like this', '0', '0.00']] })),
    }));
    expect(learnTables(docs)).toEqual([]);
  });
});
