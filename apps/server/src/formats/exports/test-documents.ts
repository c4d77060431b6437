// Test support: a reviewed DocumentResult built from a real fixture (fixtures/invoices/
// AzureInterior.json, invoice2data's expected fields for that invoice), plus the values that
// break naive writers: markup characters, a control character, a formula, non-Latin text.
import { readFileSync } from 'node:fs';
import { fixture } from '../../testing/fixtures.js';
import type { DocumentResult, Entity, Table, TableCell } from './types.js';

type Line = Record<string, string | number>;
const invoice = (
  JSON.parse(readFileSync(fixture('invoices/AzureInterior.json'), 'utf8')) as Record<string, unknown>[]
)[0] as Record<string, unknown> & { lines: Line[] };

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function entity(category: string, content: string, n: number, confidence = 0.9): Entity {
  return {
    temporaryId: `0.1.e${n}`,
    type: 'field',
    category,
    pageNumber: 1,
    confidence,
    keyValues: [{ pageNumber: 1, content, contentNormalized: content, confidence }],
  };
}

export const TRICKY = {
  markup: `Smith & Sons <b>"Ltd"</b> 'x'`,
  control: 'bell\u0007here',
  formula: '=HYPERLINK("http://evil.example","click")',
  unicode: 'São Paulo — nº 12 · 東京 · 😀',
  multiline: 'line one\nline two, with comma',
};

const scalarFields = Object.entries(invoice).filter(([key, value]) => key !== 'lines' && typeof value !== 'object');
const lineKeys = [...new Set(invoice.lines.flatMap((line) => Object.keys(line)))];

export const LINE_TABLE: Table = {
  rowCount: invoice.lines.length,
  columnCount: lineKeys.length,
  tableHeaders: lineKeys.map((key) => ({ uniqueId: camel(key) })),
  tableRows: Object.fromEntries(
    invoice.lines.map((line, row) => [
      String(row),
      Object.entries(line).map(
        ([key, value]): TableCell => ({
          rowIndex: row,
          columnIndex: lineKeys.indexOf(key),
          content: String(value),
          pageNumber: 1,
        }),
      ),
    ]),
  ),
};

export const INVOICE_RESULT: DocumentResult = {
  averageConfidence: 0.9,
  entities: [
    ...scalarFields.map(([key, value], i) => entity(camel(key), String(value), i)),
    entity('Notes', TRICKY.markup, 100, 0.5),
    entity('Bell', TRICKY.control, 101),
    entity('Formula', TRICKY.formula, 102),
    entity('City', TRICKY.unicode, 103),
    entity('Address', TRICKY.multiline, 104),
    { temporaryId: '0.1.e105', category: 'Missing', pageNumber: 1, keyValues: [], notDetected: true },
  ],
  tables: [LINE_TABLE],
};

export const INVOICE_LINES = invoice.lines;
export const INVOICE_FIELDS = Object.fromEntries(scalarFields.map(([k, v]) => [camel(k), String(v)]));
