// CSV export of a reviewed document, for Excel and scripts alike:
// - RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a comma, quote, CR
//   or LF, quotes doubled;
// - UTF-8 with a byte-order mark, without which Excel reads the file as ANSI and mangles accents;
// - one flat table: a `Type` column tells field rows from table-cell rows, so one file holds both;
// - formula injection (OWASP "CSV injection"): a text value starting with = + - @ or a tab/CR is
//   prefixed with an apostrophe so Excel shows it instead of running it. Plain numbers such as
//   "-12.50" are left alone.

import { safeFileName } from '../file-names.js';
import { fieldRows, tableGrids } from './document-rows.js';
import type { ExportedDocument, ExportFile } from './types.js';

type CsvValue = string | number | null | undefined;

const BOM = '\uFEFF';
const NUMBER = /^[-+]?(\d+([.,]\d+)*|\.\d+)([eE][-+]?\d+)?$/;

/** Neutralises a value a spreadsheet would read as a formula. */
export function defuseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/** Quotes one field per RFC 4180 when needed. */
export function csvField(value: CsvValue): string {
  const text = value == null ? '' : typeof value === 'number' ? String(value) : defuseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export const CSV_COLUMNS = [
  'Type',
  'Category',
  'Group',
  'Page',
  'Table',
  'Row',
  'Column',
  'Value',
  'Normalized value',
  'Confidence',
];

/**
 * The rows of one document under CSV_COLUMNS: its fields, then every table cell, then for a
 * Translation task one `Translation` row per page (category: the pair, value: the page's text).
 */
export function* documentCsvRows(result: ExportedDocument): Generator<CsvValue[]> {
  for (const row of fieldRows(result)) {
    yield ['Field', row.category, row.group, row.page, '', '', '', row.value, row.normalizedValue, row.confidence];
  }
  for (const table of tableGrids(result)) {
    for (const row of table.rows) {
      for (const [column, cell] of row.cells.entries()) {
        yield [
          'TableCell',
          '',
          '',
          row.page,
          table.name,
          row.index,
          table.columns[column],
          cell,
          row.normalized[column],
          null,
        ];
      }
    }
  }
  const translation = result.translation;
  for (const page of translation?.pages ?? []) {
    yield [
      'Translation',
      `${translation?.from}-${translation?.to}`,
      '',
      page.pageNumber,
      '',
      '',
      '',
      page.text,
      '',
      null,
    ];
  }
}

/** A CSV file: the byte-order mark, the header line and the rows. */
export function csvFile(
  header: string[],
  rows: Iterable<CsvValue[]>,
  displayName: string | null | undefined,
): ExportFile {
  let text = BOM + csvLine(header);
  for (const row of rows) text += csvLine(row);
  return {
    fileName: safeFileName(displayName, 'csv'),
    contentType: 'text/csv; charset=utf-8',
    bytes: new TextEncoder().encode(text),
  };
}

export function toCsv(result: ExportedDocument, displayName: string | null | undefined): ExportFile {
  return csvFile(CSV_COLUMNS, documentCsvRows(result), displayName);
}
