import ExcelJS from 'exceljs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { contractErrors } from '../../testing/contract-errors.js';
import { CSV_COLUMNS, defuseFormula, toCsv } from './csv.js';
import { exportDocument, UnsupportedExportError } from './index.js';
import { toJson } from './json.js';
import { INVOICE_FIELDS, INVOICE_LINES, INVOICE_RESULT, TRICKY } from './test-documents.js';
import { ExportType, toExportFileResult } from './types.js';
import { sheetName, toXlsx, XLSX_CONTENT_TYPE } from './xlsx.js';
import { toXml } from './xml.js';

const NAME = 'Azure Interior / INV 2023.pdf';
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

/** A strict RFC 4180 reader (quoted fields, doubled quotes, CRLF records), to read our CSV back. */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (c === '"' || c === '\n' || c === '\r') {
      throw new Error(`bare ${JSON.stringify(c)} at ${i}`);
    } else {
      field += c;
    }
  }
  if (field !== '' || record.length > 0) throw new Error('last record not terminated by CRLF');
  return records;
}

describe('toJson', () => {
  it('writes the result as readable UTF-8 JSON', () => {
    const file = toJson(INVOICE_RESULT, NAME);
    expect(file).toMatchObject({
      fileName: 'Azure Interior _ INV 2023.json',
      contentType: 'application/json; charset=utf-8',
    });
    expect(JSON.parse(decode(file.bytes))).toEqual(INVOICE_RESULT);
  });
});

describe('toCsv', () => {
  const file = toCsv(INVOICE_RESULT, NAME);
  const text = decode(file.bytes);
  const [header, ...rows] = readCsv(text.slice(1));

  it('starts with a UTF-8 BOM and a header, with CRLF records', () => {
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.fileName).toBe('Azure Interior _ INV 2023.csv');
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(header).toEqual(CSV_COLUMNS);
    for (const row of rows) expect(row).toHaveLength(CSV_COLUMNS.length);
  });

  it('round-trips every field value, including quotes, commas, line breaks and non-Latin text', () => {
    const values = new Map(rows.filter((r) => r[0] === 'Field').map((r) => [r[1], r[7]]));
    for (const [category, value] of Object.entries(INVOICE_FIELDS)) expect(values.get(category)).toBe(value);
    expect(values.get('Notes')).toBe(TRICKY.markup);
    expect(values.get('City')).toBe(TRICKY.unicode);
    expect(values.get('Address')).toBe(TRICKY.multiline);
    expect(values.get('Missing')).toBe('');
  });

  it('defuses formulas but leaves negative numbers alone', () => {
    const values = new Map(rows.filter((r) => r[0] === 'Field').map((r) => [r[1], r[7]]));
    expect(values.get('Formula')).toBe(`'${TRICKY.formula}`);
    expect(defuseFormula('-12.50')).toBe('-12.50');
    expect(defuseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(defuseFormula('--- Non Food ---')).toBe("'--- Non Food ---");
  });

  it('writes the line-item table cell by cell', () => {
    const cells = rows.filter((r) => r[0] === 'TableCell');
    const chair = cells.filter((r) => r[5] === '2');
    expect(chair.find((r) => r[6] === 'name')?.[7]).toBe('Office Chair');
    expect(chair.find((r) => r[6] === 'priceUnit')?.[7]).toBe('70');
    expect(cells.find((r) => r[5] === '1' && r[6] === 'name')?.[7]).toBe('Beeswax XL\nAcme beeswax');
    expect(new Set(cells.map((r) => r[4]))).toEqual(new Set(['Table 1']));
  });

  it("writes a Translation task's text page by page after its fields", () => {
    const translated = toCsv(
      {
        ...INVOICE_RESULT,
        translation: {
          from: 'en',
          to: 'es',
          engine: 'apertium',
          pages: [
            { pageNumber: 1, text: 'Aquí está a los locos.\n\nLos inadaptados, "rebeldes"' },
            { pageNumber: 2, text: '=1+2' },
          ],
        },
      },
      NAME,
    );
    const [, ...all] = readCsv(decode(translated.bytes).slice(1));
    const pages = all.filter((r) => r[0] === 'Translation');
    expect(pages.map((r) => [r[1], r[3], r[7]])).toEqual([
      ['en-es', '1', 'Aquí está a los locos.\n\nLos inadaptados, "rebeldes"'],
      ['en-es', '2', "'=1+2"],
    ]);
    expect(all.at(-1)?.[0]).toBe('Translation');
  });
});

describe('toXml', () => {
  const file = toXml(INVOICE_RESULT, NAME);
  const text = decode(file.bytes);

  it('is well-formed', () => {
    expect(file).toMatchObject({ fileName: 'Azure Interior _ INV 2023.xml', contentType: 'application/xml' });
    expect(XMLValidator.validate(text)).toBe(true);
    expect(text).not.toContain('\u0007');
  });

  it('reads back to the same values', () => {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseAttributeValue: false,
      parseTagValue: false,
      trimValues: false,
      isArray: (name, _path, _leaf, isAttribute) =>
        !isAttribute && ['field', 'table', 'row', 'cell', 'column'].includes(name),
      processEntities: true,
      htmlEntities: false,
    });
    const parsed = parser.parse(text) as {
      document: {
        name: string;
        fields: {
          field: { category: string; page: string; confidence?: string; value: string | { '#text'?: string } }[];
        };
        tables: {
          table: { name: string; row: { index: string; cell: ({ column: string; '#text'?: string } | string)[] }[] }[];
        };
      };
    };
    expect(parsed.document.name).toBe(NAME);
    const fieldValue = (category: string) => {
      const value = parsed.document.fields.field.find((f) => f.category === category)?.value;
      return typeof value === 'string' ? value : (value?.['#text'] ?? '');
    };
    for (const [category, value] of Object.entries(INVOICE_FIELDS)) expect(fieldValue(category)).toBe(value);
    expect(fieldValue('Notes')).toBe(TRICKY.markup);
    expect(fieldValue('Formula')).toBe(TRICKY.formula); // XML is not a spreadsheet: kept verbatim
    expect(fieldValue('City')).toBe(TRICKY.unicode);
    expect(fieldValue('Address')).toBe(TRICKY.multiline);
    expect(fieldValue('Bell')).toBe('bellhere');
    const [table] = parsed.document.tables.table;
    expect(table?.row).toHaveLength(INVOICE_LINES.length);
    const chairName = table?.row[2]?.cell.find((c) => typeof c === 'object' && c.column === 'name');
    expect(typeof chairName === 'object' ? chairName['#text'] : chairName).toBe('Office Chair');
  });

  it('drops lone surrogates and keeps attribute whitespace', () => {
    const xml = decode(
      toXml(
        {
          entities: [
            {
              temporaryId: 'a',
              category: 'tab\there\nnew',
              pageNumber: 1,
              keyValues: [{ pageNumber: 1, content: 'x\uD800y' }],
            },
          ],
          tables: [],
        },
        'n',
      ).bytes,
    );
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('category="tab&#9;here&#10;new"');
    expect(xml).toContain('>xy</value>');
  });
});

describe('toXlsx', () => {
  it('writes a workbook that reads back with fields and the table', async () => {
    const file = await toXlsx(INVOICE_RESULT, NAME);
    expect(file).toMatchObject({ fileName: 'Azure Interior _ INV 2023.xlsx', contentType: XLSX_CONTENT_TYPE });
    expect([...file.bytes.slice(0, 2)]).toEqual([0x50, 0x4b]); // a zip container

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes.buffer as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Fields', 'Table 1']);

    const fields = workbook.getWorksheet('Fields') as ExcelJS.Worksheet;
    expect(fields.getRow(1).values).toEqual([
      undefined,
      'Category',
      'Group',
      'Page',
      'Value',
      'Normalized value',
      'Confidence',
    ]);
    const byCategory = new Map<string, ExcelJS.Row>();
    fields.eachRow((row, n) => n > 1 && byCategory.set(String(row.getCell(1).value), row));
    expect(byCategory.get('invoiceNumber')?.getCell(4).value).toBe('INV/2023/03/0008');
    expect(byCategory.get('amount')?.getCell(4).value).toBe('279.84'); // text, as reviewed
    expect(byCategory.get('Notes')?.getCell(6).value).toBe(0.5);
    expect(byCategory.get('City')?.getCell(4).value).toBe(TRICKY.unicode);
    expect(byCategory.get('Formula')?.getCell(4).value).toBe(TRICKY.formula); // a string cell, never a formula
    expect(byCategory.get('Formula')?.getCell(4).type).toBe(ExcelJS.ValueType.String);

    const table = workbook.getWorksheet('Table 1') as ExcelJS.Worksheet;
    expect(table.rowCount).toBe(INVOICE_LINES.length + 1);
    const header = (table.getRow(1).values as unknown[]).slice(1);
    expect(table.getRow(4).getCell(header.indexOf('name') + 1).value).toBe('Office Chair');
    expect(table.getRow(2).getCell(header.indexOf('sectionheader') + 1).value).toBe('--- Non Food ---');
  });

  it('makes valid, unique sheet names', () => {
    const taken = new Set(['fields']);
    expect(sheetName('Fields', taken)).toBe('Fields 2');
    expect(sheetName('a/b:c*d?[e]', taken)).toBe('a_b_c_d__e_');
    expect(sheetName('x'.repeat(40), taken)).toHaveLength(31);
    expect(sheetName('x'.repeat(40), taken)).toBe(`${'x'.repeat(29)} 2`);
    expect(sheetName('   ', taken)).toBe('Sheet');
  });
});

describe('exportDocument', () => {
  it('dispatches on the contract ExportType and wraps as ExportFileResult', async () => {
    for (const [type, extension] of [
      [ExportType.Excel, 'xlsx'],
      [ExportType.Csv, 'csv'],
      [ExportType.Json, 'json'],
      [ExportType.Xml, 'xml'],
      [ExportType.Word, 'docx'],
    ] as const) {
      const file = await exportDocument(type, INVOICE_RESULT, 'task');
      expect(file.fileName).toBe(`task.${extension}`);
      const result = toExportFileResult(file);
      expect(contractErrors('ExportFileResult', result)).toBeNull();
      expect(Buffer.from(result.content, 'base64').equals(Buffer.from(file.bytes))).toBe(true);
    }
    await expect(exportDocument(ExportType.AnonymizedPdf, INVOICE_RESULT, 'task')).rejects.toBeInstanceOf(
      UnsupportedExportError,
    );
  });
});
