import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../pdf/extract-pdf-text.js';
import { contractErrors } from '../testing/contract-schemas.js';
import { readFixture } from '../testing/fixtures.js';
import { syntheticPage } from '../testing/synthetic-page.js';
import { FieldType } from '../types.js';
import { detectTables } from './detect-tables.js';

describe('detectTables', () => {
  it('finds aligned columns with a header row', () => {
    const page = syntheticPage(
      [
        'Description        Qty     Unit Price     Amount',
        'Widget             2       10,00 €        20,00 €',
        'Gadget             1       5,50 €         5,50 €',
        'Gizmo              3       1,00 €         3,00 €',
      ].join('\n'),
    );
    const [table] = detectTables([page]);
    expect(table).toMatchObject({ rowCount: 3, columnCount: 4 });
    expect(table?.tableHeaders.map((header) => header.uniqueId)).toEqual(['Description', 'Qty', 'UnitPrice', 'Amount']);
    expect(table?.tableHeaders[3]?.fieldType).toBe(FieldType.NumberCurrency);
    expect(table?.tableRows['1']?.map((cell) => cell.content)).toEqual(['Gadget', '1', '5,50 €', '5,50 €']);
    expect(table?.tableRows['1']?.[3]).toMatchObject({ contentNormalized: '5.50', headerId: 'Amount', pageNumber: 1 });
    expect(contractErrors('Table', table)).toBeNull();
  });

  it('leaves prose alone', () => {
    const page = syntheticPage(
      [
        'This is a paragraph of ordinary text that',
        'runs over several lines without any columns',
        'at all, as prose does.',
      ].join('\n'),
    );
    expect(detectTables([page])).toEqual([]);
  });

  it('finds the multi-page table of the WARN report, dates typed as dates', async () => {
    const pages = await extractPdfText(readFixture('pdfs/multipage/WARN-Report-2015-2016.pdf'), { pages: [1] });
    const [table] = detectTables(pages);
    expect(table?.rowCount).toBeGreaterThan(20);
    expect(table?.tableHeaders[0]?.fieldType).toBe(FieldType.DateNotSpecified);
    expect(contractErrors('Table', table)).toBeNull();
  });

  it('finds the line items of an invoice', async () => {
    const tables = detectTables(await extractPdfText(readFixture('invoices/oyo.pdf')));
    expect(tables[0]?.tableHeaders.map((header) => header.uniqueId)).toEqual([
      'HotelDetails',
      'CheckIn',
      'CheckOut',
      'Rooms',
    ]);
  });
});
